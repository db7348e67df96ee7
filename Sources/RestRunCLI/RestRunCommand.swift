public import ArgumentParser
public import RestRun
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `rest-run` command tree. `rest-run FILE...` runs files; the subcommands check files, serve
/// mock routes and list decoders.
public struct RestRunCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "rest-run",
        abstract: "Run REST requests declared in YAML files and check their responses.",
        discussion: """
            Exit codes: 0 all passed, 1 usage error or nothing selected, 2 an invalid request file,
            3 runtime error (connection, timeout, body limit), 4 an expectation failed,
            130 interrupted with Ctrl-C (reports are still written).
            """,
        version: RestRunVersion.current,
        subcommands: [RunCommand.self, CheckCommand.self, MockCommand.self, DecodersCommand.self, CoverageCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Creates the command (used by ArgumentParser).
    public init() {}

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
        do {
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
            FileDescriptorSink.standardError.write(fullMessage(for: error) + "\n")
            return ExitCode.usage.rawValue
        }
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
    exit(code)
}
