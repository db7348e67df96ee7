#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening socket on 127.0.0.1 whose accept queue is full, so that a new connection is never
/// accepted: what a client sees of a host that answers nothing.
public struct FullBacklog: Sendable {
    /// The port nobody gets through to.
    public let port: Int
    private let descriptors: [Int32]

    /// Listens with a backlog of zero and fills it.
    public init() throws {
        let listener = socket(AF_INET, FaultServer.streamType, 0)
        guard listener >= 0 else { throw FaultServerError("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 0) == 0 else { throw FaultServerError("bind/listen failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        var descriptors = [listener]
        for _ in 0..<3 {
            let filler = socket(AF_INET, FaultServer.streamType, 0)
            _ = fcntl(filler, F_SETFL, O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            descriptors.append(filler)
        }
        self.descriptors = descriptors
        usleep(100_000)
    }

    /// Closes the listener and the connections that fill its queue.
    public func stop() {
        for descriptor in descriptors { closeDescriptor(descriptor) }
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
