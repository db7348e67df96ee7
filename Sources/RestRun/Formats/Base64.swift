/// Standard Base64 (RFC 4648, with padding).
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Encodes bytes.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            output.append(alphabet[Int(first >> 2)])
            output.append(alphabet[Int((first & 0x03) << 4 | (second ?? 0) >> 4)])
            output.append(second.map { alphabet[Int(($0 & 0x0F) << 2 | (third ?? 0) >> 6)] } ?? UInt8(ascii: "="))
            output.append(third.map { alphabet[Int($0 & 0x3F)] } ?? UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes text, ignoring white space; `nil` when it is not Base64.
    package static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - 65)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - 71)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte + 4)
            case UInt8(ascii: "+"), UInt8(ascii: "-"): values.append(62)
            case UInt8(ascii: "/"), UInt8(ascii: "_"): values.append(63)
            case UInt8(ascii: "="): padding += 1
            case 0x20, 0x0A, 0x0D, 0x09: continue
            default: return nil
            }
            if padding > 0, byte != UInt8(ascii: "=") { return nil }
        }
        guard padding <= 2, values.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            let a = chunk[chunk.startIndex], b = chunk.count > 1 ? chunk[chunk.startIndex + 1] : 0
            output.append(a << 2 | b >> 4)
            if chunk.count > 2 { output.append(b << 4 | chunk[chunk.startIndex + 2] >> 2) }
            if chunk.count > 3 { output.append(chunk[chunk.startIndex + 2] << 6 | chunk[chunk.startIndex + 3]) }
            index += 4
        }
        return output
    }
}
