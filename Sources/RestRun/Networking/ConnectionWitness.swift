import Logging
import NIOCore
import Synchronization

/// Learns which connection AsyncHTTPClient puts each request of a run on, and whether that
/// connection had carried a request before.
///
/// A server may close a kept-alive connection just as the next request goes out on it (its
/// keep-alive timeout ran out, or it serves one request per connection and said nothing). curl
/// sends such a request again on a new connection; so does the networker, once it knows the
/// connection was reused. AsyncHTTPClient says which connection a request got only through the
/// request's logger: it sets `ahc-request-id` when the request starts and `ahc-connection-id`
/// when it writes the request to a connection. The one logger of a pool reads both out of the
/// metadata it is given; nothing is ever logged (its level is `critical` and `log` does nothing).
///
/// A client whose connections set no such metadata (HTTP/2 streams) is never taken for a reused
/// connection: such a request is never sent again, which is the plain error it was before.
package final class ConnectionWitness: Sendable {
    /// The logger every request of the pool is sent with.
    var logger: Logger { Logger(label: "", factory: { [self] _ in Handler(witness: self) }) }

    private struct WitnessState {
        /// A bit per connection id that has carried a request.
        var used: [UInt64] = []
        /// The latest requests by `ahc-request-id` modulo its size: the request and whether its
        /// connection had carried one before.
        var requests = [(request: Int, reused: Bool)](repeating: (-1, false), count: ConnectionWitness.requestsKept)
    }

    private let state = Mutex(WitnessState())
    private static let requestsKept = 4096
    /// Past this connection id the bits start again: a connection forgotten is taken for a new
    /// one, which is the plain error it was before, never a request sent twice.
    private static let connectionLimit = 1 << 24

    /// An empty witness.
    package init() {}

    /// Whether a request that failed with `error` (of `kind`) before any byte of an answer may be
    /// sent again: it went out on a reused connection that the server closed, or it never went out
    /// because the kept connection it was given had closed just then. `logger` is the task's.
    func closedUnanswered(_ error: any Error, kind: NetworkError.Kind, logger: Logger) -> Bool {
        guard kind == .connectionClosed, let request = (logger.handler as? Handler)?.request else { return false }
        let entry = state.withLock { $0.requests[request % Self.requestsKept] }
        guard entry.request == request else { return (error as? ChannelError) == .ioOnClosedChannel }
        return entry.reused
    }

    fileprivate func carry(request: Int, connection: Int) {
        guard request >= 0, connection >= 0 else { return }
        state.withLock { state in
            if connection >= Self.connectionLimit { state.used.removeAll() }
            let id = connection % Self.connectionLimit
            let word = id / 64, bit = UInt64(1) << UInt64(id % 64)
            if word >= state.used.count { state.used.append(contentsOf: repeatElement(0, count: word + 1 - state.used.count)) }
            let reused = state.used[word] & bit != 0
            state.used[word] |= bit
            state.requests[request % Self.requestsKept] = (request, reused)
        }
    }

    /// The log handler that reads the request and connection ids out of the metadata it is given.
    private struct Handler: LogHandler {
        let witness: ConnectionWitness
        /// `ahc-request-id`, once the request has one.
        var request = -1
        var logLevel: Logger.Level = .critical
        var metadata: Logger.Metadata {
            get { [:] }
            set {}
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { nil }
            set {
                // Most keys are told apart by their length alone.
                switch key.utf8.count {
                case 14 where key == "ahc-request-id":
                    if case let .string(text)? = newValue { request = Self.number(text) }
                case 17 where key == "ahc-connection-id":
                    if case let .string(text)? = newValue { witness.carry(request: request, connection: Self.number(text)) }
                default:
                    break
                }
            }
        }

        /// The decimal number `text` spells, or -1: a few instructions for the short ids
        /// AsyncHTTPClient writes, where `Int(_:)` costs a hundred on every request.
        static func number(_ text: String) -> Int {
            var value = 0
            for byte in text.utf8 {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), value < Int.max / 10 - 10 else { return -1 }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return text.isEmpty ? -1 : value
        }

        func log(event: LogEvent) {}
    }
}
