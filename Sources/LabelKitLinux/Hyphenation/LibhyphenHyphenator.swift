import CHyphen
import Foundation
import LabelKitLayout
import LabelKitText

/// Hyphenation from the Liang patterns LibreOffice, Firefox and Android use: Debian's `hyphen-*` dictionaries under
/// `/usr/share/hyphen`, read with `libhyphen`.
///
/// A language picks its dictionary by tag: `hyph_de_CH.dic` for `de-CH`, then `hyph_de.dic`, then the country of the
/// language's own name (`hyph_de_DE.dic`), then any `hyph_de_*.dic`. A dictionary is loaded the first time a word
/// of its language is hyphenated and kept; a language without one (or an unreadable file) hyphenates nothing, never
/// an error. Each dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN are kept; the dictionaries' non-standard
/// hyphenation (German "Schiff-fahrt" from "Schiffahrt") is not used: only points that keep the word's letters.
///
/// ```swift
/// let english = try LanguageTag("en-US")
/// let word = Array("responsibility".utf16)
/// word.withUnsafeBufferPointer { LibhyphenHyphenator.shared.hyphenationPoints(in: $0, language: english) }
/// // [2, 6, 8, 11]
/// ```
public final class LibhyphenHyphenator: Hyphenator, @unchecked Sendable {
    /// The hyphenator over `/usr/share/hyphen`, shared by the system typesetter.
    public static let shared = LibhyphenHyphenator()

    /// Where the dictionaries are looked for.
    public let directory: String
    /// The loaded dictionaries by file name (nil: looked for and missing or unreadable) and the file chosen per
    /// language tag. `HyphenDict` is only read once loaded, so hyphenating needs no lock; loading takes it.
    private let state = LockedState(State())

    private struct State {
        var dictionaries: [String: LoadedDictionary?] = [:]
        var fileForTag: [LanguageTag: String?] = [:]
    }

    /// A dictionary `libhyphen` loaded; freed with the hyphenator.
    private final class LoadedDictionary: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<HyphenDict>
        let isUTF8: Bool
        init(_ pointer: UnsafeMutablePointer<HyphenDict>) {
            self.pointer = pointer
            isUTF8 = pointer.pointee.utf8 != 0
        }
        deinit { hnj_hyphen_free(pointer) }
    }

    /// A hyphenator reading the dictionaries in `directory`.
    public init(directory: String = "/usr/share/hyphen") {
        self.directory = directory
    }

    /// The points where `word` may be hyphenated in `language`'s dictionary (see ``Hyphenator``): empty without a
    /// dictionary, for a word over 96 code units, or one with a letter outside the dictionary's character set.
    public func hyphenationPoints(in word: UnsafeBufferPointer<UInt16>, language: LanguageTag) -> [Int] {
        guard word.count >= 2, word.count <= 96, let dictionary = dictionary(for: language) else { return [] }
        // The patterns are lower case; a letter whose lower case is not one scalar (İ) leaves the word alone.
        var scalars: [Unicode.Scalar] = []
        var unitOffsets: [Int] = []   // the UTF-16 offset after each scalar
        var offset = 0
        for scalar in String(decoding: word, as: UTF16.self).unicodeScalars {
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            guard lower.count == 1, let first = lower.first else { return [] }
            scalars.append(first)
            offset += scalar.utf16.count
            unitOffsets.append(offset)
        }
        var bytes: [CChar] = []
        if dictionary.isUTF8 {
            for scalar in scalars { bytes.append(contentsOf: String(scalar).utf8.map { CChar(bitPattern: $0) }) }
        } else {
            // ISO 8859-1: one byte per letter, and a letter outside it cannot be in the patterns.
            for scalar in scalars {
                guard scalar.value < 0x100 else { return [] }
                bytes.append(CChar(bitPattern: UInt8(scalar.value)))
            }
        }
        // libhyphen reads the word as a C string too (strstr for the dictionary's NOHYPHEN list): it must end in NUL,
        // which `word_size` does not count.
        let wordSize = Int32(bytes.count)
        bytes.append(0)
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        var positions: UnsafeMutablePointer<Int32>? = nil
        var cuts: UnsafeMutablePointer<Int32>? = nil
        let status = hnj_hyphen_hyphenate3(
            dictionary.pointer, bytes, wordSize, &hyphens, nil, &replacements, &positions, &cuts, 0, 0, 0, 0)
        defer {
            if let replacements {
                for index in 0..<Int(wordSize) { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard status == 0 else { return [] }
        var points: [Int] = []
        // One entry per letter (libhyphen counts characters, not bytes, in a UTF-8 dictionary); odd means a hyphen
        // may follow it. The last letter never takes one.
        for index in 0..<(scalars.count - 1) where hyphens[index] & 1 == 1 {
            if let replacements, replacements[index] != nil { continue }
            points.append(unitOffsets[index])
        }
        return points
    }

    /// The dictionary for `tag`, loaded the first time; nil when there is none.
    private func dictionary(for tag: LanguageTag) -> LoadedDictionary? {
        state.withLock { state -> LoadedDictionary? in
            let file: String?
            if let known = state.fileForTag[tag] {
                file = known
            } else {
                file = dictionaryFile(for: tag)
                state.fileForTag[tag] = file
            }
            guard let file else { return nil }
            if let loaded = state.dictionaries[file] { return loaded }
            let loaded = hnj_hyphen_load("\(directory)/\(file)").map(LoadedDictionary.init)
            state.dictionaries[file] = loaded
            return loaded
        }
    }

    /// The file name of the dictionary for `tag` in ``directory``, or nil.
    private func dictionaryFile(for tag: LanguageTag) -> String? {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let available = Set(files.filter { $0.hasPrefix("hyph_") && $0.hasSuffix(".dic") })
        let language = tag.language.lowercased()
        var candidates: [String] = []
        if let region = tag.region { candidates.append("hyph_\(language)_\(region.uppercased()).dic") }
        candidates.append("hyph_\(language).dic")
        candidates.append("hyph_\(language)_\(language.uppercased()).dic")
        if let match = candidates.first(where: available.contains) { return match }
        return available.filter { $0.hasPrefix("hyph_\(language)_") }.sorted().first
    }
}
