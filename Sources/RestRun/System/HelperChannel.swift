#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// A helper program that answers many requests at once: each request line carries an `id` and so
/// does its answer, which may come in any order. A thread of its own reads the answers, so a
/// caller may wait from async code or, while a file loads, block. Started on first use; when the
/// helper stops, every waiting caller gets an error and the next request starts a new one.
package final class HelperChannel: Sendable {
    private struct Running {
        let socket: Int32
        let process: pid_t
        let generation: Int
    }

    private struct State {
        var running: Running?
        var starts = 0
        var nextID = 1
        var waiting: [Int: @Sendable (Result<[UInt8], HelperProcess.HelperError>) -> Void] = [:]
    }

    private let launcher: HelperLauncher
    private let answerLimit: Int
    private let state = Mutex(State())
    private let writing = Mutex<Void>(())
    /// Every channel made, for `endAll()`.
    private static let channels = Mutex<[HelperChannel]>([])

    /// A helper named `name`, found through `pathVariable` or beside rest-run.
    package init(name: String, pathVariable: String, answerLimit: Int = 256 * 1024 * 1024) {
        launcher = HelperLauncher(name: name, pathVariable: pathVariable)
        self.answerLimit = answerLimit
        Self.channels.withLock { $0.append(self) }
    }

    /// Ends every running helper before rest-run exits: each sees its input end, finishes and is
    /// waited for (at most a second, then killed), so none outlives rest-run and the time it
    /// spent counts as rest-run's own (what `time` and a CI job's accounting see).
    package static func endAll() {
        for channel in channels.withLock({ $0 }) {
            guard let running = channel.state.withLock({ state -> Running? in
                defer { state.running = nil }
                return state.running
            }) else { continue }
            shutdown(running.socket, Int32(SHUT_WR))
            var status: Int32 = 0
            var waited = false
            for _ in 0..<100 {
                let result = waitpid(running.process, &status, WNOHANG)
                if result == running.process || (result < 0 && errno != EINTR) {
                    waited = true
                    break
                }
                usleep(10_000)
            }
            if !waited { HelperLauncher.end(socket: running.socket, process: running.process) } else { close(running.socket) }
        }
    }

    /// The program's name.
    package var name: String { launcher.name }

    /// Whether the program can be found (it may still fail to start).
    package var isInstalled: Bool { launcher.locate() != nil }

    /// Which start of the helper is running now (what an earlier one was told, this one does not
    /// know); starts it when none runs.
    package func generation() throws(HelperProcess.HelperError) -> Int {
        try running().generation
    }

    private func running() throws(HelperProcess.HelperError) -> Running {
        try state.withLock { state throws(HelperProcess.HelperError) -> Running in
            if let running = state.running { return running }
            let (socket, process) = try launcher.launch()
            state.starts += 1
            let running = Running(socket: socket, process: process, generation: state.starts)
            state.running = running
            let thread = DispatchQueue(label: "rest-run.helper.\(launcher.name)")
            thread.async { [self] in read(running) }
            return running
        }
    }

    /// Sends `body` (the members of a JSON object, without braces, that `id` is added to) and
    /// calls `answer` with the answer line once it comes. Returns the generation it went to.
    @discardableResult
    private func send(_ body: String, answer: @escaping @Sendable (Result<[UInt8], HelperProcess.HelperError>) -> Void) -> Int? {
        let running: Running
        do throws(HelperProcess.HelperError) {
            running = try self.running()
        } catch {
            answer(.failure(error))
            return nil
        }
        // The helper reads lines of at most 64 MB (rest-run-grpc's `LineServer.lineLimit`).
        guard body.utf8.count < 64 * 1024 * 1024 - 32 else {
            answer(.failure(HelperProcess.HelperError(message: "the request to \(launcher.name) is larger than 64 MB")))
            return nil
        }
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.waiting[id] = answer
            return id
        }
        var bytes = Array("{\"id\":\(id),\(body)}\n".utf8)
        let sent = writing.withLock { _ -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return sendBytes(running.socket, base + offset, buffer.count - offset)
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        bytes = []
        if !sent { stop(running, because: "\(launcher.name) stopped before it read its request") }
        return running.generation
    }

    /// The answer to `body`, awaited.
    package func ask(_ body: String) async throws(HelperProcess.HelperError) -> [UInt8] {
        let result: Result<[UInt8], HelperProcess.HelperError> = await withCheckedContinuation { continuation in
            send(body) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// The answer to `body`, waited for by blocking this thread (while a file loads), at most
    /// `timeout`.
    package func askBlocking(_ body: String, timeout: Duration = .seconds(60)) throws(HelperProcess.HelperError) -> [UInt8] {
        let semaphore = DispatchSemaphore(value: 0)
        let box = Mutex<Result<[UInt8], HelperProcess.HelperError>?>(nil)
        let generation = send(body) { result in
            box.withLock { $0 = result }
            semaphore.signal()
        }
        let (seconds, attoseconds) = timeout.components
        if semaphore.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))) == .timedOut {
            if let generation {
                state.withLock { state in
                    if let running = state.running, running.generation == generation { stopLocked(&state, running, because: "") }
                }
            }
            if let result = box.withLock({ $0 }) { return try result.get() }
            throw HelperProcess.HelperError(message: "\(launcher.name) did not answer within \(DurationText.format(timeout))")
        }
        guard let result = box.withLock({ $0 }) else { throw HelperProcess.HelperError(message: "\(launcher.name) did not answer") }
        return try result.get()
    }

    private func stop(_ running: Running, because message: String) {
        state.withLock { state in stopLocked(&state, running, because: message) }
    }

    private func stopLocked(_ state: inout State, _ running: Running, because message: String) {
        guard state.running?.generation == running.generation else { return }
        state.running = nil
        let waiting = state.waiting
        state.waiting = [:]
        HelperLauncher.end(socket: running.socket, process: running.process)
        let error = HelperProcess.HelperError(message: message.isEmpty ? "\(launcher.name) stopped" : message)
        for callback in waiting.values { callback(.failure(error)) }
    }

    /// Reads answer lines until the helper stops, handing each to its caller.
    private func read(_ running: Running) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(running.socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                stop(running, because: "\(launcher.name) stopped before it answered")
                return
            }
            var start = 0
            for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
                buffer += chunk[start..<index]
                deliver(buffer)
                buffer = []
                start = index + 1
            }
            buffer += chunk[start..<count]
            guard buffer.count <= answerLimit else {
                stop(running, because: "\(launcher.name) answered more than \(ByteCount.format(answerLimit))")
                return
            }
        }
    }

    /// Hands `line` to the caller its `{"id":N,` names.
    private func deliver(_ line: [UInt8]) {
        let prefix = Array("{\"id\":".utf8)
        guard line.count > prefix.count, line.starts(with: prefix) else { return }
        var id = 0
        for byte in line[prefix.count...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            id = id * 10 + Int(byte - UInt8(ascii: "0"))
            if id > Int(Int32.max) { return }
        }
        let callback = state.withLock { $0.waiting.removeValue(forKey: id) }
        callback?(.success(line))
    }
}

/// `send(2)`, out of the reach of `HelperChannel`'s own `send`.
private func sendBytes(_ socket: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int {
    send(socket, base, count, HelperLauncher.sendFlags)
}
