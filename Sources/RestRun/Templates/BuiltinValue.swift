#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The values a template can read without declaring them: `{{$uuid}}`, `{{$timestamp}}`,
/// `{{$random_int}}`. Each use produces a fresh value.
package enum BuiltinValue: String, Sendable, CaseIterable {
    /// A random version-4 UUID, lower case.
    case uuid = "$uuid"
    /// Seconds since 1970-01-01 UTC, as an integer.
    case timestamp = "$timestamp"
    /// A random integer from 0 to 999,999.
    case randomInt = "$random_int"

    /// A fresh value.
    package func generate() -> DecodedValue {
        switch self {
        case .uuid:
            var bytes = (0..<16).map { _ in UInt8.random(in: 0...255) }
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
            let groups = [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]]
            return .string(groups.map { $0.joined() }.joined(separator: "-"))
        case .timestamp:
            return .integer(Int(time(nil)))
        case .randomInt:
            return .integer(Int.random(in: 0...999_999))
        }
    }
}
