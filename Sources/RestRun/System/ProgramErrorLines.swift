import NIOCore
import Synchronization

/// The last lines a program wrote to its standard error, each cut at 400 characters, for the
/// sentence that says it failed.
final class ProgramErrorLines: Sendable {
    /// How many lines are kept.
    let kept: Int
    private let state = Mutex<(lines: [String], partial: [UInt8], ended: Bool)>(([], [], false))

    init(keeping kept: Int) { self.kept = kept }

    func append(_ bytes: ByteBufferView) {
        state.withLock { state in
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    keep(&state.lines, state.partial)
                    state.partial.removeAll(keepingCapacity: true)
                } else if state.partial.count < 400 {
                    state.partial.append(byte)
                }
            }
        }
    }

    func end() {
        state.withLock { state in
            if !state.partial.isEmpty { keep(&state.lines, state.partial) }
            state.partial = []
            state.ended = true
        }
    }

    var isEnded: Bool { state.withLock { $0.ended } }
    var lines: [String] { state.withLock { $0.lines } }

    private func keep(_ lines: inout [String], _ bytes: [UInt8]) {
        var line = String(decoding: bytes, as: UTF8.self)
        while let last = line.last, last == "\r" || last == " " { line.removeLast() }
        guard !line.isEmpty else { return }
        lines.append(line)
        if lines.count > kept { lines.removeFirst(lines.count - kept) }
    }
}
