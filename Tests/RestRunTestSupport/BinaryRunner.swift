import Foundation

/// Runs the built `rest-run` binary and captures its output and exit code, the way a user or a CI
/// job runs it.
public struct BinaryRunner: Sendable {
    /// What a run printed and returned.
    public struct Output: Sendable {
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String
        /// The exit code.
        public var status: Int32
        /// Both streams, standard output first.
        public var all: String { stdout + stderr }
    }

    /// The binary's path: next to the test bundle, where `swift build` puts it.
    public static var binaryPath: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundle.appendingPathComponent("rest-run").path,
            bundle.deletingLastPathComponent().appendingPathComponent("rest-run").path,
            Fixtures.repositoryRoot + "/.build/debug/rest-run",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[2]
    }

    /// Creates a runner.
    public init() {}

    /// Runs `rest-run arguments` in `directory` with `environment` added to a clean environment.
    public func run(
        _ arguments: [String], in directory: String = Fixtures.repositoryRoot, environment: [String: String] = [:], input: String? = nil
    ) async throws -> Output {
        try await Self.execute(Self.binaryPath, arguments, in: directory, environment: environment, input: input)
    }

    /// Runs the program at `path` with `arguments` in `directory`, with `environment` added to a
    /// clean environment (only `PATH` is kept), with `input` (else nothing) on standard input, and
    /// captures its output and exit code.
    public static func execute(
        _ path: String, _ arguments: [String], in directory: String = Fixtures.repositoryRoot, environment: [String: String] = [:],
        input: String? = nil
    ) async throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inURL = scratch.appendingPathComponent("in")
            try input.write(to: inURL, atomically: true, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { process in continuation.resume(returning: process.terminationStatus) }
            do {
                try process.run()
                // A run that hangs fails its test rather than the whole of CI's time.
                let pid = process.processIdentifier
                DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(300)) { [process] in
                    if process.isRunning, process.processIdentifier == pid { kill(pid, SIGKILL) }
                }
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try out.close()
        try err.close()
        return Output(
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
            status: status)
    }

    /// Writes `yaml` to a new temporary file named `name` and runs `rest-run FILE arguments`: what
    /// most end-to-end tests do. Returns the file's path (messages name it) and the output.
    /// `prefix` comes before the file (a subcommand: `load`).
    public func runFile(
        _ yaml: String, named name: String = "test.yaml", _ arguments: [String] = [], prefix: [String] = [], environment: [String: String] = [:]
    ) async throws -> (file: String, output: Output) {
        let file = try Self.temporaryFile(name, yaml)
        return (file, try await run(prefix + [file] + arguments, environment: environment))
    }

    /// Runs a shell command and returns its exit status.
    public static func shell(_ command: String) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }

    /// Writes `text` to a new temporary file named `name` and returns its path.
    public static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
