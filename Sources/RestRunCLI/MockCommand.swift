import ArgumentParser
import RestRun
import RestRunMock

/// `rest-run mock ROUTES`: serves canned responses until interrupted.
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock", abstract: "Serve a routes file, or every operation of an OpenAPI spec, until interrupted.")

    @Argument(help: "A routes file, or an OpenAPI 3.0 or 3.1 spec.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var routes: String

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Flag(name: .customLong("strict"), help: OpenAPIStrictness.help)
    var strict = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
    }

    func run() async throws {
        let stderr = FileDescriptorSink.standardError
        let loaded: any MockResponder
        do {
            loaded = try await MockSource.load(path: routes, strict: strict)
        } catch {
            DiagnosticPrinter(errors: stderr, annotations: FileDescriptorSink.standardOutput, colors: stderr.isTerminal).print(error)
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        if !loaded.warnings.isEmpty {
            DiagnosticPrinter(errors: stderr, annotations: stderr, colors: stderr.isTerminal).print(DiagnosticList(loaded.warnings))
        }
        let server: MockServer
        do {
            server = try await MockServer.start(responder: loaded, host: host, port: port)
        } catch {
            stderr.write("error: \(error)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.runtimeError.rawValue)
        }
        FileDescriptorSink.standardOutput.write(
            "mock server listening on \(server.url) (\(loaded.summary)); Ctrl-C stops it\n")
        await server.waitUntilClosed()
    }
}
