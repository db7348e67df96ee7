/// Reads the protobuf binary encoding, bounded by the bytes it was given: a length or a varint
/// that runs past the end is an error, never a read beyond it.
struct WireReader {
    struct Malformed: Error {
        var message: String
    }

    /// One field as it arrived.
    enum WireValue {
        case varint(UInt64)
        case fixed64(UInt64)
        case fixed32(UInt32)
        case bytes(ArraySlice<UInt8>)
        /// A group's contents, between its start and end tags.
        case group(ArraySlice<UInt8>)
    }

    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    var isAtEnd: Bool { offset >= bytes.endIndex }

    mutating func varint() throws(Malformed) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.endIndex else { throw Malformed(message: "a number runs past the end of the message") }
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { throw Malformed(message: "a number is longer than 10 bytes") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// The next `count` bytes.
    mutating func takeBytes(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.endIndex - offset >= count else { throw Malformed(message: "a field runs past the end of the message") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// The next field's number and value, or nil at the end.
    mutating func next() throws(Malformed) -> (number: Int32, value: WireValue)? {
        guard !isAtEnd else { return nil }
        let key = try varint()
        let wireType = UInt8(key & 7)
        guard key >> 3 >= 1, key >> 3 <= 536_870_911 else { throw Malformed(message: "a field has number \(key >> 3)") }
        let number = Int32(key >> 3)
        switch wireType {
        case 0: return (number, .varint(try varint()))
        case 1:
            let raw = try takeBytes(8)
            return (number, .fixed64(raw.reversed().reduce(0) { $0 << 8 | UInt64($1) }))
        case 2:
            let length = try varint()
            guard length <= UInt64(Int32.max) else { throw Malformed(message: "a field's length is too large") }
            return (number, .bytes(try takeBytes(Int(length))))
        case 3:
            let start = offset
            var level = 1
            while true {
                guard !isAtEnd else { throw Malformed(message: "a group is not closed") }
                let keyStart = offset
                let innerKey = try varint()
                switch innerKey & 7 {
                case 0: _ = try varint()
                case 1: _ = try takeBytes(8)
                case 2:
                    let length = try varint()
                    guard length <= UInt64(Int32.max) else { throw Malformed(message: "a field's length is too large") }
                    _ = try takeBytes(Int(length))
                case 3: level += 1
                case 4:
                    level -= 1
                    if level == 0 {
                        guard innerKey >> 3 == UInt64(number) else { throw Malformed(message: "a group ends with another group's number") }
                        return (number, .group(bytes[start..<keyStart]))
                    }
                case 5: _ = try takeBytes(4)
                default: throw Malformed(message: "a field has wire type \(innerKey & 7)")
                }
            }
        case 5:
            let raw = try takeBytes(4)
            return (number, .fixed32(raw.reversed().reduce(0) { $0 << 8 | UInt32($1) }))
        default:
            throw Malformed(message: "a field has wire type \(wireType)")
        }
    }
}

