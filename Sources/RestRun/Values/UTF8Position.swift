/// Where the first byte that is not valid UTF-8 stands in a file, for messages that point at it.
enum UTF8Position {
    /// The 1-based line and column (in characters) of the first invalid byte, or of the end when
    /// every byte is valid.
    static func firstInvalidByte(in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            guard length > 0 else { break }
            if bytes[index] == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return (line, column)
    }

    /// The byte offset of the first invalid byte, or nil when all bytes are valid UTF-8.
    static func firstInvalidOffset(in array: [UInt8]) -> Int? {
        var index = 0
        // Plain ASCII, the usual case, needs no sequence checks.
        while index < array.count, array[index] < 0x80 { index += 1 }
        while index < array.count {
            let length = validSequenceLength(array, at: index)
            guard length > 0 else { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629), or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
