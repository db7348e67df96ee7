import Logging
import NIOCore
import Synchronization

/// Learns which connection AsyncHTTPClient puts one request on, through the request's logger: the
/// client sets the `ahc-connection-id` metadata when it writes the request to a connection, and
/// that is the only place it says which connection a request got. Nothing is ever logged (its level
/// is `critical` and `log` does nothing), so a request pays for three metadata writes.
///
/// A client whose connections set no such metadata (HTTP/2 streams) is never taken for a reused
/// connection: such a request is never sent again, which is the plain error it was before.
final class ConnectionWitness: Sendable {
    private static let unseen: UInt8 = 0, new: UInt8 = 1, reused: UInt8 = 2
    private let connection = Atomic<UInt8>(ConnectionWitness.unseen)
    private let ledger: ReusedConnections

    /// A witness that records the connection in `ledger`.
    init(ledger: ReusedConnections) { self.ledger = ledger }

    /// The logger to hand AsyncHTTPClient with the request.
    var logger: Logger { Logger(label: "rest-run.connection", factory: { _ in Handler(witness: self) }) }

    /// Whether a request that failed with `error` (of `kind`) before any byte of an answer may be
    /// sent again: it went out on a reused connection that the server closed, or it never went out
    /// because the kept connection it was given had closed just then.
    func closedUnanswered(_ error: any Error, kind: NetworkError.Kind) -> Bool {
        guard kind == .connectionClosed else { return false }
        switch connection.load(ordering: .relaxed) {
        case Self.reused: return true
        case Self.unseen: return (error as? ChannelError) == .ioOnClosedChannel
        default: return false
        }
    }

    fileprivate func saw(connection id: String) {
        connection.store(ledger.carry(id) ? Self.reused : Self.new, ordering: .relaxed)
    }

    /// The log handler that reads the connection id out of the metadata it is given.
    private struct Handler: LogHandler {
        let witness: ConnectionWitness
        var logLevel: Logger.Level = .critical
        var metadata: Logger.Metadata {
            get { [:] }
            set {}
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { nil }
            set {
                guard key == "ahc-connection-id", case let .string(id)? = newValue else { return }
                witness.saw(connection: id)
            }
        }

        func log(event: LogEvent) {}
    }
}
