import ArgumentParser
import Logging
import RestRun
import RestRunMock

/// `rest-run [run] FILE|DIR...`: runs request files and checks every response.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run request files (a directory stands for its *.yaml and *.yml files).")

    @Argument(help: "Request files or directories.")
    var paths: [String]

    @OptionGroup var variableOptions: VariableOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: [.short, .long], help: "Show each request and response line with headers (Authorization redacted).")
    var verbose = false

    @Flag(name: .customLong("very-verbose"), help: "Like --verbose, with bodies.")
    var veryVerbose = false

    @Option(help: ArgumentHelp("Default timeout of every request, such as 5s (a file's options win).", valueName: "DURATION"))
    var timeout: String?

    @Option(name: .customLong("max-body"), help: ArgumentHelp("Default largest response body, such as 10MB (a file's options win).", valueName: "SIZE"))
    var maxBody: String?

    @Flag(help: "Do not check TLS certificates.")
    var insecure = false

    @Flag(name: .customLong("dry-run"), help: "Validate, and print each request as a curl command (secrets redacted); send nothing.")
    var dryRun = false

    @Option(name: .customLong("tag"), help: ArgumentHelp("Run only requests with this tag; repeatable (any of them).", valueName: "TAG"))
    var tags: [String] = []

    @Option(name: .customLong("name"), help: ArgumentHelp("Run only requests whose name matches (* and ? wildcards, else a substring); repeatable.", valueName: "PATTERN"))
    var names: [String] = []

    @Option(help: ArgumentHelp("Start the embedded mock server with these routes first; its URL is {{mock_url}} and the default base_url.", valueName: "ROUTES"))
    var mock: String?

    func validate() throws {
        if let timeout, DurationText.parse(timeout) == nil {
            throw ValidationError("--timeout takes \(DurationText.expectation), not '\(timeout)'")
        }
        if let maxBody, ByteCount.parse(maxBody) == nil {
            throw ValidationError("--max-body takes \(ByteCount.expectation), not '\(maxBody)'")
        }
        if verbose && output.quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
    }

    func run() async throws {
        let files = try InputFiles.expand(paths)
        let registry: DecoderRegistry
        do {
            registry = try PluginStore.registry()
        } catch {
            FileDescriptorSink.standardError.write("error: \(error)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
        }
        let stdout = FileDescriptorSink.standardOutput
        let stderr = FileDescriptorSink.standardError
        let colors = output.colors(for: stdout)
        let redactor = Redactor()

        var variables: [String: DecodedValue]
        do {
            variables = try variableOptions.values(redactor: redactor)
        } catch {
            Self.print(error, to: stderr, colors: output.colors(for: stderr))
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }

        var server: MockServer?
        if let mock {
            let routes: MockRoutes
            do {
                routes = try MockRoutes.load(path: mock)
            } catch {
                Self.print(error, to: stderr, colors: output.colors(for: stderr))
                throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
            }
            do {
                server = try await MockServer.start(routes: routes)
            } catch {
                stderr.write("error: \(error)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.runtimeError.rawValue)
            }
            if let server, variables["mock_url"] == nil { variables["mock_url"] = .string(server.url) }
        }

        let code = await runFiles(files, registry: registry, variables: variables, redactor: redactor, colors: colors)
        await server?.shutdown()
        if code != .success { throw ArgumentParser.ExitCode(code.rawValue) }
    }

    private func runFiles(
        _ paths: [String], registry: DecoderRegistry, variables: [String: DecodedValue], redactor: Redactor, colors: Bool
    ) async -> RestRun.ExitCode {
        let stdout = FileDescriptorSink.standardOutput
        let stderr = FileDescriptorSink.standardError
        let loader = RequestFileLoader(
            environment: ProcessEnvironment.current, decoderNames: registry.names, predefinedVariables: Set(variables.keys))
        var files: [RequestFile] = []
        var problems: [Diagnostic] = []
        for path in paths {
            do {
                files.append(try loader.load(path: path))
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty {
            Self.print(DiagnosticList(problems), to: stderr, colors: output.colors(for: stderr))
            stderr.write("\(problems.count) error\(problems.count == 1 ? "" : "s") in request files; nothing was sent\n")
            return .invalidFile
        }

        var defaults = RequestOptions()
        defaults.timeout = timeout.flatMap(DurationText.parse)
        defaults.maxBody = maxBody.flatMap(ByteCount.parse)
        if insecure { defaults.insecure = true }
        let settings = Self.clientSettings(for: files, defaults: defaults)

        let reporter = ConsoleReporter(
            sink: stdout, colors: colors, detail: output.quiet ? .quiet : .normal, showsFileHeaders: files.count > 1)
        let filter = RequestFilter(tags: Set(tags), namePatterns: names)
        let runner = Runner(
            registry: registry, variables: variables, defaults: defaults, redactor: redactor, observer: reporter, filter: filter)
        var delegates: [any NetworkingDelegate] = [RedactionDelegate(redactor: redactor), RetryDelegate()] + PluginStore.delegates()
        if verbose || veryVerbose {
            var logger = Logger(label: "rest-run") { _ in ConsoleLogHandler(sink: stderr) }
            logger.logLevel = .info
            delegates.append(LoggingDelegate(logger: logger, redactor: redactor, showsBodies: veryVerbose))
        }
        if dryRun {
            let dry = DryRun(runner: runner, delegates: PluginStore.delegates())
            let style = TerminalStyle(enabled: colors)
            for file in files {
                for entry in dry.entries(for: file) {
                    var text = style.dim("# \(entry.name)" + (entry.location.map { "  (\($0))" } ?? "")) + "\n"
                    if let note = entry.note { text += style.dim("# " + note.replacing("\n", with: "\n# ")) + "\n" }
                    if let command = entry.command { text += command + "\n" }
                    stdout.write(text + "\n")
                }
            }
            return .success
        }
        let start = ContinuousClock.now
        let results: [FileResult]
        do {
            results = try await Networker.withHTTPClient(settings) { client in
                var results: [FileResult] = []
                for file in files {
                    let networker = Networker(client: client, delegates: [FileHeadersDelegate(headers: file.headers), CookieJar()] + delegates)
                    results.append(await runner.run(file, networking: networker))
                }
                return results
            }
        } catch {
            stderr.write("error: \(redactor.redact(String(describing: error)))\n")
            return .runtimeError
        }
        reporter.finish(results, duration: ContinuousClock.now - start)
        return RunSummary(results).exitCode
    }

    /// The client's settings: the longest timeout and connect timeout any request uses.
    static func clientSettings(for files: [RequestFile], defaults: RequestOptions) -> ClientSettings {
        var settings = ClientSettings()
        var longest = Duration.zero
        for file in files {
            let fileDefaults = file.options.applying(defaults: defaults)
            for request in file.requests {
                let options = request.options.applying(defaults: fileDefaults)
                longest = max(longest, options.effectiveTimeout)
                settings.connectTimeout = max(settings.connectTimeout, options.connectTimeout ?? .zero)
            }
        }
        settings.longestTimeout = max(longest, .seconds(1))
        return settings
    }

    static func print(_ list: DiagnosticList, to sink: any TextSink, colors: Bool) {
        sink.write(list.diagnostics.map { $0.rendered(colors: colors) }.joined(separator: "\n") + "\n")
    }
}
