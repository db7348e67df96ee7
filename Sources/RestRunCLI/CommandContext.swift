import ArgumentParser
import RestRun

/// What `run` and `check` both start from: a session with the plugins' decoders and the command
/// line's variables, and the sinks and printer that hide its secrets.
struct CommandContext {
    /// The session the command runs or checks.
    var session: RunSession
    /// Where human lines go, through the session's redactor: standard output, or standard error
    /// when a report is written to standard output.
    let stdout: any TextSink
    /// Standard output itself, through the session's redactor (for a report named `-`).
    let reportOutput: any TextSink
    /// Standard error, through the session's redactor.
    let stderr: any TextSink
    /// Prints diagnostics (and GitHub annotations).
    let printer: DiagnosticPrinter

    /// A session for `paths` with `--var`, `--vars-file` and `--secret` read; an invalid variables
    /// file is printed and ends the command with exit code 2.
    init(paths: [String], input: InputOptions, output: OutputOptions, reportsToStandardOutput: Bool = false) throws {
        session = RunSession(paths: paths.map { $0 == "-" ? RunSession.standardInputPath : $0 })
        session.registry = try PluginStore.registry()
        // Every byte rest-run prints passes the redactor last, whatever put it together.
        reportOutput = RedactingSink(FileDescriptorSink.standardOutput, redactor: session.redactor)
        stderr = RedactingSink(FileDescriptorSink.standardError, redactor: session.redactor)
        stdout = reportsToStandardOutput ? stderr : reportOutput
        printer = DiagnosticPrinter(errors: stderr, annotations: stdout, colors: output.colors(for: stderr))
        if paths.contains("-") {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readStandardInput()
            } catch {
                throw ValidationError(error.message)
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ValidationError("the request file on standard input is not UTF-8 text")
            }
            session.standardInput = text
        }
        do {
            session.variables = try input.values(redactor: session.redactor)
        } catch {
            printer.print(error)
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
    }

    /// Prints the diagnostics of files that cannot run, and how many of `count` they are.
    func report(invalid: [FileResult], of count: Int, running: Bool) {
        guard !invalid.isEmpty else { return }
        printer.print(DiagnosticList(invalid.flatMap(\.problems)))
        stderr.write("\(invalid.count) of \(count) file\(count == 1 ? "" : "s") invalid" + (running ? "; running the others\n" : "; nothing was sent\n"))
    }
}
