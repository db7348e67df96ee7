import Synchronization

/// The connections of a run that have carried a request, by AsyncHTTPClient's connection id, so
/// that a request put on one of them again is known to be on a reused connection.
///
/// A server may close a kept-alive connection just as the next request goes out on it (its
/// keep-alive timeout ran out, or it serves one request per connection and said nothing). curl
/// sends such a request again on a new connection; so does the networker, once it knows the
/// connection was reused (`ConnectionWitness` tells it which one the request got).
package final class ReusedConnections: Sendable {
    private let used = Mutex(Set<String>())
    /// Past this many ids the set starts again: a connection forgotten is taken for a new one,
    /// which is the plain error it was before, never a request sent twice.
    private static let limit = 65_536

    /// An empty ledger.
    package init() {}

    /// Records that connection `id` carries a request now, and returns whether it had carried one
    /// before.
    package func carry(_ id: String) -> Bool {
        used.withLock { used in
            if used.count >= Self.limit { used.removeAll(keepingCapacity: true) }
            return !used.insert(id).inserted
        }
    }
}
