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

extension String {
    /// Whether `piece` occurs in the text, as `contains(_:)` compares characters. When both are
    /// ASCII and `piece` holds no line break (the only ASCII pair that is one character is
    /// CR LF), every byte is a character and a search of bytes answers the same, several times
    /// faster than the search by characters; `piece` is short enough that the search by bytes
    /// stays linear in the text.
    func containsText(_ piece: String) -> Bool {
        let fast = utf8.withContiguousStorageIfAvailable { text -> Bool? in
            piece.utf8.withContiguousStorageIfAvailable { needle -> Bool? in
                guard let textBase = text.baseAddress, let needleBase = needle.baseAddress, !needle.isEmpty else { return nil }
                guard needle.count <= 64, !needle.contains(where: { $0 >= 0x80 || $0 == 0x0A || $0 == 0x0D }),
                    !text.contains(where: { $0 >= 0x80 })
                else { return nil }
                guard needle.count <= text.count else { return false }
                let first = Int32(needleBase.pointee)
                var offset = 0
                let last = text.count - needle.count
                while offset <= last, let found = memchr(textBase + offset, first, last - offset + 1) {
                    let position = textBase.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(textBase + position, needleBase, needle.count) == 0 { return true }
                    offset = position + 1
                }
                return false
            } ?? nil
        } ?? nil
        return fast ?? contains(piece)
    }
}
