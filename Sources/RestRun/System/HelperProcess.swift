#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import MachO
#endif
import Synchronization

/// A program installed beside rest-run that answers one line of JSON with one line, started on
/// first use and kept for the rest of the process. It talks over a socket pair rather than pipes:
/// a write to a helper that has died fails with an error instead of a SIGPIPE that would end
/// rest-run. A helper that stops, answers too slowly or too much is ended, and the next use starts
/// a new one.
package final class HelperProcess: Sendable {
    /// Why a helper could not answer: one sentence.
    package struct HelperError: Error, Sendable {
        /// The sentence.
        package var message: String
    }

    /// A running helper, lent to one caller at a time.
    package struct Connection {
        fileprivate let socket: Int32
        fileprivate let process: pid_t
        /// Which start of the helper this is: what an earlier one was told, this one does not know.
        package let generation: Int
        fileprivate let name: String
        fileprivate let timeout: Duration
        fileprivate let answerLimit: Int

        /// Sends `line` (without its newline) and returns the answer line.
        package func exchange(_ line: String) throws(HelperError) -> [UInt8] {
            var bytes = Array(line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            var offset = 0
            while offset < bytes.count {
                let sent = bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return send(socket, base + offset, buffer.count - offset, HelperLauncher.sendFlags)
                }
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { throw HelperError(message: "\(name) stopped before it read its request") }
                offset += sent
            }
            var answer: [UInt8] = []
            let deadline = ContinuousClock.now + timeout
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { throw HelperError(message: "\(name) did not answer within \(DurationText.format(timeout))") }
                var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(min(left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
                let polled = poll(&ready, 1, milliseconds)
                if polled < 0, errno == EINTR { continue }
                guard polled >= 0 else { throw HelperError(message: "\(name) cannot be read from") }
                guard polled > 0 else { continue }
                let count = chunk.withUnsafeMutableBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return recv(socket, base, buffer.count, 0)
                }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { throw HelperError(message: "\(name) stopped before it answered") }
                if let end = chunk[..<count].firstIndex(of: UInt8(ascii: "\n")) {
                    answer += chunk[..<end]
                    return answer
                }
                answer += chunk[..<count]
                guard answer.count <= answerLimit else { throw HelperError(message: "\(name) answered more than \(ByteCount.format(answerLimit))") }
            }
        }
    }

    private struct State {
        var connection: Connection?
        var starts = 0
    }

    /// The program's file name, looked for beside rest-run's executable (a build folder) and in
    /// `../lib/rest-run/` from it (where `scripts/install` and the Debian package put it).
    package let name: String
    /// An environment variable that names the program's path, for installs that put it elsewhere.
    package let pathVariable: String
    private let timeout: Duration
    private let answerLimit: Int
    private let state = Mutex(State())
    private let launcher: HelperLauncher


    /// A helper named `name`, found through `pathVariable` or beside rest-run.
    package init(name: String, pathVariable: String, timeout: Duration = .seconds(60), answerLimit: Int = 16 * 1024 * 1024) {
        self.name = name
        self.pathVariable = pathVariable
        self.timeout = timeout
        self.answerLimit = answerLimit
        launcher = HelperLauncher(name: name, pathVariable: pathVariable)
    }

    /// Runs `body` with the helper to itself, starting it first when none runs; a failure ends the
    /// helper.
    package func withConnection<Result>(_ body: (Connection) throws(HelperError) -> Result) throws(HelperError) -> Result {
        try state.withLock { state throws(HelperError) -> Result in
            let connection: Connection
            if let running = state.connection {
                connection = running
            } else {
                state.starts += 1
                connection = try start(generation: state.starts)
                state.connection = connection
            }
            do throws(HelperError) {
                return try body(connection)
            } catch {
                Self.end(connection)
                state.connection = nil
                throw error
            }
        }
    }

    /// Whether the program can be found (it may still fail to start).
    package var isInstalled: Bool { launcher.locate() != nil }

    private func start(generation: Int) throws(HelperError) -> Connection {
        let (socket, process) = try launcher.launch()
        return Connection(socket: socket, process: process, generation: generation, name: name, timeout: timeout, answerLimit: answerLimit)
    }

    private static func end(_ connection: Connection) {
        HelperLauncher.end(socket: connection.socket, process: connection.process)
    }
}
