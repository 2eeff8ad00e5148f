/// Punycode (RFC 3492): how an internationalised host label is written in ASCII (`例え` ↔ `r8jz45g`, shown in
/// a host as `xn--r8jz45g`).
///
/// Link detection encodes the hosts of targets with it and decodes `xn--` labels to check which scripts they
/// are really written in. `package` so that its tests can run RFC 3492's samples.
package enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128
    /// Labels longer than this are refused: DNS allows 63 bytes, and decoding inserts into an array.
    private static let maximumLength = 1024

    /// The Punycode of `scalars` (without the `xn--` prefix), or `nil` when it cannot be encoded.
    package static func encode(_ scalars: [UInt32]) -> String? {
        guard scalars.count <= maximumLength else { return nil }
        var output: [UInt8] = []
        for scalar in scalars where scalar < 0x80 { output.append(UInt8(scalar)) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(0x2D) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < scalars.count {
            guard let next = scalars.lazy.map({ Int($0) }).filter({ $0 >= n }).min() else { return nil }
            guard (next - n) <= (Int(Int32.max) - delta) / (handled + 1) else { return nil }
            delta += (next - n) * (handled + 1)
            n = next
            for scalar in scalars {
                let value = Int(scalar)
                if value < n {
                    delta += 1
                    guard delta < Int(Int32.max) else { return nil }
                }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias: bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, count: handled + 1, isFirst: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The scalars a Punycode label (without `xn--`) stands for, or `nil` when it is not valid Punycode.
    package static func decode<Label: Collection<UInt32>>(_ label: Label) -> [UInt32]? {
        let input = Array(label)
        guard input.count <= maximumLength else { return nil }
        let delimiter = input.lastIndex(of: 0x2D)
        var output: [UInt32] = []
        for scalar in input[..<(delimiter ?? 0)] {
            guard scalar < 0x80 else { return nil }
            output.append(scalar)
        }
        var position = delimiter.map { $0 + 1 } ?? 0
        var n = initialN
        var i = 0
        var bias = initialBias
        while position < input.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < input.count, let value = digitValue(input[position]) else { return nil }
                position += 1
                guard value <= (Int(Int32.max) - i) / weight else { return nil }
                i += value * weight
                let t = threshold(k, bias: bias)
                if value < t { break }
                guard weight <= Int(Int32.max) / (base - t) else { return nil }
                weight *= base - t
                k += base
            }
            let length = output.count + 1
            bias = adapt(i - oldI, count: length, isFirst: oldI == 0)
            guard i / length <= Int(Int32.max) - n else { return nil }
            n += i / length
            i %= length
            guard n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        return output
    }

    private static func threshold(_ k: Int, bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    private static func adapt(_ delta: Int, count: Int, isFirst: Bool) -> Int {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(0x61 + value) : UInt8(0x30 + value - 26)
    }

    private static func digitValue(_ c: UInt32) -> Int? {
        switch c {
        case 0x30...0x39: Int(c) - 0x30 + 26
        case 0x41...0x5A: Int(c) - 0x41
        case 0x61...0x7A: Int(c) - 0x61
        default: nil
        }
    }
}
