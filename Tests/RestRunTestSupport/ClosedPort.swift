#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 where connections are refused: a socket bound to it but never listening.
/// Holding the socket keeps other tests (and their servers) from taking the port meanwhile.
public final class ClosedPort: @unchecked Sendable {
    // Sendable by construction: both properties are set once in init and never change.
    /// The refused port.
    public let port: Int
    private let descriptor: Int32

    /// Binds a socket to a free port without listening.
    public init() {
        let descriptor = LoopbackSocket.tcpSocket()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
