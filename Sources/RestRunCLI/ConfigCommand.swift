import ArgumentParser
import RestRun

/// `rest-run config`: the settings that config files and `REST_RUN_*` variables give a command,
/// and where each comes from, one a line: `timeout = 5s  (environment REST_RUN_TIMEOUT)`.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the settings that .rest-run.yaml, the user's config file and REST_RUN_* variables give, and where each comes from.",
        discussion: """
            Precedence, highest first: the command line, REST_RUN_<OPTION> variables (REST_RUN_REPORT_JUNIT), \
            the project's .rest-run.yaml (in this folder or the nearest above it, up to the repository's root), \
            the user's $XDG_CONFIG_HOME/rest-run/config.yaml. Options after -- are shown as the command line's: \
            rest-run config -- --timeout 3s.
            """)

    @Option(name: .customLong("for"), help: ArgumentHelp("The command whose settings to show: run (the default), fuzz or load.", valueName: "COMMAND"))
    var command = "run"

    @Flag(name: .customLong("no-config"), help: "Leave the config files out, as --no-config does for the other commands.")
    var noConfig = false

    @Argument(parsing: .postTerminator, help: ArgumentHelp("A command line of the command, to show what it overrides.", valueName: "OPTION"))
    var commandLine: [String] = []

    func validate() throws {
        guard ["run", "fuzz", "load"].contains(command) else { throw ValidationError("--for takes run, fuzz or load, not '\(command)'") }
    }

    func run() throws {
        let environment = ProcessEnvironment.current
        let directory = FileSystem.currentDirectory()
        let stdout = FileDescriptorSink.standardOutput
        let settings: ConfigSettings
        do {
            settings = try ConfigSettings.load(
                for: command, commandLine: commandLine, environment: environment, directory: directory, readsFiles: !noConfig)
        } catch {
            DiagnosticPrinter(errors: FileDescriptorSink.standardError, annotations: stdout, colors: FileDescriptorSink.standardError.isTerminal)
                .print(error)
            throw ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        var text = ""
        if noConfig {
            text += "# config files: not read (--no-config)\n"
        } else {
            let project = ConfigFile.projectPath(from: directory).map { FileSystem.relativePath(of: $0, from: directory) }
            text += "# project file: \(project ?? "none (no .rest-run.yaml here or above, up to the repository's root)")\n"
            text += "# user file: \(ConfigFile.userPath(environment: environment) ?? "none")\n"
        }
        for line in ConfigCommandLine.settings(in: commandLine, options: settings.options) + settings.settings {
            text += Self.line(line) + "\n"
        }
        stdout.write(text)
    }

    /// `timeout = 5s  (environment REST_RUN_TIMEOUT)`; variables and headers by name, secrets
    /// and credentials redacted.
    static func line(_ setting: ConfigSetting) -> String {
        var key = setting.key
        var values = setting.values
        switch setting.key {
        case "var", "secret":
            let value = values.first.map { String($0.drop { $0 != "=" }.dropFirst()) } ?? ""
            key = (setting.key == "var" ? "vars." : "secret.") + (setting.member ?? "")
            values = [setting.key == "secret" ? Redactor.mask : value]
        case "header":
            let header = values.first ?? ""
            let name = String(header.prefix { $0 != ":" })
            key = "headers." + name
            values = [Redactor.isSensitiveHeader(name) ? Redactor.mask : header.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: " ")]
        default: break
        }
        let shown = values.count == 1 ? values[0] : "[" + values.joined(separator: ", ") + "]"
        return "\(key) = \(shown)  (\(setting.source))"
    }
}
