#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// An MCP server program rest-run started, with pipes on its standard input, output and error,
/// in a process group of its own (what it starts in turn ends with it).
struct MCPServerProcess: Sendable {
    let process: pid_t
    /// rest-run's ends: what it writes to the server, what it reads of its output and its errors.
    let input: Int32
    let output: Int32
    let errors: Int32

    /// The variables a server gets from rest-run's own environment, as the official SDKs'
    /// clients pass them: enough to find programs and a home, none of rest-run's secrets.
    static let passedVariables = ["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "LOGNAME", "USER", "SHELL", "TERM", "TMPDIR", "SYSTEMROOT"]

    /// Starts `command` in `folder` with the minimal environment and `environment` over it.
    static func start(command: [String], environment: [String: String], folder: String, inherited: [String: String]) throws(MCPFailure) -> MCPServerProcess {
        guard let program = command.first, !program.isEmpty else {
            throw MCPFailure(.unreachable, "'command' names no program")
        }
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                for pair in pipes { pair.forEach { close($0) } }
                throw MCPFailure(.unreachable, "cannot start \(program): \(String(cString: strerror(errno)))")
            }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            pipes.append(ends)
        }
        // The child reads pipes[0][0] and writes pipes[1][1] and pipes[2][1].
        defer { close(pipes[0][0]); close(pipes[1][1]); close(pipes[2][1]) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
        #if canImport(Darwin)
        posix_spawn_file_actions_addchdir_np(&actions, folder)
        #else
        _ = Self.addChdir?(&actions, folder)
        #endif
        #if canImport(Darwin)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT | POSIX_SPAWN_SETPGROUP))
        #else
        _ = HelperLauncher.addCloseFrom?(&actions, 3)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        #endif
        posix_spawnattr_setpgroup(&attributes, 0)
        var variables: [String: String] = [:]
        for name in passedVariables { if let value = inherited[name] { variables[name] = value } }
        variables.merge(environment) { _, given in given }
        let arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let pairs: [UnsafeMutablePointer<CChar>?] = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + pairs).forEach { free($0) } }
        var process: pid_t = 0
        // The program is looked for on rest-run's PATH when it names no folder, as a shell would.
        let spawned = program.contains("/")
            ? posix_spawn(&process, program, &actions, &attributes, arguments, pairs)
            : posix_spawnp(&process, program, &actions, &attributes, arguments, pairs)
        guard spawned == 0 else {
            close(pipes[0][1]); close(pipes[1][0]); close(pipes[2][0])
            var reason = String(cString: strerror(spawned))
            if spawned == ENOENT { reason = program.contains("/") ? "no such file" : "no such program on PATH" }
            throw MCPFailure(.unreachable, "cannot start the MCP server `\(program)`: \(reason)")
        }
        return MCPServerProcess(process: process, input: pipes[0][1], output: pipes[1][0], errors: pipes[2][0])
    }

    #if !canImport(Darwin)
    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), looked up by name as
    /// Swift's Glibc does not declare this GNU extension.
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: AddChdir.self)
    }
    #endif

    /// Whether the process has ended, reaping it if so.
    func hasEnded() -> Bool {
        var status: Int32 = 0
        let result = waitpid(process, &status, WNOHANG)
        return result == process || (result < 0 && errno == ECHILD)
    }

    /// Ends the server as the MCP specification says, once its input is closed: waits for it to
    /// exit, then sends SIGTERM, waits again, then SIGKILL.
    func end(grace: Duration = .seconds(2)) {
        let steps = Int(grace.components.seconds) * 50 + 1
        func waited() -> Bool {
            for _ in 0..<steps {
                if hasEnded() { return true }
                usleep(20_000)
            }
            return false
        }
        if waited() { return }
        kill(-process, SIGTERM)
        if waited() { return }
        kill(-process, SIGKILL)
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
    }
}
