/// Whether bytes are well-formed UTF-8 (Unicode 3.9, table 3-7): no stray continuation bytes, no overlong forms, no
/// surrogates, nothing above U+10FFFF.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            // The allowed range of the second byte depends on the lead (table 3-7).
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                secondHigh = 0x9F
            case 0xF0:
                length = 4
                secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondHigh = 0x8F
            default: return false
            }
            guard count - index >= length, bytes[index + 1] >= secondLow, bytes[index + 1] <= secondHigh else {
                return false
            }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
