public import ArgumentParser
public import RestRun
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `rest-run` command tree. `rest-run FILE...` runs files; the subcommands check files, serve
/// mock routes, list decoders, merge coverage, print the request-file schema, fuzz from a spec and
/// import other tools' requests.
public struct RestRunCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "rest-run",
        abstract: "Run REST requests declared in YAML files and check their responses.",
        discussion: exitCodes,
        version: RestRunVersion.current,
        subcommands: [RunCommand.self, CheckCommand.self, MockCommand.self, DecodersCommand.self, CoverageCommand.self, SchemaCommand.self, FuzzCommand.self, LoadCommand.self, ImportCommand.self, ConfigCommand.self, MCPCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Creates the command (used by ArgumentParser).
    public init() {}

    /// The exit codes, as the help shows them.
    static let exitCodes = """
        EXIT CODES:
          0    every request passed
          1    usage error, or a selection that selects nothing
          2    an invalid request file
          3    runtime error (connection, timeout, body limit)
          4    an expectation failed
          130  interrupted with Ctrl-C (reports are still written)
        """

    /// `rest-run --help`: the usage and options of `run`, the command users type without naming
    /// it, then the other subcommands and the exit codes.
    static func rootHelp(columns: Int? = nil) -> String {
        let run = helpMessage(for: RunCommand.self, columns: columns)
        let root = helpMessage(columns: columns)
        var text = "OVERVIEW: \(configuration.abstract)\n\n"
        if let usage = run.firstRange(of: "USAGE: ") {
            var body = String(run[usage.lowerBound...])
            body = body.replacingFirst("USAGE: rest-run run ", with: "USAGE: rest-run [run] ")
            if let end = body.firstIndex(of: "\n") {
                body.insert(contentsOf: "\n       rest-run <subcommand> [<options>] (see SUBCOMMANDS)", at: end)
            }
            text += body.hasSuffix("\n") ? body : body + "\n"
        }
        if let subcommands = root.firstRange(of: "SUBCOMMANDS:") {
            text += "\n" + root[subcommands.lowerBound...].trimmingTrailingNewlines() + "\n"
        }
        return text + "\n" + exitCodes + "\n"
    }

    /// Parses the process's arguments and runs the command with the built-in decoders plus those
    /// of `plugins`, then exits with the contract's exit code.
    public static func main(plugins: [any RestRunPlugin]) async -> Never {
        PluginStore.shared.withLock { $0 = plugins }
        let code = await execute(Array(CommandLine.arguments.dropFirst()))
        endProcess(code)
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code;
    /// usage errors print to standard error and return 1.
    public static func execute(_ arguments: [String]) async -> Int32 {
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            FileDescriptorSink.standardOutput.write(rootHelp())
            return 0
        }
        if arguments.count == 2, arguments[0] == "--generate-completion-script", let script = CompletionScripts.script(for: arguments[1]) {
            FileDescriptorSink.standardOutput.write(script)
            return 0
        }
        var arguments = arguments
        var config: ConfigSettings?
        do throws(DiagnosticList) {
            (arguments, config) = try withConfig(arguments)
        } catch {
            configPrinter.print(error)
            return RestRun.ExitCode.invalidFile.rawValue
        }
        do {
            if let run = directRun(arguments) {
                // Known to be async: no `as?` cast, whose first use searches every conformance.
                try await run.run()
                return 0
            }
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let code as ArgumentParser.ExitCode {
            return code.rawValue
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                FileDescriptorSink.standardOutput.write(fullMessage(for: error) + "\n")
                return 0
            }
            let message = fullMessage(for: error)
            // A value a config file or the environment gave is a mistake there: said at its place.
            if let setting = config?.setting(namedIn: message) {
                // The first line says it; the usage lines after it are about the command line.
                let line = message.prefix { $0 != "\n" }
                let text = line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : String(line)
                let diagnostic = setting.location.map { Diagnostic(text, at: $0) }
                    ?? Diagnostic("\(setting.source): \(text)")
                configPrinter.print(DiagnosticList([diagnostic]))
                return RestRun.ExitCode.invalidFile.rawValue
            }
            FileDescriptorSink.standardError.write(message + "\n")
            return ExitCode.usage.rawValue
        }
    }
}

extension RestRunCommand {
    /// `arguments` with what config files and `REST_RUN_*` variables set put before the user's
    /// own words (which win), for `run`, `fuzz` and `load`; `--no-config` taken out (it leaves the
    /// files unread). Nothing is read or changed for a command line that has nothing to take.
    static func withConfig(_ arguments: [String]) throws(DiagnosticList) -> ([String], ConfigSettings?) {
        guard let (command, words) = configTarget(arguments) else { return (arguments, nil) }
        var arguments = arguments
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let readsFiles = !arguments[..<end].contains("--no-config")
        arguments = arguments[..<end].filter { $0 != "--no-config" } + arguments[end...]
        let environment = ProcessEnvironment.current
        let directory = FileSystem.currentDirectory()
        // The usual run has no config: found out with a few stats, before any option is looked at.
        let hasFiles = readsFiles && (ConfigFile.userPath(environment: environment) != nil || ConfigFile.projectPath(from: directory) != nil)
        guard hasFiles || environment.keys.contains(where: { $0.hasPrefix("REST_RUN_") }) else { return (arguments, nil) }
        var userWords = arguments[...]
        for word in words where userWords.first == word { userWords = userWords.dropFirst() }
        let settings = try ConfigSettings.load(
            for: command, commandLine: Array(userWords), environment: environment, directory: directory, readsFiles: readsFiles)
        guard !settings.settings.isEmpty else { return (arguments, nil) }
        ConfigSettings.variablesSet.withLock { names in
            names = Set(settings.settings.compactMap { $0.key == "var" || $0.key == "secret" ? $0.member : nil })
        }
        return (words + settings.arguments + userWords, settings)
    }

    /// Prints what is wrong with a config file or a `REST_RUN_*` variable.
    private static var configPrinter: DiagnosticPrinter {
        DiagnosticPrinter(
            errors: FileDescriptorSink.standardError, annotations: FileDescriptorSink.standardOutput,
            colors: FileDescriptorSink.standardError.isTerminal && ProcessEnvironment.current["NO_COLOR"] == nil)
    }

    /// The command a command line runs, if it reads config (`run`, `fuzz`, `load`), and the words
    /// that name it.
    static func configTarget(_ arguments: [String]) -> (command: String, words: [String])? {
        let first = arguments.first ?? ""
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        if arguments[..<end].contains(where: { ["--help", "-h", "--version", "--experimental-dump-help"].contains($0) }) { return nil }
        switch first {
        case "run", "fuzz": return (first, [first])
        case "load":
            let second = arguments.dropFirst().first
            if second == "merge" || second == "help" { return nil }
            return ("load", ["load", "run"])
        default:
            if first == "help" || subcommandNames.contains(first) { return nil }
            return ("run", [])
        }
    }
}

extension RestRunCommand {
    /// The subcommands' names, made once: each command's configuration is built when first read.
    static let subcommandNames = configuration.subcommands.compactMap { $0.configuration.commandName }

    /// `run`'s command line parsed by `RunCommand` alone, or nil when the whole command tree must
    /// parse it (a subcommand's name, `help`, `--version`, a completion request, or anything
    /// `RunCommand` refuses: the tree then gives the same result and the usual messages).
    ///
    /// ArgumentParser builds every command's arguments, through reflection, before it picks one:
    /// a fifth of a one-request run, most of it the Swift runtime's first look at each option's
    /// type. The usual command line names files, and needs only `run`'s.
    static func directRun(_ arguments: [String]) -> RunCommand? {
        var words = arguments[...]
        if words.first == RunCommand.configuration.commandName { words = words.dropFirst() }
        let treeWords = ["help", "--version"] + subcommandNames
        guard !words.contains(where: { word in treeWords.contains(word) || word.hasPrefix("--generate-completion") || word.hasPrefix("--experimental") }) else {
            return nil
        }
        return try? RunCommand.parse(Array(words))
    }
}

/// The plugins `main(plugins:)` was given, for the subcommands ArgumentParser creates.
enum PluginStore {
    static let shared = Mutex<[any RestRunPlugin]>([])

    /// The built-in decoders plus every plugin's; a plugin that cannot register (a name already
    /// taken) is reported and ends the command with the usage exit code, whichever command it is.
    static func registry() throws -> DecoderRegistry {
        var registry = DecoderRegistry.builtIn
        for plugin in shared.withLock({ $0 }) {
            do {
                try registry.register(plugin)
            } catch {
                FileDescriptorSink.standardError.write("error: \(error)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
            }
        }
        return registry
    }

    /// Every plugin's networking delegates.
    static func delegates() -> [any NetworkingDelegate] {
        shared.withLock { $0 }.flatMap { $0.networkingDelegates() }
    }
}

/// Ends the process with `code` (a free function: inside a command type, `exit` names
/// ArgumentParser's own).
private func endProcess(_ code: Int32) -> Never {
    HelperChannel.endAll()
    MCPServers.endAll()
    exit(code)
}

extension StringProtocol {
    /// The text with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        var text = String(self)
        guard let range = text.firstRange(of: target) else { return text }
        text.replaceSubrange(range, with: replacement)
        return text
    }
}

extension Substring {
    /// The text without the newlines at its end.
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = String(self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
