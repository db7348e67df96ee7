/// Writes the protobuf binary encoding: tags, varints, fixed-width numbers and length-delimited
/// bytes.
package struct WireWriter {
    /// What was written.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer.
    package init() {}

    /// A varint.
    package mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// A field's tag: its number and wire type.
    package mutating func tag(_ number: Int32, _ wireType: UInt8) {
        varint(UInt64(UInt32(bitPattern: number)) << 3 | UInt64(wireType))
    }

    /// Four bytes, little-endian.
    package mutating func fixed32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// Eight bytes, little-endian.
    package mutating func fixed64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// A length, then the bytes.
    package mutating func lengthDelimited(_ payload: [UInt8]) {
        varint(UInt64(payload.count))
        bytes += payload
    }

    /// Bytes as they are.
    package mutating func append(_ raw: [UInt8]) { bytes += raw }
}
