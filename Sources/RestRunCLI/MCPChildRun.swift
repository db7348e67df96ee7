import RestRun
import Subprocess
import SystemPackage

/// rest-run itself, run by a tool of `rest-run mcp` in the root, so a tool does exactly what the
/// command does: each line it prints goes to `line` as it comes; a cancelled tool ends it.
enum MCPChildRun {
    /// The most a tool reads of the command's output or errors.
    static let outputLimit = 64 * 1024 * 1024

    /// The command's exit code, its output and its standard error, or why it could not run.
    static func run(_ arguments: [String], root: String, line: @escaping @Sendable (String) -> Void = { _ in }) async -> Result<(status: Int, output: String, errors: String), MCPToolFailure> {
        guard let executable = HelperLauncher.executablePath() else {
            return .failure(MCPToolFailure(message: "rest-run cannot find its own program to run"))
        }
        var options = PlatformOptions()
        options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: .seconds(2))]
        do {
            let result = try await Subprocess.run(
                .path(FilePath(executable)), arguments: Arguments(arguments), environment: .inherit,
                workingDirectory: FilePath(root), platformOptions: options, input: .none, output: .sequence,
                error: .string(limit: outputLimit)
            ) { execution in
                var collected = ""
                for try await text in execution.standardOutput.strings(bufferingPolicy: .maxLineLength(outputLimit)) {
                    line(text)
                    if collected.utf8.count < outputLimit { collected += text + "\n" }
                }
                return collected
            }
            let status: Int = switch result.terminationStatus {
            case let .exited(code): Int(code)
            case let .signaled(signal): 128 + Int(signal)
            }
            return .success((status, result.closureResult, result.standardError))
        } catch is CancellationError {
            return .failure(MCPToolFailure(message: "cancelled"))
        } catch {
            return .failure(MCPToolFailure(message: "rest-run could not run: \(error)"))
        }
    }
}
