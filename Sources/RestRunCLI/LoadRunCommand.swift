import ArgumentParser
import RestRun
import RestRunMock

/// `rest-run load FILE...`: the files' requests as iterations under a profile, measured from
/// when each should have started, with thresholds as a CI gate.
struct LoadRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run request files as load (the default of rest-run load).",
        discussion: """
            A profile comes from the command line or else from the first file's load: key.
            Open model: --rate with --duration, or --phase (repeatable, in order). Closed model:
            --vus with --duration.

            EXIT CODES:
              0    every threshold held (failed requests alone do not fail a load run)
              1    usage error
              2    an invalid file
              3    the run could not start: nothing answered at all
              4    a threshold failed
              130  interrupted (the reports hold what ran)
            """)

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("Iterations started a second (open model), such as 200/s; with --duration.", valueName: "RATE"))
    var rate: RateArgument?

    @Option(help: ArgumentHelp("How long the run lasts: with --rate or --vus (30s, 2m).", valueName: "DURATION"))
    var duration: DurationArgument?

    @Option(name: .customLong("phase"), help: ArgumentHelp("A phase of the open model: 30s:200/s at a constant rate, 10s:20/s-200/s a linear ramp; repeatable, in order.", valueName: "D:R[-R2]"))
    var phases: [PhaseArgument] = []

    @Option(help: ArgumentHelp("Closed model: this many loops back to back, with --duration.", valueName: "N"))
    var vus: Int?

    @Option(name: .customLong("max-in-flight"), help: ArgumentHelp("The most iterations in flight at once; one that finds no room is dropped and counted. (default: 1000)", valueName: "N"))
    var maxInFlight: Int?

    @Option(name: .customLong("threshold"), help: ArgumentHelp("A bound that fails the run (exit 4): 'p95<200ms', 'error_rate<1%', 'rate>=190/s', 'dropped==0', or one request's, 'checkout: p99<800ms'; repeatable.", valueName: "BOUND"))
    var thresholds: [String] = []

    @Option(help: ArgumentHelp("Apply 1/N of the profile (rates, max-in-flight, loops), as shard K of N machines; merge the reports with rest-run load merge.", valueName: "K/N"))
    var shard: ShardArgument?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write the summary as JSON, with HdrHistograms (- for standard output).", valueName: "FILE"), completion: .file())
    var reportJSON: String?

    @Option(name: .customLong("report-html"), help: ArgumentHelp("Write a self-contained HTML page: latency over time, rate against the target, the latency distribution.", valueName: "FILE"), completion: .file(extensions: ["html"]))
    var reportHTML: String?

    @Option(name: .customLong("report-ndjson"), help: ArgumentHelp("Write the run as it goes, one JSON object a line: run_started, progress each second, run_finished (- for standard output).", valueName: "FILE"), completion: .file(extensions: ["ndjson", "jsonl"]))
    var reportNDJSON: String?

    @Option(name: [.customShort("H"), .customLong("header")], help: SharedOptionHelp.header)
    var headers: [HeaderArgument] = []

    @Flag(help: SharedOptionHelp.insecure)
    var insecure = false

    @Option(help: SharedOptionHelp.cacert, completion: .file(extensions: ["pem", "crt"]))
    var cacert: String?

    @Option(help: SharedOptionHelp.proxy)
    var proxy: String?

    @Option(help: SharedOptionHelp.resolve)
    var resolve: [ResolveArgument] = []

    @Option(help: SharedOptionHelp.timeout)
    var timeout: DurationArgument?

    @Option(name: .customLong("tag"), help: SharedOptionHelp.tag)
    var tags: [String] = []

    @Option(name: .customLong("exclude-tag"), help: SharedOptionHelp.excludeTag)
    var excludedTags: [String] = []

    @Option(name: .customLong("name"), help: SharedOptionHelp.name)
    var names: [String] = []

    @Option(help: SharedOptionHelp.mock, completion: .file(extensions: ["yaml", "yml", "json"]))
    var mock: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        try input.validate()
        if input.paths.isEmpty, input.globs.isEmpty { throw ValidationError("name the request files to run as load") }
        if let vus, !(1...100_000).contains(vus) { throw ValidationError("--vus takes a number from 1 to 100000") }
        if let maxInFlight, !(1...1_000_000).contains(maxInFlight) { throw ValidationError("--max-in-flight takes a number from 1 to 1000000") }
        if vus != nil, rate != nil || !phases.isEmpty { throw ValidationError("--vus is the closed model: give it --duration, not --rate or --phase") }
        if rate != nil, !phases.isEmpty { throw ValidationError("give --rate and --duration, or --phase, not both") }
        if (rate != nil || vus != nil), duration == nil { throw ValidationError("--\(rate != nil ? "rate" : "vus") needs --duration (for example --duration 30s)") }
        if duration != nil, rate == nil, vus == nil { throw ValidationError("--duration goes with --rate or --vus") }
        for text in thresholds {
            if case let .failure(error) = LoadThreshold.parse(text) {
                throw ValidationError("--threshold '\(text)': expected \(error.expected)")
            }
        }
        let toStandardOutput = [reportJSON, reportHTML, reportNDJSON].filter { $0 == "-" }
        if toStandardOutput.count > 1 { throw ValidationError("only one report can go to standard output") }
        if let cacert, let problem = FileSystem.readableFileProblem(cacert) { throw ValidationError("--cacert: \(problem)") }
    }

    /// The profile the command line gives, if any.
    private var commandLineProfile: LoadProfile? {
        var profile = LoadProfile(maxInFlight: maxInFlight)
        if let vus {
            profile.vus = vus
            profile.duration = duration?.duration
        } else if let rate, let duration {
            profile.phases = [LoadPhase(duration: duration.duration, rate: rate.perSecond)]
        } else if !phases.isEmpty {
            profile.phases = phases.map(\.phase)
        } else {
            return nil
        }
        return profile
    }

    func run() async throws {
        Interruption.listen()
        let context = try CommandContext(paths: try input.files(), input: input, output: output, reportsToStandardOutput: [reportJSON, reportHTML, reportNDJSON].contains("-"))
        var session = context.session
        var server: MockServer?
        if let mock {
            server = try await RunCommand.startMock(mock, printer: context.printer, stderr: context.stderr)
            session.mockURL = server?.url
        }
        let environment = ProcessEnvironment.current
        session.environment = input.environment(over: environment, variables: session.variables)
        session.defaults.timeout = timeout?.duration
        try ConnectionSettings(
            headers: headers, insecure: insecure, cacert: cacert, proxy: proxy, resolve: resolve, tags: tags, excludedTags: excludedTags, names: names
        ).apply(to: &session, environment: environment)
        session.delegates = PluginStore.delegates()
        let code = await load(session, context: context, environment: environment)
        await server?.shutdown()
        if code != .success { throw ArgumentParser.ExitCode(code.rawValue) }
    }

    private func load(_ session: RunSession, context: CommandContext, environment: [String: String]) async -> RestRun.ExitCode {
        let loaded = await session.load()
        context.report(invalid: loaded.invalid, of: session.paths.count, running: false)
        guard loaded.invalid.isEmpty else { return .invalidFile }
        let plan: ExecutionPlan
        do {
            plan = try session.plan(loaded)
        } catch {
            context.stderr.write("error: \(error)\n")
            return .usage
        }
        guard plan.invalid.isEmpty else {
            context.report(invalid: plan.invalid, of: session.paths.count, running: false)
            return .invalidFile
        }
        guard !plan.files.isEmpty else {
            context.stderr.write("error: no request is selected to run as load\n")
            return .usage
        }
        let declared = plan.files.lazy.compactMap { $0.file.load?.profile }.first
        guard var profile = commandLineProfile ?? declared else {
            context.stderr.write("error: give a load profile: --rate and --duration, --phase, or --vus and --duration (or load: in the file)\n")
            return .usage
        }
        if let maxInFlight { profile.maxInFlight = maxInFlight }
        let shardText = shard.map { "\($0.index)/\($0.count)" } ?? "1/1"
        if let shard { profile = profile.sharded(shard.index, of: shard.count) }
        if profile.isClosed, profile.vus == 0 {
            context.stderr.write("error: shard \(shardText) has no loop: there are fewer loops (--vus) than shards\n")
            return .usage
        }
        var thresholdList = plan.files.flatMap { $0.file.load?.thresholds ?? [] }
        thresholdList += thresholds.compactMap { if case let .success(threshold) = LoadThreshold.parse($0) { threshold } else { nil } }
        let events: NDJSONStream?
        do {
            events = try reportNDJSON.map { path throws(FileSystem.ReadError) in
                try NDJSONStream(path: path, standardOutput: context.reportOutput, redactor: session.redactor)
            }
        } catch {
            context.stderr.write("error: \(error.message)\n")
            return .usage
        }
        defer { events?.close() }
        events?.started(command: "load", files: plan.files.map(\.file.path), requests: plan.requestCount)
        let recorder = LoadRecorder()
        let progress = progressTask(recorder, seconds: profile.seconds, sink: context.stdout, environment: environment)
        let streamed = events.map { eventTask(recorder, seconds: profile.seconds, stream: $0) }
        let run = LoadRun(session: session, profile: profile, recorder: recorder)
        let work = Task { try await run.run(plan) }
        let interruption = Interruption { work.cancel() }
        let failure: (any Error)?
        do { try await work.value; failure = nil } catch { failure = error }
        interruption.end()
        progress?.cancel()
        streamed?.cancel()
        _ = await progress?.value
        _ = await streamed?.value
        let summary = recorder.summary(profile: profile, shard: shardText, duration: recorder.elapsed())
        let verdicts = summary.check(thresholdList)
        let code = finish(summary, verdicts: verdicts, context: context, interrupted: interruption.happened, failure: failure, nothingListens: recorder.nothingListens)
        events?.emit("run_finished", Self.finished(summary, verdicts: verdicts, code: code))
        return code
    }

    /// `run_finished`'s members: requests without an error as passed, those whose status or
    /// checks failed as failed, those with no usable response as errors.
    private static func finished(_ summary: LoadSummary, verdicts: [LoadSummary.ThresholdVerdict], code: RestRun.ExitCode) -> [(String, DecodedValue)] {
        let total = summary.total
        let failed = (total.errorKinds["status"] ?? 0) + (total.errorKinds["expectation"] ?? 0)
        let iterations = summary.iterations
        return [
            ("passed", .integer(total.count - total.errors)), ("failed", .integer(failed)), ("errors", .integer(total.errorKinds["network"] ?? 0)),
            ("skipped", .integer(0)), ("exit_code", .integer(Int(code.rawValue))), ("duration_ms", .number((summary.duration * 1000).rounded())),
            ("interrupted", .bool(code == .interrupted)),
            ("iterations", .object(fromPairs: [
                ("scheduled", .integer(iterations.scheduled)), ("started", .integer(iterations.started)),
                ("completed", .integer(iterations.completed)), ("dropped", .integer(iterations.dropped)),
            ])),
            ("thresholds", .array(verdicts.map { verdict in
                .object(fromPairs: [
                    ("expression", .string(verdict.threshold.expression)), ("request", verdict.threshold.request.map(DecodedValue.string) ?? .null),
                    ("actual", .string(verdict.actual)), ("ok", .bool(verdict.held)),
                ])
            })),
        ]
    }

    /// Writes a `progress` line to `stream` every second.
    private func eventTask(_ recorder: LoadRecorder, seconds: Double, stream: NDJSONStream) -> Task<Void, Never> {
        Task {
            var previous: (elapsed: Double, completed: Int)?
            while !Task.isCancelled {
                do { try await Task.sleep(for: .seconds(1)) } catch { break }
                let now = recorder.progress()
                let rate = now.rate(since: previous)
                stream.emit("progress", [
                    ("elapsed_s", .number((now.elapsed * 1000).rounded() / 1000)), ("duration_s", .number(seconds)),
                    ("completed", .integer(now.completed)), ("rate", .number((rate * 10).rounded() / 10)), ("in_flight", .integer(now.inFlight)),
                    ("dropped", .integer(now.dropped)), ("errors", .integer(now.errors)),
                    ("p50_ms", .number((now.p50 * 1000).rounded() / 1000)), ("p99_ms", .number((now.p99 * 1000).rounded() / 1000)),
                ])
                previous = (now.elapsed, now.completed)
            }
        }
    }

    private func finish(
        _ summary: LoadSummary, verdicts: [LoadSummary.ThresholdVerdict], context: CommandContext, interrupted: Bool, failure: (any Error)?, nothingListens: Bool
    ) -> RestRun.ExitCode {
        if !output.quiet {
            context.stdout.write(LoadConsole.summary(summary, verdicts: verdicts, colors: output.colors(for: context.stdout)))
        }
        if let problem = LoadReports.write(summary, verdicts: verdicts, json: reportJSON, html: reportHTML, standardOutput: context.reportOutput) {
            context.stderr.write("error: \(problem)\n")
            return .runtimeError
        }
        if interrupted { return .interrupted }
        if let failure {
            context.stderr.write("error: the load run stopped: \(failure)\n")
            return .runtimeError
        }
        if nothingListens {
            context.stderr.write("error: the run could not start: every request found nothing listening (connection refused)\n")
            return .runtimeError
        }
        return verdicts.allSatisfy(\.held) ? .success : .expectationFailed
    }

    /// Prints progress: on a terminal a line redrawn every second, in CI (or when standard
    /// output is not a terminal) a plain line every 10 s; nothing with --quiet.
    private func progressTask(_ recorder: LoadRecorder, seconds: Double, sink: any TextSink, environment: [String: String]) -> Task<Void, Never>? {
        guard !output.quiet, ![reportJSON, reportHTML, reportNDJSON].contains("-") else { return nil }
        let live = sink.isTerminal && environment["CI"] == nil
        return Task {
            var previous: (elapsed: Double, completed: Int)?
            while !Task.isCancelled {
                do { try await Task.sleep(for: .seconds(live ? 1 : 10)) } catch { break }
                let now = recorder.progress()
                let line = LoadConsole.progress(now, of: seconds, previous: previous)
                sink.write(live ? "\r\u{1B}[K" + line : line + "\n")
                previous = (now.elapsed, now.completed)
            }
            if live, previous != nil { sink.write("\r\u{1B}[K") }
        }
    }
}
