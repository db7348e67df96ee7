/// Punycode (RFC 3492) decoding, to tell a well-formed `xn--` host name label from a broken one.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    /// The Unicode text of a label's part after `xn--`, or nil when it is not valid Punycode.
    static func decode(_ input: Substring) -> String? {
        let scalars = Array(input.unicodeScalars)
        guard scalars.allSatisfy(\.isASCII), !scalars.isEmpty else { return nil }
        var output: [UInt32] = []
        var rest = scalars[...]
        if let delimiter = scalars.lastIndex(of: "-") {
            output = scalars[..<delimiter].map(\.value)
            rest = scalars[(delimiter + 1)...]
            if rest.isEmpty { return output.isEmpty ? nil : String(String.UnicodeScalarView(output.compactMap(UnicodeScalar.init))) }
        }
        var n = initialN, i = 0, bias = initialBias
        var index = rest.startIndex
        while index < rest.endIndex {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard index < rest.endIndex, let digit = digitValue(rest[index]) else { return nil }
                index += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < threshold { break }
                let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - threshold)
                guard !weightOverflow, nextWeight <= Int(Int32.max) else { return nil }
                weight = nextWeight
                k += base
            }
            bias = adapt(i - oldI, output.count + 1, oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF, UnicodeScalar(UInt32(n)) != nil else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        return String(String.UnicodeScalarView(output.compactMap(UnicodeScalar.init)))
    }

    private static func digitValue(_ scalar: UnicodeScalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value) - 0x30 + 26
        case 0x41...0x5A: Int(scalar.value) - 0x41
        case 0x61...0x7A: Int(scalar.value) - 0x61
        default: nil
        }
    }

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
