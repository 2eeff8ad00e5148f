import LabelKitLinks
import LabelKitText
import Testing

@Suite("Punycode (RFC 3492)")
struct PunycodeTests {
    /// Samples of RFC 3492 section 7.1 and IANA's test TLDs; the RFC writes the Punycode without `xn--`.
    static let samples: [(unicode: String, punycode: String)] = [
        ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
        ("安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
        ("Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
        ("ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"),
        ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
        ("испытание", "80akhbyknj4f"),
        ("テスト", "zckzah"),
        ("δοκιμή", "jxalpdlp"),
    ]

    @Test("encodes and decodes the RFC's samples", arguments: samples.indices)
    func sample(_ index: Int) {
        let (unicode, punycode) = Self.samples[index]
        let scalars = unicode.unicodeScalars.map(\.value)
        #expect(Punycode.encode(scalars) == punycode)
        #expect(Punycode.decode(punycode.unicodeScalars.map(\.value)) == scalars)
    }

    @Test("invalid Punycode decodes to nil, never a crash")
    func invalid() {
        for text in ["a!", "ü-abc", "zzzzzzzzzzzzzzzzzz", "99999999999", "a-", "-9"] {
            let decoded = Punycode.decode(text.unicodeScalars.map(\.value))
            if text == "a-" {
                #expect(decoded == [0x61], "a lone basic part is valid")
            } else {
                #expect(decoded == nil, "\(text)")
            }
        }
    }
}
