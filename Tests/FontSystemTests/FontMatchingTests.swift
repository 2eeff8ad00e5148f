import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

/// Primary matching, fallback and sharing, against the fonts Debian installs here
/// (fonts-dejavu-core and fonts-dejavu-extra, fonts-noto-cjk, fonts-noto-color-emoji).
@Suite struct FontMatchingTests {
    let fonts = SystemFontSystem.shared
    let dejaVu = FontDescriptor(family: "DejaVu Sans")

    @Test func dejaVuSansResolvesToDejaVuSans() throws {
        let face = try #require(try fonts.face(for: dejaVu) as? SystemFontFace)
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.filePath.hasSuffix("DejaVuSans.ttf"))
        #expect(face.weight == .regular)
        #expect(!face.hasColorGlyphs)
    }

    @Test func familyNamesMatchCaseInsensitively() throws {
        let lower = try fonts.face(for: FontDescriptor(family: "dejavu sans"))
        #expect(lower === (try fonts.face(for: dejaVu)))
    }

    @Test func boldResolvesToTheBoldFace() throws {
        let face = try fonts.systemFace(for: FontDescriptor(family: "DejaVu Sans", weight: .bold))
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.styleName == "Bold")
        #expect(face.weight == .bold)
        #expect(face.filePath.hasSuffix("DejaVuSans-Bold.ttf"))
    }

    /// DejaVu Sans Oblique is fonts-dejavu-extra's: with fonts-dejavu-core alone fontconfig slants the upright face.
    @Test func italicResolvesToTheObliqueFace() throws {
        let face = try fonts.systemFace(for: FontDescriptor(family: "DejaVu Sans", italic: true))
        #expect(face.styleName == "Oblique")
    }

    @Test func unknownFamilyThrowsNoMatchNamingIt() {
        let request = FontDescriptor(family: "No Such Family 123")
        #expect(throws: FontError.noMatch(request)) { try fonts.face(for: request) }
        #expect(FontError.noMatch(request).description.contains("No Such Family 123"))
    }

    @Test func genericFamiliesAreAccepted() throws {
        for family in ["sans-serif", "serif", "monospace"] {
            let face = try fonts.face(for: FontDescriptor(family: family))
            #expect(!face.familyName.isEmpty)
        }
    }

    @Test func japaneseFallsBackToNotoSansCJKJP() throws {
        for cluster in ["日", "本", "あ", "カ"] {
            let face = try #require(fonts.fallback(for: cluster, descriptor: dejaVu))
            #expect(face.familyName == "Noto Sans CJK JP", "for \(cluster)")
        }
    }

    @Test func boldJapaneseFallsBackToABoldCJKFace() throws {
        let bold = FontDescriptor(family: "DejaVu Sans", weight: .bold)
        let face = try #require(fonts.fallback(for: "日", descriptor: bold) as? SystemFontFace)
        #expect(face.familyName == "Noto Sans CJK JP")
        #expect(face.weight == .bold)
    }

    @Test func emojiFallsBackToNotoColorEmoji() throws {
        for cluster in ["😀", "👍🏽", "👨‍👩‍👧", "🇯🇵", "❤️"] {
            let face = try #require(
                fonts.fallback(for: cluster, descriptor: dejaVu, emojiPresentation: true) as? SystemFontFace)
            #expect(face.familyName == "Noto Color Emoji", "for \(cluster)")
            #expect(face.hasColorGlyphs)
        }
    }

    @Test func digitsAndHashStayInTheTextFace() throws {
        let face = try fonts.face(for: dejaVu)
        for scalar in "#*0123456789".unicodeScalars {
            #expect(face.covers(scalar))
            #expect(fonts.fallback(for: String(scalar), descriptor: dejaVu) == nil)
        }
    }

    @Test func coveredTextNeedsNoFallback() {
        for cluster in ["a", "é", "e\u{301}", "Ω", "ß"] {
            #expect(fonts.fallback(for: cluster, descriptor: dejaVu) == nil, "for \(cluster)")
        }
    }

    @Test func facesAreShared() throws {
        let first = try fonts.face(for: dejaVu)
        let second = try fonts.face(for: FontDescriptor(family: "DejaVu Sans", weight: FontWeight(rawValue: 450)))
        #expect(first === second)
        let cjk1 = try #require(fonts.fallback(for: "日", descriptor: dejaVu))
        let cjk2 = try #require(fonts.fallback(for: "本", descriptor: dejaVu))
        #expect(cjk1 === cjk2)
        // A second instance has its own configuration but finds the same files.
        let other = try SystemFontSystem().systemFace(for: dejaVu)
        #expect(other.filePath == (first as? SystemFontFace)?.filePath)
    }

    @Test func concurrentLookupsAgree() async throws {
        let fonts = SystemFontSystem()
        // fontconfig loads on a thread of its own while the lookups below start: they wait for it (make tsan).
        fonts.startLoading()
        let descriptors = [
            dejaVu, FontDescriptor(family: "DejaVu Sans", weight: .bold),
            FontDescriptor(family: "DejaVu Serif", italic: true), FontDescriptor(family: "DejaVu Sans Mono"),
        ]
        let results = await withTaskGroup(of: [ObjectIdentifier].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var ids: [ObjectIdentifier] = []
                    for descriptor in descriptors {
                        guard let face = try? fonts.face(for: descriptor) else { return [] }
                        ids.append(ObjectIdentifier(face))
                        for cluster in ["日", "😀", "a"] {
                            let fallback = fonts.fallback(
                                for: cluster, descriptor: descriptor, emojiPresentation: cluster == "😀")
                            ids.append(fallback.map { ObjectIdentifier($0) } ?? ObjectIdentifier(fonts))
                        }
                        var buffer = ShapedGlyphBuffer()
                        let units = Array("office AV".utf16)
                        units.withUnsafeBufferPointer {
                            face.shape($0, range: 0..<$0.count, options: ShapingOptions(size: 15), into: &buffer)
                        }
                        if buffer.count == 0 { return [] }
                    }
                    return ids
                }
            }
            var all: [[ObjectIdentifier]] = []
            for await ids in group { all.append(ids) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { !$0.isEmpty && $0 == results[0] })
    }
}
