import NIOCore
import NIOPosix
import RestRunEventLoops

/// Runs a plan's files as iterations under a profile: one iteration is one pass through one
/// file's requests in order, with a fresh scope and cookie jar; with several files, iterations
/// take them in turn. Open model: iterations start on the schedule whether or not earlier ones
/// have finished, and one that finds `max_in_flight` iterations running is dropped. Closed
/// model: `vus` loops back to back until the duration ends. Cancelling the calling task
/// (Ctrl-C) ends it; what ran is in the recorder.
package struct LoadRun: Sendable {
    /// The session the files were loaded in (variables, headers, delegates, the redactor).
    package var session: RunSession
    /// The profile.
    package var profile: LoadProfile
    /// Where everything is counted.
    package var recorder: LoadRecorder

    /// A run.
    package init(session: RunSession, profile: LoadProfile, recorder: LoadRecorder) {
        self.session = session
        self.profile = profile
        self.recorder = recorder
    }

    /// Runs `plan`'s files until the profile ends (or the task is cancelled).
    package func run(_ plan: ExecutionPlan) async throws {
        let files = plan.files
        guard !files.isEmpty else { return }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        let lanes = group.makeIterator().map(EventLoopExecutor.init)
        let runner = session.runner()
        let hooks = DelegateHooks(session.networkingDelegates)
        let recorder = recorder
        let profile = profile
        let work = Task(executorPreference: lanes[0]) { () -> Result<Void, any Error> in
            do {
                var settings = plan.clientSettings
                settings.connectionsPerHost = Swift.max(8, profile.vus ?? profile.inFlightLimit)
                settings.ownConnections = true
                try await Self.withPools(settings, lanes: lanes) { pools in
                    // Made once for each closed-model loop (each open-model iteration): a copy of the
                    // runner and its observer for every iteration counted a reference for each part.
                    let iterations: @Sendable (_ closed: Bool) -> Iterate = { closed in
                        let observer = LoadIterationObserver(recorder: recorder)
                        var iterationRunner = runner
                        iterationRunner.observer = observer
                        // A plan of one file, the usual one, passes that file without copying it out of the list.
                        let only = files.count == 1 ? files[0] : nil
                        return { [iterationRunner] index, lane, scheduled in
                            // A closed loop's `begin()` counted the start already.
                            if !closed { recorder.started(lag: .now - scheduled) }
                            observer.restart(at: scheduled)
                            let networking = Networker(pool: pools[lane], hooks: hooks.addingCookies(CookieJar()))
                            if let only {
                                _ = await iterationRunner.run(only, networking: networking)
                            } else {
                                _ = await iterationRunner.run(files[index % files.count], networking: networking)
                            }
                            recorder.completed()
                        }
                    }
                    if profile.isClosed {
                        await Self.closed(profile, lanes: lanes, recorder: recorder, iterations: iterations)
                    } else {
                        await Self.open(profile, lanes: lanes, recorder: recorder, iterations: iterations)
                    }
                }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        let outcome = await withTaskCancellationHandler { await work.value } onCancel: { work.cancel() }
        try? await group.shutdownGracefully()
        try outcome.get()
    }

    /// One pool per lane, each on its lane's loop alone: an iteration's requests, their
    /// connections and the task that awaits them share one thread.
    private static func withPools(
        _ settings: ClientSettings, lanes: [EventLoopExecutor], _ body: ([HTTPClientPool]) async throws -> Void
    ) async throws {
        func make(_ made: [HTTPClientPool]) async throws {
            guard made.count < lanes.count else { return try await body(made) }
            try await HTTPClientPool.with(settings, eventLoopGroup: lanes[made.count].eventLoop) { pool in
                try await make(made + [pool])
            }
        }
        try await make([])
    }

    /// One iteration: its number, its lane and when it was due.
    private typealias Iterate = @Sendable (Int, Int, ContinuousClock.Instant) async -> Void

    private static func open(
        _ profile: LoadProfile, lanes: [EventLoopExecutor], recorder: LoadRecorder, iterations: @escaping @Sendable (Bool) -> Iterate
    ) async {
        let limit = profile.inFlightLimit
        var schedule = LoadSchedule(profile)
        var index = 0
        await withDiscardingTaskGroup { group in
            while let time = schedule.nextTime() {
                let due = recorder.start + .nanoseconds(Int64(time * 1e9))
                if due > .now {
                    do { try await Task.sleep(until: due, tolerance: .microseconds(50), clock: .continuous) } catch { break }
                }
                if Task.isCancelled { break }
                let number = index
                index += 1
                if recorder.schedule(at: due, limit: limit) {
                    let lane = number % lanes.count
                    group.addTask(executorPreference: lanes[lane]) { await iterations(false)(number, lane, due) }
                }
            }
            // The run lasts the profile's length at least, so that its last second is whole.
            let end = recorder.start + .nanoseconds(Int64(profile.seconds * 1e9))
            if !Task.isCancelled, end > .now { try? await Task.sleep(until: end, clock: .continuous) }
        }
    }

    private static func closed(
        _ profile: LoadProfile, lanes: [EventLoopExecutor], recorder: LoadRecorder, iterations: @escaping @Sendable (Bool) -> Iterate
    ) async {
        let loops = profile.vus ?? 1
        let end = recorder.start + (profile.duration ?? .zero)
        await withDiscardingTaskGroup { group in
            for loop in 0..<loops {
                let lane = loop % lanes.count
                group.addTask(executorPreference: lanes[lane]) {
                    let iteration = iterations(true)
                    var number = loop
                    while ContinuousClock.now < end, !Task.isCancelled {
                        recorder.begin()
                        await iteration(number, lane, .now)
                        number += loops
                    }
                }
            }
        }
    }
}
