import Foundation
import RestRunTestSupport
import Testing

/// A gRPC server nobody here wrote: Python's grpcio (`Fixtures/grpc/echo_server.py`), started for
/// one test and ended by `stop()`. `.ci/run` installs grpcio and grpcio-reflection.
final class GRPCIOServer {
    let port: Int
    private let process: Process

    /// Whether python3 can import grpcio and its reflection service; when not, an issue says what
    /// to install.
    static var isAvailable: Bool {
        guard let missing = PythonModules.missing("grpc, grpc_reflection", install: "grpcio grpcio-reflection") else { return true }
        Issue.record(Comment(rawValue: missing))
        return false
    }

    /// Starts the server with its reflection service as `reflection` says (`both`, `v1alpha`,
    /// `silent`), over TLS with `tls`'s server certificate when given, and waits until it listens.
    init(reflection: String, tls: TestCertificates? = nil) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/grpc/echo_server.py", reflection]
            + (tls.map { [$0.serverCertificate, $0.serverKey] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Its first line, `listening PORT`, or the end of its output if it stopped.
        let line = output.firstLine()
        let words = line.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, words[0] == "listening", let port = Int(words[1]) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure(output: line)
        }
        self.port = port
    }

    /// The server printed no port.
    struct StartFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { "grpcio's server did not start: \(output)" }
    }

    /// Ends the server.
    func stop() {
        // SIGKILL: grpcio's threads keep SIGTERM from ending the interpreter.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
