#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import MachO
#endif

/// Finds and starts a helper program installed beside rest-run, over a socket pair: a write to a
/// helper that has died fails with an error instead of a SIGPIPE that would end rest-run.
package struct HelperLauncher: Sendable {
    /// The program's file name.
    let name: String
    /// The environment variable that names its path.
    let pathVariable: String

    #if canImport(Darwin)
    static let sendFlags: Int32 = 0
    #else
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// Starts the program with a socket pair on its standard input and output, and returns
    /// rest-run's end of it and the process.
    func launch() throws(HelperError) -> (socket: Int32, process: pid_t) {
        guard let path = locate() else {
            throw HelperError(message: "\(name) is not installed beside rest-run (looked in \(Self.executableDirectory() ?? "rest-run's folder") and its ../lib/rest-run; build it with `swift build --product \(name)`, or name it with \(pathVariable))")
        }
        var sockets: [Int32] = [-1, -1]
        #if canImport(Darwin)
        let paired = socketpair(AF_UNIX, SOCK_STREAM, 0, &sockets)
        #else
        let paired = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets)
        #endif
        guard paired == 0 else { throw HelperError(message: "cannot start \(name): \(String(cString: strerror(errno)))") }
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(sockets[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(sockets[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(sockets[1], F_SETFD, FD_CLOEXEC)
        #endif
        defer { close(sockets[1]) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 0)
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 1)
        // Its standard error goes nowhere; where there is no /dev/null (a bare chroot) it is
        // rest-run's own.
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { if null >= 0 { close(null) } }
        if null >= 0 { posix_spawn_file_actions_adddup2(&actions, null, 2) }
        // Nothing else of rest-run's goes to the helper: a descriptor it inherited (a connection,
        // say) would stay open as long as the helper lives, after rest-run closed its own.
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #else
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        _ = Self.addCloseFrom?(&actions, 3)
        #endif
        defer { posix_spawnattr_destroy(&attributes) }
        var process: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        // The helper needs none of rest-run's environment (secrets stay with rest-run); without
        // the Swift backtracer a crash ends it at once, and rest-run reports it.
        let environment: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no"), nil]
        defer { (arguments + environment).forEach { free($0) } }
        var spawned = posix_spawn(&process, path, &actions, &attributes, arguments, environment)
        // A file just written may still be open for writing in a child another thread is
        // starting (until that child's exec closes it): a moment later it runs.
        for _ in 0..<20 where spawned == ETXTBSY {
            usleep(10_000)
            spawned = posix_spawn(&process, path, &actions, &attributes, arguments, environment)
        }
        guard spawned == 0 else {
            close(sockets[0])
            throw HelperError(message: "cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        return (sockets[0], process)
    }

    #if !canImport(Darwin)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which closes every
    /// descriptor from a number on in the child; looked up by name, as Swift's Glibc does not
    /// declare this GNU extension. Darwin has `POSIX_SPAWN_CLOEXEC_DEFAULT` instead.
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: AddCloseFrom.self)
    }
    #endif

    /// Closes rest-run's end of a helper's socket and ends the helper.
    static func end(socket: Int32, process: pid_t) {
        close(socket)
        kill(process, SIGKILL)
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
    }

    /// The program's path: `pathVariable`'s value, else the first of rest-run's folder and its
    /// `../lib/rest-run` that holds it.
    func locate() -> String? {
        if let named = getenv(pathVariable), named.pointee != 0 { return String(cString: named) }
        guard let directory = Self.executableDirectory() else { return nil }
        return [directory + "/" + name, directory + "/../lib/rest-run/" + name].first { access($0, X_OK) == 0 }
    }

    /// The folder of the running executable.
    static func executableDirectory() -> String? {
        guard let path = executablePath(), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return String(path[..<slash])
    }

    /// The path of the running executable.
    package static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
        var size = UInt32(buffer.count)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = String(cString: buffer)
        #else
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
        return path
    }
}
