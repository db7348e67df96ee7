import Logging
import NIOCore
import NIOPosix
import RestRunEventLoops

/// A whole run as named stages: `load` the request files, `plan` what runs, `execute` it, and
/// `report` it (`ReportWriter`). The CLI's `run` command is its options and these calls; a library
/// user can run a suite the same way without the CLI.
///
/// ```swift
/// let session = RunSession(paths: ["requests/smoke.yaml"])
/// let loaded = await session.load()
/// let plan = try session.plan(loaded)
/// let results = try await session.execute(plan)
/// ```
public struct RunSession: Sendable {
    /// The request files to load, in order.
    public var paths: [String]
    /// `--var`, `--vars-file` and `--secret` values: they override files' defaults and fill
    /// `${NAME}` ahead of the environment.
    public var variables: [String: DecodedValue] = [:]
    /// The embedded mock server's URL (`--mock`): `{{mock_url}}`, unless a variable of that name
    /// is given, and the base URL of files that set none. Without it, a `mock_url` variable given
    /// as text is that base URL.
    public var mockURL: String?
    /// The variable that holds `mockURL`.
    public static let mockURLVariable = "mock_url"
    /// The environment `${NAME}` reads.
    public var environment: [String: String] = [:]
    /// The decoders `decode:` may name.
    public var registry: DecoderRegistry = .builtIn
    /// Options under every file's own (`--timeout`, `--max-body`, `--insecure`), applied once,
    /// when the files load.
    public var defaults = TransportOptions()
    /// Which requests go through a proxy (`--proxy`, `HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY`).
    public var proxy: ProxyRules?
    /// Host names connected to at another address (`--resolve`).
    public var resolve: [String: String] = [:]
    /// The retry policy of requests that set none (`--retry`).
    public var defaultRetry: RetryPolicy?
    /// Headers for every request whose file or request does not set them (`-H`).
    public var headers: [(name: String, value: String)] = []
    /// Which requests run (`--tag`, `--name`).
    public var filter = RequestFilter()
    /// How many files run at once.
    public var jobs = 1
    /// How many times the whole set runs.
    public var repeats = 1
    /// How many passes of the set run first, through the same connections, without being
    /// reported or counted (`--warmup`).
    public var warmups = 0
    /// Whether the first failing request stops the run.
    public var failFast = false
    /// What `expect: snapshot:` does: records missing snapshots unless told otherwise.
    package var snapshots = SnapshotMode.record
    /// Where the files each request file reads are noted (`--watch`); nil notes nothing.
    package var readLog: ReadLog?
    /// Delegates every request's networker gets after the built-in ones (plugins, logging).
    public var delegates: [any NetworkingDelegate] = []
    /// Whether every response body is kept even when nothing reads it (`--very-verbose`).
    public var keepsAllBodies = false
    /// Hides secrets everywhere the run prints or writes.
    public var redactor = Redactor()
    /// The text of the request file read from standard input (`-`), named `<stdin>` in `paths`
    /// and in messages; its relative paths are read from the working directory.
    public var standardInput: String?
    /// How `paths` names the request file read from standard input.
    public static let standardInputPath = "<stdin>"

    /// Creates a session for `paths` with default settings.
    public init(paths: [String]) { self.paths = paths }

    // MARK: Load

    /// What loading found: the files that loaded, those that did not (as results with their
    /// diagnostics), and the names the loaded files refer to.
    public struct Loaded: Sendable {
        /// The files that loaded, in order.
        public var files: [RequestFile]
        /// One result per file that could not be loaded.
        public var invalid: [FileResult]
        /// Every `{{name}}` and `${NAME}` the files refer to.
        public var referencedNames: Set<String>
    }

    /// Loads every file; an invalid one is kept as a result, and the others still load. Files
    /// load side by side, one per core.
    public func load() async -> Loaded {
        var loader = RequestFileLoader(
            environment: environment, decoderNames: registry.names, predefinedVariables: Set(runVariables.keys))
        loader.defaults = RequestOptions(transport: defaults, retry: defaultRetry)
        loader.defaultHeaders = headers
        loader.variableValues = runVariables
        loader.resolve = resolve
        let outcomes = await Concurrently.map(paths, width: System.coreCount) { [loader, standardInput, readLog] path in
            await BlockingWork.run {
                FileSystem.$readOwner.withValue(readLog.map { FileSystem.ReadOwner(log: $0, owner: path) }) {
                    Result { () throws(DiagnosticList) in
                        if path == Self.standardInputPath, let standardInput {
                            return try loader.load(text: standardInput, path: path)
                        }
                        return try loader.load(path: path)
                    }
                }
            }
        }
        var loaded = Loaded(files: [], invalid: [], referencedNames: loader.referencedNames)
        for (path, outcome) in zip(paths, outcomes) {
            switch outcome ?? .failure(DiagnosticList([])) {
            case .success(let file): loaded.files.append(file)
            case .failure(let error): loaded.invalid.append(FileResult(invalidFile: path, problems: error.diagnostics))
            }
        }
        return loaded
    }

    // MARK: Plan

    /// A filter that selects no request of the loaded files: one sentence saying so.
    public struct NothingSelected: Error, Sendable, CustomStringConvertible {
        /// The sentence.
        public var description: String
    }

    /// What the run does: every loaded file planned once (see `ExecutionPlan`); throws when the
    /// filter selects nothing.
    public func plan(_ loaded: Loaded) throws(NothingSelected) -> ExecutionPlan {
        if let problem = Self.selectionProblem(loaded.files, filter: filter) { throw NothingSelected(description: problem) }
        let planner = Planner(registry: registry, filter: filter, keepsAllBodies: keepsAllBodies)
        var plan = planner.plan(loaded.files, invalid: loaded.invalid, passes: repeats, warmups: warmups)
        plan.clientSettings.proxy = proxy
        plan.clientSettings.dnsOverride = resolve
        return plan
    }

    /// Why `filter` leaves nothing to run, in one sentence, or nil when it selects something.
    static func selectionProblem(_ files: [RequestFile], filter: RequestFilter) -> String? {
        let requests = files.flatMap(\.requests)
        guard !requests.isEmpty, !requests.contains(where: filter.selects) else { return nil }
        var parts: [String] = []
        if !filter.tags.isEmpty { parts.append(filter.tags.sorted().map { "--tag \($0)" }.joined(separator: " ")) }
        if !filter.excludedTags.isEmpty { parts.append(filter.excludedTags.sorted().map { "--exclude-tag \($0)" }.joined(separator: " ")) }
        if !filter.namePatterns.isEmpty { parts.append(filter.namePatterns.map { "--name '\($0)'" }.joined(separator: " ")) }
        var sentence = "\(parts.joined(separator: " with ")) selects none of the \(requests.count) request\(requests.count == 1 ? "" : "s")"
            + " in \(files.count) file\(files.count == 1 ? "" : "s")"
        let known = Set(requests.flatMap(\.tags)).sorted()
        if !filter.tags.isEmpty || !filter.excludedTags.isEmpty {
            sentence += known.isEmpty ? " (no request has tags)" : " (their tags: \(known.joined(separator: ", ")))"
        }
        return sentence
    }

    // MARK: Execute

    /// `variables` with `mock_url` when the mock runs and no variable of that name is given.
    private var runVariables: [String: DecodedValue] {
        guard let mockURL, variables[Self.mockURLVariable] == nil else { return variables }
        var variables = variables
        variables[Self.mockURLVariable] = .string(mockURL)
        return variables
    }

    /// The runner every file runs through, telling `observer` about each request; with
    /// `comparesSnapshots`, it compares and records `expect: snapshot:` as the session says.
    package func runner(observer: (any RunObserver)? = nil, comparesSnapshots: Bool = false) -> Runner {
        var baseURL = mockURL
        if baseURL == nil, case let .string(url)? = variables[Self.mockURLVariable] { baseURL = url }
        var runner = Runner(variables: runVariables, mockURL: baseURL, redactor: redactor, observer: observer)
        runner.holdsLog = delegates.contains { $0 is LoggingDelegate }
        if comparesSnapshots {
            runner.snapshots = snapshots
            runner.readLog = readLog
        }
        return runner
    }

    /// Runs the plan: its passes, files `jobs` at a time, each on an event loop of the run's own,
    /// through the HTTP clients the plan names, shut down afterwards. Cancelling the calling task
    /// (Ctrl-C) stops the run; the results of what ran are returned.
    public func execute(_ plan: ExecutionPlan, observer: (any RunObserver)? = nil) async throws -> [FileResult] {
        let tally = try await execute(plan, observer: observer, into: RunTally(passes: plan.passes, keepsResults: true))
        return tally.finish(redactor: redactor).results ?? []
    }

    /// Runs the plan as `execute(_:observer:)` does, counting each file's results into `tally`
    /// as it finishes, after the files `tally` holds already.
    package func execute(_ plan: ExecutionPlan, observer: (any RunObserver)?, into tally: RunTally) async throws -> RunTally {
        // One event loop per core when files run in parallel, else one. Each file's tasks run on a
        // loop of the HTTP client's group, so with one loop a response resumes its request without
        // a thread switch, and parallel files use every core.
        let loopCount = jobs > 1 ? min(jobs, System.coreCount) : 1
        let group = MultiThreadedEventLoopGroup(numberOfThreads: loopCount)
        let lanes = group.makeIterator().map(EventLoopExecutor.init)
        let suite = SuiteRunner(runner: runner(observer: observer, comparesSnapshots: true), jobs: jobs, failFast: failFast, lanes: lanes)
        let warmup = SuiteRunner(runner: runner(), jobs: jobs, lanes: lanes)
        var seen = Set<String>()
        let warmupFiles = plan.files.filter { seen.insert($0.file.path).inserted }
        let hooks = DelegateHooks(networkingDelegates)
        let work = Task(executorPreference: lanes[0]) { () -> Result<RunTally, any Error> in
            do {
                return .success(try await HTTPClientPool.with(plan.clientSettings, eventLoopGroup: group) { pool in
                    let networking: @Sendable () -> any Networking = { Networker(pool: pool, hooks: hooks.addingCookies(CookieJar())) }
                    if plan.warmups > 0 { await warmup.run(warmupFiles, passes: plan.warmups, networking: networking) { _, _ in } }
                    var tally = tally
                    let offset = tally.count
                    await suite.run(plan.files, passes: plan.passes, networking: networking) { index, file in tally.add(file, at: offset + index) }
                    return tally
                })
            } catch {
                return .failure(error)
            }
        }
        let outcome = await withTaskCancellationHandler { await work.value } onCancel: { work.cancel() }
        try? await group.shutdownGracefully()
        return try outcome.get()
    }

    /// Every delegate a networker of the run has: redaction, auth and retries first, then the
    /// plugins' and `-v`'s.
    package var networkingDelegates: [any NetworkingDelegate] {
        [RedactionDelegate(redactor: redactor), AuthDelegate(redactor: redactor), RetryDelegate()] + delegates
    }

    /// A `LoggingDelegate` writing `-v` lines to `sink` through swift-log.
    package func loggingDelegate(to sink: any TextSink, showsBodies: Bool) -> LoggingDelegate {
        var logger = Logger(label: "rest-run") { _ in ConsoleLogHandler(sink: sink) }
        logger.logLevel = .info
        return LoggingDelegate(logger: logger, redactor: redactor, showsBodies: showsBodies)
    }
}
