#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Subprocess
import SystemPackage

/// A decoder declared in a request file's `decoders:`: a command that gets the body on standard
/// input and prints JSON on standard output. A non-zero exit, a timeout or output that is not JSON
/// is a clear decode failure.
package struct ExternalDecoder: ResponseDecoder {
    /// The name `decode:` uses.
    package let name: String
    /// The command and its arguments; a first word with a `/` is a path (already resolved against
    /// the request file), any other is looked up in `PATH`.
    package let command: [String]
    /// How long the command may run.
    package let timeout: Duration
    /// The command as the request file wrote it, for messages.
    package let writtenCommand: String
    /// The most output read from the command.
    package static let outputLimit = 64 * 1024 * 1024

    /// Creates an external decoder.
    package init(name: String, command: [String], timeout: Duration = .seconds(10), writtenCommand: String? = nil) {
        self.name = name
        self.command = command
        self.timeout = timeout
        self.writtenCommand = writtenCommand ?? command.joined(separator: " ")
    }

    /// Runs the command with the body on standard input and parses what it prints.
    package func decode(_ response: Response) async throws -> DecodedValue {
        guard let program = command.first else {
            throw DecodingFailure(decoder: name, message: "the command is empty")
        }
        let executable: Executable = program.contains("/") ? .path(FilePath(program)) : .name(program)
        let arguments = Arguments(Array(command.dropFirst()))
        let shown = writtenCommand
        // The body goes to the command through an unlinked temporary file rather than a pipe:
        // swift-subprocess 1.0.2 traps when a child exits before reading all of a piped stdin
        // (swiftlang/swift-subprocess#367), and a decoder that ignores its input must not crash us.
        let descriptor = try Self.temporaryFile(holding: response.body, decoder: name)
        let timeout = timeout
        // The command leads a process group of its own, and a timeout or an interrupt ends the whole
        // group: a `sh -c '...; sleep 5'` decoder leaves no `sleep` behind.
        var options = PlatformOptions()
        options.processGroupID = 0
        options.teardownSequence = [.send(signal: .kill, toProcessGroup: true, allowedDurationToNextStep: .milliseconds(200))]
        let platformOptions = options
        let outcome: (status: TerminationStatus, output: [UInt8], error: String)
        do {
            outcome = try await withThrowingTaskGroup(of: (TerminationStatus, [UInt8], String)?.self) { group in
                group.addTask {
                    let result = try await run(
                        executable, arguments: arguments, platformOptions: platformOptions,
                        input: .fileDescriptor(FileDescriptor(rawValue: descriptor), closeAfterSpawningProcess: true),
                        output: .bytes(limit: Self.outputLimit), error: .string(limit: 64 * 1024))
                    return (result.terminationStatus, result.standardOutput, result.standardError)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let finished = first else {
                    throw DecodingFailure(decoder: name, message: "`\(shown)` did not finish within \(DurationText.format(timeout))")
                }
                return finished
            }
        } catch let failure as DecodingFailure {
            throw failure
        } catch {
            throw DecodingFailure(decoder: name, message: "cannot run `\(shown)`: \(error)")
        }
        guard case .exited(0) = outcome.status else {
            let reason: String
            switch outcome.status {
            case let .exited(code): reason = "exited with status \(code)"
            case let .signaled(signal): reason = "was killed by signal \(signal)"
            }
            let detail = outcome.error.split(separator: "\n").first.map { ": \($0)" } ?? ""
            throw DecodingFailure(decoder: name, message: "`\(shown)` \(reason)\(detail)")
        }
        do {
            return try JSONParser.parse(outcome.output)
        } catch {
            throw DecodingFailure(decoder: name, message: "`\(shown)` printed something that is not JSON: \(error)")
        }
    }

    /// An open, already unlinked file holding `bytes`, positioned at its start.
    private static func temporaryFile(holding bytes: [UInt8], decoder: String) throws -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/rest-run-body-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            let opened = mkstemp(base)
            if opened >= 0 { unlink(base) }
            return opened
        }
        guard descriptor >= 0 else {
            throw DecodingFailure(decoder: decoder, message: "cannot create a temporary file in \(directory)")
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                close(descriptor)
                throw DecodingFailure(decoder: decoder, message: "cannot write the body to a temporary file in \(directory)")
            }
            offset += written
        }
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }
}
