#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import MachO
#endif
import Synchronization

/// A program installed beside rest-run that answers one line of JSON with one line, started on
/// first use and kept for the rest of the process. It talks over a socket pair rather than pipes:
/// a write to a helper that has died fails with an error instead of a SIGPIPE that would end
/// rest-run. A helper that stops, answers too slowly or too much is ended, and the next use starts
/// a new one.
package final class HelperProcess: Sendable {
    /// Why a helper could not answer: one sentence.
    package struct HelperError: Error, Sendable {
        /// The sentence.
        package var message: String
    }

    /// A running helper, lent to one caller at a time.
    package struct Connection {
        fileprivate let socket: Int32
        fileprivate let process: pid_t
        /// Which start of the helper this is: what an earlier one was told, this one does not know.
        package let generation: Int
        fileprivate let name: String
        fileprivate let timeout: Duration
        fileprivate let answerLimit: Int

        /// Sends `line` (without its newline) and returns the answer line.
        package func exchange(_ line: String) throws(HelperError) -> [UInt8] {
            var bytes = Array(line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            var offset = 0
            while offset < bytes.count {
                let sent = bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return send(socket, base + offset, buffer.count - offset, HelperProcess.sendFlags)
                }
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { throw HelperError(message: "\(name) stopped before it read its request") }
                offset += sent
            }
            var answer: [UInt8] = []
            let deadline = ContinuousClock.now + timeout
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { throw HelperError(message: "\(name) did not answer within \(DurationText.format(timeout))") }
                var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(min(left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
                let polled = poll(&ready, 1, milliseconds)
                if polled < 0, errno == EINTR { continue }
                guard polled >= 0 else { throw HelperError(message: "\(name) cannot be read from") }
                guard polled > 0 else { continue }
                let count = chunk.withUnsafeMutableBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return recv(socket, base, buffer.count, 0)
                }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { throw HelperError(message: "\(name) stopped before it answered") }
                if let end = chunk[..<count].firstIndex(of: UInt8(ascii: "\n")) {
                    answer += chunk[..<end]
                    return answer
                }
                answer += chunk[..<count]
                guard answer.count <= answerLimit else { throw HelperError(message: "\(name) answered more than \(ByteCount.format(answerLimit))") }
            }
        }
    }

    private struct State {
        var connection: Connection?
        var starts = 0
    }

    /// The program's file name, looked for beside rest-run's executable (a build folder) and in
    /// `../lib/rest-run/` from it (where `scripts/install` and the Debian package put it).
    package let name: String
    /// An environment variable that names the program's path, for installs that put it elsewhere.
    package let pathVariable: String
    private let timeout: Duration
    private let answerLimit: Int
    private let state = Mutex(State())

    #if canImport(Darwin)
    fileprivate static let sendFlags: Int32 = 0
    #else
    fileprivate static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// A helper named `name`, found through `pathVariable` or beside rest-run.
    package init(name: String, pathVariable: String, timeout: Duration = .seconds(60), answerLimit: Int = 16 * 1024 * 1024) {
        self.name = name
        self.pathVariable = pathVariable
        self.timeout = timeout
        self.answerLimit = answerLimit
    }

    /// Runs `body` with the helper to itself, starting it first when none runs; a failure ends the
    /// helper.
    package func withConnection<Result>(_ body: (Connection) throws(HelperError) -> Result) throws(HelperError) -> Result {
        try state.withLock { state throws(HelperError) -> Result in
            let connection: Connection
            if let running = state.connection {
                connection = running
            } else {
                state.starts += 1
                connection = try start(generation: state.starts)
                state.connection = connection
            }
            do throws(HelperError) {
                return try body(connection)
            } catch {
                Self.end(connection)
                state.connection = nil
                throw error
            }
        }
    }

    /// Whether the program can be found (it may still fail to start).
    package var isInstalled: Bool { locate() != nil }

    private func start(generation: Int) throws(HelperError) -> Connection {
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
        var process: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        // The helper needs none of rest-run's environment (secrets stay with rest-run); without
        // the Swift backtracer a crash ends it at once, and rest-run reports it.
        let environment: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no"), nil]
        defer { (arguments + environment).forEach { free($0) } }
        var spawned = posix_spawn(&process, path, &actions, nil, arguments, environment)
        // A file just written may still be open for writing in a child another thread is
        // starting (until that child's exec closes it): a moment later it runs.
        for _ in 0..<20 where spawned == ETXTBSY {
            usleep(10_000)
            spawned = posix_spawn(&process, path, &actions, nil, arguments, environment)
        }
        guard spawned == 0 else {
            close(sockets[0])
            throw HelperError(message: "cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        return Connection(socket: sockets[0], process: process, generation: generation, name: name, timeout: timeout, answerLimit: answerLimit)
    }

    private static func end(_ connection: Connection) {
        close(connection.socket)
        kill(connection.process, SIGKILL)
        var status: Int32 = 0
        while waitpid(connection.process, &status, 0) < 0, errno == EINTR {}
    }

    /// The program's path: `pathVariable`'s value, else the first of rest-run's folder and its
    /// `../lib/rest-run` that holds it.
    private func locate() -> String? {
        if let named = getenv(pathVariable), named.pointee != 0 { return String(cString: named) }
        guard let directory = Self.executableDirectory() else { return nil }
        return [directory + "/" + name, directory + "/../lib/rest-run/" + name].first { access($0, X_OK) == 0 }
    }

    /// The folder of the running executable.
    private static func executableDirectory() -> String? {
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
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return String(path[..<slash])
    }
}
