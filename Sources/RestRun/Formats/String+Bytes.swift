#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether the text's UTF-8 holds `byte`, found with `memchr` over the bytes in place: the
    /// UTF-8 view's `contains` costs several times more per byte, and loading asks this of
    /// every scalar.
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        } ?? utf8.contains(byte)
    }
}
