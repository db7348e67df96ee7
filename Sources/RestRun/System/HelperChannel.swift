#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import NIOCore
import NIOPosix
package import RestRunHelperProtocol
import Synchronization

/// A helper program that answers many requests at once, over one connection carried by an event
/// loop: each request line carries an id (`HelperEnvelope`) and so does its answer, which may come
/// in any order. Every request has a deadline, kept on rest-run's side whatever the helper does:
/// when it passes (or the asking task is cancelled) the caller gets an error at once, and the
/// helper is told to give the request up (or, one that cannot, is restarted). A helper that stops,
/// answers a line that matches no request, or answers more than `HelperLimits.answerLine` in one
/// line is ended, every caller waiting on it gets one sentence, and the next request starts a new
/// one.
package final class HelperChannel: Sendable {
    private struct Running {
        let channel: EventLoopFuture<any Channel>
        let process: pid_t
        let generation: Int
    }

    private struct Waiting {
        let generation: Int
        let complete: @Sendable (Result<HelperAnswer, HelperError>) -> Void
        var timer: Scheduled<Void>?
    }

    private struct State {
        var running: Running?
        var starts = 0
        var nextID = 1
        var waiting: [Int: Waiting] = [:]
        /// Requests given up (their deadline passed, or their task was cancelled), by generation:
        /// the one answer each may still get is ignored.
        var givenUp: [Int: Int] = [:]
    }

    /// Where an answer line goes.
    private enum Routing {
        case deliver(Waiting)
        case ignore
        case broken
    }

    private let launcher: HelperLauncher
    private let cancels: Bool
    private let answerLimit: Int
    private let state = Mutex(State())
    private let loop: any EventLoop
    /// Every channel made, for `endAll()`.
    private static let channels = Mutex<[HelperChannel]>([])

    /// A helper named `name`, found through `pathVariable` or beside rest-run. `cancels` says
    /// whether it gives up a request when told to; one that does not is restarted when a request
    /// outlives its deadline, as it is still busy with it.
    package init(name: String, pathVariable: String, cancels: Bool, answerLimit: Int = HelperLimits.answerLine) {
        launcher = HelperLauncher(name: name, pathVariable: pathVariable)
        self.cancels = cancels
        self.answerLimit = answerLimit
        loop = MultiThreadedEventLoopGroup.singleton.next()
        Self.channels.withLock { $0.append(self) }
    }

    /// The program's name.
    package var name: String { launcher.name }

    /// The longest answer line read.
    var longestAnswer: Int { answerLimit }

    /// Whether the program can be found (it may still fail to start).
    package var isInstalled: Bool { launcher.locate() != nil }

    /// Which start of the helper is running now; starts it when none runs.
    package func generation() throws(HelperError) -> Int {
        let (running, isNew) = try state.withLock { state throws(HelperError) in try self.running(&state) }
        if isNew { watch(running) }
        return running.generation
    }

    // MARK: Asking

    /// The answer to `request` (a JSON object), awaited at most `limit`; the task's cancellation
    /// ends the wait at once.
    package func ask(_ request: JSONValue, within limit: Duration) async throws(HelperError) -> HelperAnswer {
        let sent = Mutex<Int?>(nil)
        let result: Result<HelperAnswer, HelperError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let id = send(request, within: limit) { continuation.resume(returning: $0) }
                sent.withLock { $0 = id }
                // Cancelled before the id was known: the handler below found none to give up.
                if Task.isCancelled, let id { abandon(id) }
            }
        } onCancel: {
            if let id = sent.withLock({ $0 }) { abandon(id) }
        }
        return try result.get()
    }

    /// The answer to `request`, waited for by blocking this thread (a thread of the loader's or
    /// the mock's pool, never an event loop or a task's) at most `limit`.
    package func askBlocking(_ request: JSONValue, within limit: Duration) throws(HelperError) -> HelperAnswer {
        let semaphore = DispatchSemaphore(value: 0)
        let box = Mutex<Result<HelperAnswer, HelperError>?>(nil)
        send(request, within: limit) { result in
            box.withLock { $0 = result }
            semaphore.signal()
        }
        // The deadline's timer ends the wait; this bound only guards against a loop that stopped.
        let (seconds, attoseconds) = (limit + .seconds(2)).components
        _ = semaphore.wait(timeout: .now() + .nanoseconds(Int(min(seconds, 86_400)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        guard let result = box.withLock({ $0 }) else { throw HelperError(message: "\(name) did not answer within \(DurationText.format(limit))") }
        return try result.get()
    }

    /// Sends `request` under a new id; `complete` is called once, with the answer or why there is
    /// none. Returns the id, or nil when the request could not be sent (`complete` was called).
    @discardableResult
    private func send(_ request: JSONValue, within limit: Duration, complete: @escaping @Sendable (Result<HelperAnswer, HelperError>) -> Void) -> Int? {
        let started: Result<(Running, Bool, Int), HelperError> = state.withLock { state in
            do throws(HelperError) {
                let (running, isNew) = try self.running(&state)
                let id = state.nextID
                state.nextID += 1
                state.waiting[id] = Waiting(generation: running.generation, complete: complete)
                return .success((running, isNew, id))
            } catch {
                return .failure(error)
            }
        }
        guard case let .success((running, isNew, id)) = started else {
            if case let .failure(error) = started { complete(.failure(error)) }
            return nil
        }
        if isNew { watch(running) }
        let line = HelperEnvelope.line(id: id, request)
        guard line.count <= HelperLimits.requestLine else {
            finish(id, with: .failure(HelperError(message: "the request to \(name) is larger than \(ByteCount.format(HelperLimits.requestLine))")))
            return nil
        }
        let timer = loop.scheduleTask(in: Self.amount(limit)) { [self] in expire(id, after: limit) }
        let armed = state.withLock { state in
            guard state.waiting[id] != nil else { return false }
            state.waiting[id]?.timer = timer
            return true
        }
        if !armed { timer.cancel() }
        running.channel.whenSuccess { [self] channel in
            channel.writeAndFlush(ByteBuffer(bytes: line)).whenFailure { [self] _ in
                stop(running.generation, because: "\(name) stopped before it read its request")
            }
        }
        return id
    }

    /// The helper running now, and whether it was started now (`watch` it, outside the lock).
    private func running(_ state: inout State) throws(HelperError) -> (Running, isNew: Bool) {
        if let running = state.running { return (running, false) }
        let (socket, process) = try launcher.launch()
        state.starts += 1
        let generation = state.starts
        let channel = ClientBootstrap(group: loop)
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HelperLineDecoder(limit: answerLimit)))
                    try channel.pipeline.syncOperations.addHandler(HelperAnswerHandler(channel: self, generation: generation))
                }
            }
            .withConnectedSocket(socket)
        let running = Running(channel: channel, process: process, generation: generation)
        state.running = running
        return (running, true)
    }

    /// Ends a start of the helper whose connection could not be set up.
    private func watch(_ running: Running) {
        running.channel.whenFailure { [self] error in
            stop(running.generation, because: "cannot talk to \(name): \(error)")
        }
    }

    // MARK: Answers

    /// Hands the answer `line` from start `generation` to the caller whose id it names; a line
    /// that names none (and no request answered or given up before) ends the helper.
    func deliver(_ line: ByteBuffer, from generation: Int) {
        let bytes = line.readableBytesView
        guard let id = HelperEnvelope.id(atStartOf: bytes), let (json, attachment) = HelperEnvelope.answer(bytes) else {
            stop(generation, because: "\(name) answered a line that is not an answer to a request (it was restarted)")
            return
        }
        let routing = state.withLock { state -> Routing in
            guard state.running?.generation == generation else { return .ignore }
            if let waiting = state.waiting.removeValue(forKey: id) { return .deliver(waiting) }
            return state.givenUp.removeValue(forKey: id) != nil ? .ignore : .broken
        }
        switch routing {
        case .deliver(let waiting):
            waiting.timer?.cancel()
            waiting.complete(.success(HelperAnswer(json: json, attachment: attachment.map(Array.init), generation: generation)))
        case .ignore:
            break
        case .broken:
            stop(generation, because: "\(name) answered request \(id), which it was not asked or answered already (it was restarted)")
        }
    }

    /// Completes request `id`, if it still waits.
    private func finish(_ id: Int, with result: Result<HelperAnswer, HelperError>) {
        guard let waiting = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return }
        waiting.timer?.cancel()
        waiting.complete(result)
    }

    /// Removes request `id` from those waiting, and keeps it as given up.
    private func giveUpWaiting(_ id: Int) -> Waiting? {
        state.withLock { state in
            guard let waiting = state.waiting.removeValue(forKey: id) else { return nil }
            if state.running?.generation == waiting.generation { state.givenUp[id] = waiting.generation }
            return waiting
        }
    }

    /// Request `id`'s deadline passed.
    private func expire(_ id: Int, after limit: Duration) {
        guard let waiting = giveUpWaiting(id) else { return }
        waiting.complete(.failure(HelperError(message: "\(name) did not answer within \(DurationText.format(limit))")))
        giveUp(id, generation: waiting.generation)
    }

    /// The task waiting on request `id` was cancelled.
    private func abandon(_ id: Int) {
        guard let waiting = giveUpWaiting(id) else { return }
        waiting.timer?.cancel()
        waiting.complete(.failure(HelperError(message: "the request to \(name) was cancelled")))
        giveUp(id, generation: waiting.generation)
    }

    /// Tells the helper to give request `id` up, or restarts one that cannot.
    private func giveUp(_ id: Int, generation: Int) {
        guard cancels else {
            stop(generation, because: "\(name) was restarted: a request to it passed its deadline")
            return
        }
        let running = state.withLock { state in state.running?.generation == generation ? state.running : nil }
        running?.channel.whenSuccess { channel in
            channel.writeAndFlush(ByteBuffer(bytes: HelperEnvelope.cancelLine(id: id)), promise: nil)
        }
    }

    /// Ends start `generation` of the helper, if it still runs: every request waiting on it gets
    /// `message`.
    func stop(_ generation: Int, because message: String) {
        let ended = state.withLock { state -> (Running, [Waiting])? in
            guard let running = state.running, running.generation == generation else { return nil }
            state.running = nil
            let waiting = state.waiting.values.filter { $0.generation == generation }
            state.waiting = state.waiting.filter { $0.value.generation != generation }
            state.givenUp = [:]
            return (running, Array(waiting))
        }
        guard let (running, waiting) = ended else { return }
        let error = HelperError(message: message)
        for waiter in waiting {
            waiter.timer?.cancel()
            waiter.complete(.failure(error))
        }
        running.channel.whenSuccess { $0.close(promise: nil) }
        let process = running.process
        // Reaped off the loop: waiting for a process is no work for an event loop.
        DispatchQueue.global().async {
            kill(process, SIGKILL)
            var status: Int32 = 0
            while waitpid(process, &status, 0) < 0, errno == EINTR {}
        }
    }

    // MARK: Ending

    /// Ends every running helper before rest-run exits: each sees its input end, finishes and is
    /// waited for (at most a second, then killed), so none outlives rest-run and the time it
    /// spent counts as rest-run's own (what `time` and a CI job's accounting see).
    package static func endAll() {
        for helper in channels.withLock({ $0 }) {
            guard let (running, healthy) = helper.state.withLock({ state -> (Running, Bool)? in
                defer { state.running = nil }
                // One that left a request unanswered is not waited for.
                return state.running.map { ($0, state.givenUp.isEmpty && state.waiting.isEmpty) }
            }) else { continue }
            running.channel.whenSuccess { $0.close(mode: .output, promise: nil) }
            var status: Int32 = 0
            var waited = false
            for _ in 0..<(healthy ? 100 : 0) {
                let result = waitpid(running.process, &status, WNOHANG)
                if result == running.process || (result < 0 && errno != EINTR) {
                    waited = true
                    break
                }
                usleep(10_000)
            }
            if !waited {
                kill(running.process, SIGKILL)
                while waitpid(running.process, &status, 0) < 0, errno == EINTR {}
            }
            running.channel.whenSuccess { $0.close(promise: nil) }
        }
    }

    private static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds >= Int64.max / 1_000_000_000 ? Int64.max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
