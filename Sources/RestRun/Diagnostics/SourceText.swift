package import RestRunYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request file's text, kept so that any mark in it can become a `SourceLocation` with its line.
package struct SourceText: Sendable {
    /// The path as the user gave it.
    package let path: String
    /// The whole text.
    package let text: String
    /// Where each line starts, as a UTF-8 offset into `text`.
    private let lineStarts: [Int]

    /// Wraps `text` read from `path`.
    package init(path: String, text: String) {
        self.path = path
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        // A newline byte is always a line break; `memchr` finds them faster than a loop over the
        // bytes, and this runs over every byte of every file loaded.
        lineStarts = text.utf8.withContiguousStorageIfAvailable { bytes in
            var offsets = [0]
            guard let base = bytes.baseAddress else { return offsets }
            offsets.reserveCapacity(bytes.count / 16 + 1)
            var offset = 0
            while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset) {
                offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                offsets.append(offset)
            }
            return offsets
        } ?? [0]
    }

    /// The number of lines (a final line break starts one more, empty line).
    package var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line, without its line break; `nil` past the end.
    package func line(_ number: Int) -> Substring? {
        guard let range = lineRange(number) else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        var end = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") { end = utf8.index(before: end) }
        return text[start..<end]
    }

    /// Where a 1-based line sits in `text` (UTF-8 offsets, its line break excluded); `nil` past the end.
    private func lineRange(_ number: Int) -> Range<Int>? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let end = number < lineStarts.count ? lineStarts[number] - 1 : text.utf8.count
        return lineStarts[number - 1]..<end
    }

    /// The location of `mark` in this file, with the line's text.
    package func location(_ mark: Mark) -> SourceLocation {
        guard let range = lineRange(mark.line) else { return SourceLocation(file: path, line: mark.line, column: mark.column) }
        return SourceLocation(file: path, line: mark.line, column: mark.column, text: text, lineRange: range)
    }

    /// The location `offset` characters to the right of `mark`, on the same line.
    package func location(_ mark: Mark, offset: Int) -> SourceLocation {
        location(Mark(line: mark.line, column: mark.column + offset))
    }
}
