import CZlib
import Histogram

/// HdrHistogram's standard encoding, the one its Java, Go, Python and JavaScript libraries read
/// and write: the V2 layout of counts (ZigZag LEB128, runs of empty buckets as one negative
/// number), deflated, then base64 (`HISTFAAA…`). Values are microseconds, 3 significant digits,
/// from 1 µs to an hour.
package enum HistogramCoding {
    /// The highest value histograms track: an hour in microseconds; longer values are counted
    /// as an hour.
    package static let highest: UInt64 = 3_600_000_000
    private static let encodingCookie: UInt32 = 0x1c84_9313
    private static let compressedCookie: UInt32 = 0x1c84_9314
    private static let significantDigits = 3
    // The bucket layout of 3 significant digits from 1: 2,048 sub-buckets, half of them 1,024.
    private static let subBucketHalfCountMagnitude = 10
    private static let subBucketHalfCount = 1 << 10
    private static let subBucketCountMagnitude = 11

    /// A histogram as the libraries write it.
    static func encode(_ histogram: Histogram<UInt64>) -> String {
        var counts: [Int: UInt64] = [:]
        var last = -1
        for bucket in histogram.recordedValues() where bucket.count > 0 {
            let index = countsIndex(of: Swift.min(bucket.value, highest))
            counts[index, default: 0] += UInt64(bucket.count)
            last = Swift.max(last, index)
        }
        var payload: [UInt8] = []
        var index = 0
        while index <= last {
            let count = counts[index] ?? 0
            if count == 0 {
                var zeros = 0
                while index <= last, counts[index] == nil { zeros += 1; index += 1 }
                putZigZag(-Int64(zeros), into: &payload)
            } else {
                putZigZag(Int64(clamping: count), into: &payload)
                index += 1
            }
        }
        var encoded: [UInt8] = []
        put32(encodingCookie, into: &encoded)
        put32(UInt32(payload.count), into: &encoded)
        put32(0, into: &encoded)  // normalizing index offset
        put32(UInt32(significantDigits), into: &encoded)
        put64(1, into: &encoded)  // lowest discernible value
        put64(highest, into: &encoded)
        put64(Double(1).bitPattern, into: &encoded)  // integer to double conversion ratio
        encoded += payload
        var compressed: [UInt8] = []
        put32(compressedCookie, into: &compressed)
        let deflated = deflate(encoded)
        put32(UInt32(deflated.count), into: &compressed)
        compressed += deflated
        return Base64.encode(compressed)
    }

    /// The histogram `text` encodes, or nil when it is not HdrHistogram's compressed V2 encoding.
    static func decode(_ text: String) -> Histogram<UInt64>? {
        guard let bytes = Base64.decode(text), bytes.count >= 8, get32(bytes, 0) == compressedCookie else { return nil }
        let length = Int(get32(bytes, 4))
        guard length <= bytes.count - 8, let encoded = inflate(Array(bytes[8..<(8 + length)])), encoded.count >= 40,
            get32(encoded, 0) == encodingCookie
        else { return nil }
        let payloadLength = Int(get32(encoded, 4))
        let offset = Int(Int32(bitPattern: get32(encoded, 8)))
        let lowest = get64(encoded, 16)
        guard payloadLength <= encoded.count - 40, offset == 0, lowest >= 1 else { return nil }
        let unitMagnitude = 63 - lowest.leadingZeroBitCount
        var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        var position = 40
        let end = 40 + payloadLength
        var index = 0
        while position < end {
            guard let value = getZigZag(encoded, &position, end: end) else { return nil }
            if value < 0 {
                guard value > -Int64(Int32.max) else { return nil }
                index += Int(-value)
            } else {
                if value > 0 {
                    guard let bucketValue = Self.value(ofIndex: index, unitMagnitude: unitMagnitude) else { return nil }
                    histogram.record(Swift.min(bucketValue, highest), count: UInt64(value))
                }
                index += 1
            }
        }
        return histogram
    }

    // MARK: The bucket layout

    private static func countsIndex(of value: UInt64) -> Int {
        let mask = UInt64((1 << subBucketCountMagnitude) - 1)
        let bucket = 64 - subBucketCountMagnitude - (value | mask).leadingZeroBitCount
        let subBucket = Int(value >> UInt64(bucket))
        return ((bucket + 1) << subBucketHalfCountMagnitude) + (subBucket - subBucketHalfCount)
    }

    private static func value(ofIndex index: Int, unitMagnitude: Int) -> UInt64? {
        var bucket = (index >> subBucketHalfCountMagnitude) - 1
        var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucket < 0 {
            subBucket -= subBucketHalfCount
            bucket = 0
        }
        let shift = bucket + unitMagnitude
        guard shift < 63 - 12 else { return nil }
        return UInt64(subBucket) << UInt64(shift)
    }

    // MARK: Bytes

    private static func putZigZag(_ value: Int64, into bytes: inout [UInt8]) {
        var zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        for _ in 0..<8 {
            if zigzag < 0x80 {
                bytes.append(UInt8(zigzag))
                return
            }
            bytes.append(UInt8(zigzag & 0x7F) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: zigzag))  // the ninth byte holds eight bits
    }

    private static func getZigZag(_ bytes: [UInt8], _ position: inout Int, end: Int) -> Int64? {
        var result: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard position < end else { return nil }
            let byte = bytes[position]
            position += 1
            if shift == 56 {
                result |= UInt64(byte) << 56
                break
            }
            result |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { break }
        }
        return Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1)
    }

    private static func put32(_ value: UInt32, into bytes: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    private static func put64(_ value: UInt64, into bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func get32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[at + $1]) }
    }

    private static func get64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + $1]) }
    }

    private static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in compress2(out.baseAddress, &length, input.baseAddress, uLong(input.count), Z_DEFAULT_COMPRESSION) }
        }
        return status == Z_OK ? Array(output.prefix(Int(length))) : []
    }

    /// At most 64 MB of counts: far more than any histogram of an hour's range holds.
    private static func inflate(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let result = chunk.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk.prefix(chunk.count - Int(stream.avail_out))
                if result != Z_OK || output.count > 64 * 1024 * 1024 { return result }
            }
        }
        return status == Z_STREAM_END ? output : nil
    }
}
