#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw TCP sockets on 127.0.0.1 for the test servers that misbehave on purpose.
package enum LoopbackSocket {
    /// A new TCP socket, closed on exec.
    ///
    /// Every socket of the test servers is: the test process starts programs all the time (the
    /// helpers of in-process runs live until it ends), and a program that inherits a connection keeps
    /// it open after the server closed its own descriptor. A client that sent a request on it then
    /// saw neither an answer nor a close until its own 30 s timeout: the stale-connection tests'
    /// hangs under load.
    static func tcpSocket() -> Int32 {
        #if canImport(Glibc)
        return socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return descriptor
        #endif
    }

    /// A connection taken from `listener`, closed on exec as `tcpSocket()` says why; -1 with `errno`
    /// when none was.
    static func takeConnection(from listener: Int32) -> Int32 {
        #if canImport(Glibc)
        // accept4 sets the flag as the connection is made; Swift's Glibc does not declare it
        // (it is a GNU extension), so it is looked up by name.
        if let accept4 = acceptClosingOnExec {
            return accept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue))
        }
        let connection = accept(listener, nil, nil)
        if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
        return connection
        #else
        let connection = accept(listener, nil, nil)
        if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
        return connection
        #endif
    }

    /// A socket listening on 127.0.0.1 at a free port, with `backlog`, and that port.
    static func listening(backlog: Int32) throws -> (descriptor: Int32, port: Int) {
        let listener = tcpSocket()
        guard listener >= 0 else { throw FaultServerError("socket() failed") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, backlog) == 0 else { throw FaultServerError("bind/listen failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A non-blocking connection attempt to 127.0.0.1:`port`, left as it is.
    package static func connecting(to port: Int) -> Int32 {
        let descriptor = tcpSocket()
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        var address = loopback(port: port)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return descriptor
    }

    #if canImport(Glibc)
    private typealias Accept4 = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
    private static let acceptClosingOnExec: Accept4? = dlsym(nil, "accept4").map { unsafeBitCast($0, to: Accept4.self) }
    #endif

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
