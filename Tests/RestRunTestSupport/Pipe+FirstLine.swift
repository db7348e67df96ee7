public import Foundation

extension Pipe {
    /// The first line a program wrote to this pipe (what a server prints once it listens), or
    /// all it wrote when it ended first; blocks until then.
    public func firstLine() -> String {
        var line: [UInt8] = []
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        return String(decoding: line, as: UTF8.self)
    }
}
