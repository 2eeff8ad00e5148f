import Foundation
import LabelKit
import LabelKitJSON

/// What an option's value is: how the command line's text becomes a value, how a batch record's JSON does, and what
/// `--help` shows for it.
///
/// The kinds below cover the options of `labelkit`; a command with a value of its own kind (a script, a list of
/// points) makes one with ``init(placeholder:batchForm:parse:decode:)``.
///
/// ```swift
/// OptionValue.number(minimum: 0)                            // --width 120   "width":120
/// OptionValue<TruncationMode>.choice(placeholder: "MODE")  // --truncate head
/// OptionValue.numbers(["before", "after"], minimum: 0)      // --paragraph-spacing 4,10   "paragraphSpacing":[4,10]
/// ```
struct OptionValue<Value: Sendable>: Sendable {
    /// What `--help` writes after the option's name (`PX`, `N`, `T,L,B,R`); nil for a flag, which takes no value.
    let placeholder: String?
    /// How a batch record writes the value when it is more than one number or string (`[before,after]`), for help
    /// and for the message about a missing key.
    let batchForm: String?
    /// The value the command line's text stands for.
    let parse: @Sendable (String) throws(OptionValueError) -> Value
    /// The value a batch record's member stands for, nil for a member that counts as absent (null); nil when no
    /// record can hold a value of this kind.
    let decode: (@Sendable (JSONValue) throws(OptionValueError) -> Value?)?

    /// A kind of value of its own.
    init(
        placeholder: String?, batchForm: String? = nil,
        parse: @escaping @Sendable (String) throws(OptionValueError) -> Value,
        decode: (@Sendable (JSONValue) throws(OptionValueError) -> Value?)? = nil
    ) {
        self.placeholder = placeholder
        self.batchForm = batchForm
        self.parse = parse
        self.decode = decode
    }

    /// The same text and JSON, read as another value: `OptionValue.numbers(["t", "l", "b", "r"], minimum: 0)` read as
    /// `EdgeInsets` with `.map { EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]) }`.
    func map<Mapped: Sendable>(_ transform: @escaping @Sendable (Value) -> Mapped) -> OptionValue<Mapped> {
        let parse = self.parse
        let mappedParse: @Sendable (String) throws(OptionValueError) -> Mapped = { (text) throws(OptionValueError) in
            transform(try parse(text))
        }
        var mappedDecode: (@Sendable (JSONValue) throws(OptionValueError) -> Mapped?)? = nil
        if let decode = self.decode {
            mappedDecode = { (json) throws(OptionValueError) in try decode(json).map(transform) }
        }
        return OptionValue<Mapped>(
            placeholder: placeholder, batchForm: batchForm, parse: mappedParse, decode: mappedDecode)
    }

    /// A number as help and messages write it: whole numbers without a decimal point.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

extension OptionValue where Value == Bool {
    /// A flag on the command line (`--tighten`), `true` or `false` in a batch record (`"tighten":true`).
    static var switchable: Self {
        Self(
            placeholder: nil, parse: { (_) throws(OptionValueError) in true },
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .bool(let value): return value
                default: throw .mustBe("true or false")
                }
            })
    }
}

extension OptionValue where Value == Double {
    /// A scale: a number above 0 and at most 1, `--min-scale 0.5`, `"minScale":0.5`.
    static var scale: Self {
        let requirement = "a number > 0 and ≤ 1"
        return Self(
            placeholder: "F",
            parse: { (text) throws(OptionValueError) in
                guard let value = Double(text), value > 0, value <= 1 else { throw .needs(requirement) }
                return value
            },
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .number(let value) where value > 0 && value <= 1: return value
                default: throw .needs(requirement)
                }
            })
    }

    /// A finite number, at least `minimum` when there is one: `--width 120`, `"width":120`.
    static func number(minimum: Double? = nil, placeholder: String = "PX") -> Self {
        let lowest = minimum ?? -.infinity
        let requirement = minimum.map { "a number ≥ \(format($0))" } ?? "a number"
        return Self(
            placeholder: placeholder,
            parse: { (text) throws(OptionValueError) in
                guard let value = Double(text), value.isFinite, value >= lowest else { throw .needs(requirement) }
                return value
            },
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .number(let value) where value.isFinite && value >= lowest: return value
                default: throw .needs(requirement)
                }
            })
    }
}

extension OptionValue where Value == Int {
    /// A whole number, at least `minimum`: `--lines 2`, `"lines":2`.
    static func wholeNumber(minimum: Int, placeholder: String = "N") -> Self {
        let requirement = "a whole number ≥ \(minimum)"
        return Self(
            placeholder: placeholder,
            parse: { (text) throws(OptionValueError) in
                guard let value = Int(text), value >= minimum else { throw .needs(requirement) }
                return value
            },
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .number(let number) where number >= Double(minimum) && number == number.rounded():
                    guard let value = Int(exactly: number) else { throw .phrase("must be below 2^63") }
                    return value
                default: throw .needs(requirement)
                }
            })
    }
}

extension OptionValue where Value == String {
    /// Any text: `--font "Noto Sans"`, `"font":"Noto Sans"` (null is not a string).
    static func string(placeholder: String) -> Self {
        Self(
            placeholder: placeholder, parse: { (text) throws(OptionValueError) in text },
            decode: { (json) throws(OptionValueError) in
                guard case .string(let text) = json else { throw .needs("a string") }
                return text
            })
    }
}

extension OptionValue where Value == Bool {
    /// A flag: present or not, with no value of its own.
    static var flag: Self {
        Self(placeholder: nil, parse: { (_) throws(OptionValueError) in true })
    }
}

extension OptionValue where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the cases of an enumeration, by raw value: `--truncate head`. A value near one of them is suggested:
    /// `--text-style must be one of largeTitle|…, not 'largetitle'; did you mean largeTitle?`.
    static func choice(placeholder: String) -> Self {
        Self(
            placeholder: placeholder,
            parse: { (text) throws(OptionValueError) in
                guard let value = Value(rawValue: text) else { throw Value.unknownChoice(text) }
                return value
            },
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .string(let text):
                    guard let value = Value(rawValue: text) else { throw Value.unknownChoice(text) }
                    return value
                default: throw .mustBe("one of \(Value.choices)")
                }
            })
    }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// The raw values, as help and messages list them: `head|middle|tail|clip`.
    static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }

    /// The raw value `text` is near enough to have been meant (``EditDistance/nearest(to:among:)``), if one is.
    static func nearestChoice(to text: String) -> String? {
        EditDistance.nearest(to: text, among: allCases.map(\.rawValue))
    }

    /// The error of `text`, which is none of the raw values: it lists them, and names the one `text` is near.
    static func unknownChoice(_ text: String) -> OptionValueError {
        .mustBe("one of \(choices)", suggestion: nearestChoice(to: text))
    }
}

extension OptionValue where Value == [Double] {
    /// As many numbers as `names`, each at least `minimum`: `--paragraph-spacing 4,10` on the command line, and in a
    /// record `"paragraphSpacing":[4,10]` or the command line's `"4,10"`.
    ///
    /// - Parameters:
    ///   - names: What each number is, as a record's form shows them (`[before,after]`); the command line's
    ///     messages write them in capitals (`BEFORE,AFTER`).
    ///   - placeholder: What help writes after the option's name; the capitalised names by default.
    static func numbers(_ names: [String], minimum: Double, placeholder: String? = nil) -> Self {
        let count = names.count
        let countName = [2: "two", 3: "three", 4: "four"][count] ?? String(count)
        let minimumText = OptionValue<Double>.format(minimum)
        let written = names.map { $0.uppercased() }.joined(separator: ",")
        let requirement = "\(countName) numbers ≥ \(minimumText) as \(written)"
        let batchForm = "[" + names.joined(separator: ",") + "]"
        let batchRequirement = "\(batchForm) with numbers ≥ \(minimumText)"
        let parse = { @Sendable (text: String) throws(OptionValueError) -> [Double] in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            let values = parts.compactMap { $0 }
            guard parts.count == count, values.count == count, values.allSatisfy({ $0.isFinite && $0 >= minimum })
            else { throw .needs(requirement) }
            return values
        }
        return Self(
            placeholder: placeholder ?? written, batchForm: batchForm, parse: parse,
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .array(let items) where items.count == count:
                    let values = items.compactMap { item -> Double? in
                        guard case .number(let value) = item, value.isFinite, value >= minimum else { return nil }
                        return value
                    }
                    if values.count == count { return values }
                case .string(let text):
                    if let values = try? parse(text) { return values }
                default: break
                }
                throw .needs(batchRequirement)
            })
    }
}

extension OptionValue where Value == Range<Int> {
    /// A range of UTF-16 offsets: `--range 9,4` (START,LENGTH), `"range":[9,4]`.
    static var utf16Range: Self {
        Self(
            placeholder: "START,LENGTH", batchForm: "[start,length]",
            parse: { (text) throws(OptionValueError) in
                let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 2, let start = parts[0], let length = parts[1] else {
                    throw .needs("START,LENGTH with whole numbers ≥ 0")
                }
                guard let range = range(start: start, length: length) else {
                    throw .needs("START,LENGTH with whole numbers ≥ 0")
                }
                return range
            },
            decode: { (json) throws(OptionValueError) in
                if case .null = json { return nil }
                guard case .array(let pair) = json, pair.count == 2, case .number(let start) = pair[0],
                    case .number(let length) = pair[1], let start = Int(exactly: start),
                    let length = Int(exactly: length), let range = range(start: start, length: length)
                else { throw .needs("[start,length] with whole numbers ≥ 0") }
                return range
            })
    }

    private static func range(start: Int, length: Int) -> Range<Int>? {
        guard start >= 0, length >= 0, start <= Int.max - length else { return nil }
        return start..<(start + length)
    }
}

extension OptionValue where Value == LinkKinds {
    /// Comma-separated link kinds: `url,email,phone,mention,hashtag,cashtag` or `all`.
    static var linkKinds: Self {
        Self(
            placeholder: "KINDS",
            parse: { (text) throws(OptionValueError) in
                do throws(LinkKindsParseError) {
                    return try LinkKinds(names: text)
                } catch {
                    throw .detail(error.description)
                }
            })
    }
}

extension OptionValue where Value == LanguageTag {
    /// A BCP 47 language tag, checked and written in its canonical case: `--lang zh-Hans`, `"lang":"zh-Hans"` (null
    /// is no value).
    static var languageTag: Self {
        Self(
            placeholder: "TAG",
            parse: { (text) throws(OptionValueError) in
                do throws(LanguageTagError) {
                    return try LanguageTag(text)
                } catch {
                    throw .detail(error.description)
                }
            },
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .string(let text):
                    do throws(LanguageTagError) {
                        return try LanguageTag(text)
                    } catch {
                        throw .detail(error.description)
                    }
                default: throw .needs("a BCP 47 language tag as a string")
                }
            })
    }
}

extension OptionValue where Value == TextScale {
    /// A text scale, as ``LabelKitText/TextScale`` allows (0.5 to 3): `--text-scale 1.5`, `"textScale":1.5`.
    static var textScale: Self {
        let range = TextScale.range
        let requirement =
            "a number from \(OptionValue<Double>.format(range.lowerBound)) to \(OptionValue<Double>.format(range.upperBound))"
        return Self(
            placeholder: "F",
            parse: { (text) throws(OptionValueError) in
                guard let number = Double(text), let scale = try? TextScale(number) else { throw .needs(requirement) }
                return scale
            },
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .number(let number): if let scale = try? TextScale(number) { return scale }
                default: break
                }
                throw .needs(requirement)
            })
    }
}
