import ArgumentParser
import RestRun

/// The options only `run` takes, in the order its help lists them, and how each sets up the
/// session and its output. One group: each group costs ArgumentParser a reflection at start-up.
struct RunOptions: ParsableArguments {
    @Flag(name: [.short, .long], help: "Show each request and response line with headers (Authorization redacted).")
    var verbose = false

    @Flag(name: .customLong("very-verbose"), help: "Like --verbose, with bodies.")
    var veryVerbose = false

    @Option(help: ArgumentHelp("Default timeout of every request: seconds (5) or a duration (500ms, 2m); a file's options win.", valueName: "DURATION"))
    var timeout: DurationArgument?

    @Option(name: .customLong("connect-timeout"), help: ArgumentHelp("Default time to connect: seconds (2) or a duration (500ms); a file's options win.", valueName: "DURATION"))
    var connectTimeout: DurationArgument?

    @Flag(name: [.customShort("L"), .customLong("follow-redirects")], help: "Follow redirects (up to 50) where a file does not say otherwise.")
    var followRedirects = false

    @Option(help: ArgumentHelp("Retry a failed request up to N times (N + 1 attempts, as curl's and Hurl's --retry) where a file sets no retry:.", valueName: "N"))
    var retry: Int?

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp("Send this header with every request whose file or request does not set it; repeatable.", valueName: "'NAME: VALUE'"))
    var headers: [HeaderArgument] = []

    @Option(name: .customLong("max-body"), help: ArgumentHelp("Default largest response body, such as 10MB (a file's options win).", valueName: "SIZE"))
    var maxBody: ByteCountArgument?

    @Flag(help: "Do not check TLS certificates.")
    var insecure = false

    @Flag(name: .customLong("http2"), help: "Use HTTP/2 (over TLS, by ALPN) where a file sets no http:; a server without it fails the request.")
    var http2 = false

    @Flag(name: .customLong("http1"), help: "Use HTTP/1.1 only where a file sets no http: (also --http1.1, as in curl).")
    var http1 = false

    // curl's spelling; hidden, because fish's completion cannot name an option with a dot.
    @Flag(name: .customLong("http1.1"), help: ArgumentHelp("Use HTTP/1.1 only where a file sets no http:.", visibility: .hidden))
    var http11 = false

    @Option(help: ArgumentHelp("Trust the certificate authorities in this PEM file instead of the system's, where a file sets no tls: ca.", valueName: "FILE"), completion: .file(extensions: ["pem", "crt"]))
    var cacert: String?

    @Option(help: ArgumentHelp("Send every request through this HTTP proxy (https:// ones with CONNECT); \"\" for none. Default: HTTP_PROXY, HTTPS_PROXY and NO_PROXY.", valueName: "URL"))
    var proxy: String?

    @Option(help: ArgumentHelp("Connect to ADDR for HOST (as curl's --resolve), the certificate still checked for HOST; repeatable.", valueName: "HOST:PORT:ADDR"))
    var resolve: [ResolveArgument] = []

    // Optional, their defaults written in their help: for an `Int` default, ArgumentParser's
    // description of it makes the Swift runtime search every conformance in the binary at start-up.
    @Option(name: .customLong("jobs"), help: ArgumentHelp("Run this many files at once (requests inside a file stay in order). (default: 1)", valueName: "N"))
    var jobs: Int?

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first failing request.")
    var failFast = false

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Run the whole set this many times; a request that runs more than once gets p50, p90, p99 and max in the summary and reports. (default: 1)", valueName: "N"))
    var repeats: Int?

    @Option(name: .customLong("warmup"), help: ArgumentHelp("First run the whole set this many times, not reported or counted (warms connections and caches). (default: 0)", valueName: "N"))
    var warmups: Int?

    @Option(help: ArgumentHelp("Run only shard K of N: files K, K+N, K+2N, ... of the sorted file list, so N CI jobs together run every file once.", valueName: "K/N"))
    var shard: ShardArgument?

    @Option(name: .customLong("report-junit"), help: ArgumentHelp("Write a JUnit XML report (- for standard output).", valueName: "FILE"), completion: .file())
    var reportJUnit: String?

    // No default value in the declaration, as `OutputOptions.color`.
    @Option(name: .customLong("junit-family"), help: ArgumentHelp("The JUnit report's attributes: strict (what Jenkins' xUnit schema accepts; the default) or gitlab (file and line on each test case).", valueName: "FAMILY"))
    var junitFamily: ReportFiles.JUnitFamily?

    @Option(name: .customLong("report-tap"), help: ArgumentHelp("Write a TAP 13 report (- for standard output).", valueName: "FILE"), completion: .file())
    var reportTAP: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report (- for standard output).", valueName: "FILE"), completion: .file())
    var reportJSON: String?

    @Option(name: .customLong("report-html"), help: ArgumentHelp("Write an HTML report: one self-contained page with every request, timing bars and failures (- for standard output).", valueName: "FILE"), completion: .file(extensions: ["html"]))
    var reportHTML: String?

    @Option(name: .customLong("report-har"), help: ArgumentHelp("Write every request and attempt as HAR 1.2, secrets redacted, for browser devtools and HAR viewers (- for standard output).", valueName: "FILE"), completion: .file(extensions: ["har"]))
    var reportHAR: String?

    @Option(name: .customLong("report-coverage"), help: ArgumentHelp("Write which OpenAPI operations and responses the run exercised, as JSON (files with openapi:).", valueName: "FILE"), completion: .file(extensions: ["json"]))
    var reportCoverage: String?

    @Option(name: .customLong("min-coverage"), help: ArgumentHelp("Fail (exit 4) when fewer than this percentage (0 to 100) of the OpenAPI operations were exercised.", valueName: "PERCENT"))
    var minCoverage: PercentageArgument?

    @Flag(name: .customLong("dry-run"), help: "Validate, and print each request as a curl command (secrets redacted); send nothing.")
    var dryRun = false

    @Option(name: .customLong("tag"), help: ArgumentHelp("Run only requests with this tag; repeatable (any of them).", valueName: "TAG"))
    var tags: [String] = []

    @Option(name: .customLong("exclude-tag"), help: ArgumentHelp("Leave out requests with this tag; repeatable (it wins over --tag).", valueName: "TAG"))
    var excludedTags: [String] = []

    @Option(name: .customLong("name"), help: ArgumentHelp("Run only requests whose name matches (* and ? wildcards, else a substring); repeatable.", valueName: "PATTERN"))
    var names: [String] = []

    @Option(help: ArgumentHelp("Start the embedded mock server first, serving a routes file or an OpenAPI spec; its URL is {{mock_url}} and the default base_url.", valueName: "ROUTES|SPEC"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var mock: String?

    func validate() throws {
        if let cacert, let problem = FileSystem.readableFileProblem(cacert) { throw ValidationError("--cacert: \(problem)") }
        if let retry, !(0...100).contains(retry) { throw ValidationError("--retry takes a number of retries from 0 to 100, not \(retry)") }
        guard (1...256).contains(jobs ?? 1) else { throw ValidationError("--jobs takes a number from 1 to 256") }
        guard (1...100_000).contains(repeats ?? 1) else { throw ValidationError("--repeat takes a number from 1 to 100000") }
        guard (0...10_000).contains(warmups ?? 0) else { throw ValidationError("--warmup takes a number from 0 to 10000") }
        let toStandardOutput = reports.named.filter { $0.path == "-" }.map(\.flag)
        if toStandardOutput.count > 1 {
            throw ValidationError("only one report can go to standard output, not \(toStandardOutput.joined(separator: " and "))")
        }
    }

    /// The report files asked for.
    var reports: ReportFiles {
        var reports = ReportFiles()
        reports.junit = reportJUnit
        reports.junitFamily = junitFamily ?? .strict
        reports.tap = reportTAP
        reports.json = reportJSON
        reports.html = reportHTML
        reports.coverage = reportCoverage
        reports.har = reportHAR
        return reports
    }

    /// `session` with these options' settings.
    func configure(_ session: inout RunSession, environment: [String: String]) throws {
        session.defaults.timeout = timeout?.duration
        session.defaults.connectTimeout = connectTimeout?.duration
        if followRedirects { session.defaults.followRedirects = 50 }
        if let retry { session.defaultRetry = RetryPolicy(attempts: retry + 1) }
        session.headers = headers.map { ($0.name, $0.value) }
        session.defaults.maxBody = maxBody?.bytes
        if insecure { session.defaults.insecure = true }
        if http2 && (http1 || http11) { throw ValidationError("--http2 and --http1.1 ask for different versions: give one of them") }
        if http2 { session.defaults.http = .http2 } else if http1 || http11 { session.defaults.http = .http1_1 }
        session.defaults.caFile = cacert
        do {
            session.proxy = try ProxyRules.from(flag: proxy, environment: environment)
        } catch {
            throw ValidationError(error.description)
        }
        for entry in resolve { session.resolve[entry.host] = entry.address }
        session.filter = RequestFilter(tags: Set(tags), namePatterns: names, excludedTags: Set(excludedTags))
        session.jobs = jobs ?? 1
        session.repeats = repeats ?? 1
        session.warmups = warmups ?? 0
        session.failFast = failFast
        session.keepsAllBodies = veryVerbose
        session.delegates = PluginStore.delegates()
    }
}

extension ReportFiles.JUnitFamily: ChoiceArgument {}
