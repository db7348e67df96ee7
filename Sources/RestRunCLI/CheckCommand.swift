import ArgumentParser
import RestRun

/// `rest-run check FILE|DIR...`: loads and validates files; sends nothing.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate request files without sending anything.")

    @Argument(help: "Request files or directories.")
    var paths: [String]

    @OptionGroup var variableOptions: VariableOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: "Accept {{mock_url}} as if --mock were given.")
    var mock = false

    func run() async throws {
        let files = try InputFiles.expand(paths)
        let registry = try PluginStore.registry()
        let redactor = Redactor()
        let stdout = RedactingSink(FileDescriptorSink.standardOutput, redactor: redactor)
        let stderr = RedactingSink(FileDescriptorSink.standardError, redactor: redactor)
        var predefined: Set<String>
        let variables: [String: DecodedValue]
        do {
            variables = try variableOptions.values(redactor: redactor)
            predefined = Set(variables.keys)
        } catch {
            RunCommand.print(error, to: stderr, colors: output.colors(for: stderr), annotationsTo: stdout)
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        if mock { predefined.insert("mock_url") }
        let loader = RequestFileLoader(
            environment: variableOptions.environment(over: ProcessEnvironment.current, variables: variables),
            decoderNames: registry.names, predefinedVariables: predefined)
        let style = TerminalStyle(enabled: output.colors(for: stdout))
        var invalid = 0
        for path in files {
            do {
                let file = try loader.load(path: path)
                if !output.quiet {
                    stdout.write("\(style.green("✓")) \(path): \(file.requests.count) request\(file.requests.count == 1 ? "" : "s")\n")
                }
            } catch {
                invalid += 1
                RunCommand.print(error, to: stderr, colors: output.colors(for: stderr), annotationsTo: stdout)
            }
        }
        variableOptions.warnAboutUnused(referenced: loader.referencedNames, to: stderr, colors: output.colors(for: stderr))
        if invalid > 0 {
            stderr.write("\(invalid) of \(files.count) file\(files.count == 1 ? "" : "s") invalid\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
    }
}
