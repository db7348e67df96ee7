#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RestRunHelperProtocol

/// The request lines of standard input, each at most `HelperLimits.requestLine` long: a longer
/// line is handed on as its first bytes, marked, and the rest of it skipped.
package struct RequestLines {
    /// One line, or the start of one that was too long.
    package enum Line {
        case whole([UInt8])
        case tooLong(start: [UInt8])
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    /// The lines of `descriptor`.
    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next line, or nil once the input has ended (a last line without a newline counts).
    package mutating func next() -> Line? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var skipping: [UInt8]?
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if let start = skipping { return .tooLong(start: start) }
                return .whole(line)
            }
            if skipping == nil, buffer.count > HelperLimits.requestLine { skipping = Array(buffer.prefix(64)) }
            if skipping != nil { buffer.removeAll(keepingCapacity: true) }
            guard !ended else {
                if let start = skipping { return .tooLong(start: start) }
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return .whole(buffer)
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { ended = true } else { buffer += chunk[..<count] }
        }
    }
}
