import Synchronization

/// The files a run read, by the request file each read was for (its includes, flows, data files,
/// schemas, spec, bodies), and those read for the whole run (`""`: a variables file, the mock's
/// routes): what `--watch` watches, and whom a change concerns.
package final class ReadLog: Sendable {
    private let reads = Mutex<[String: Set<String>]>([:])

    /// An empty log.
    package init() {}

    /// Notes that `path` was read for `owner`.
    package func note(_ path: String, for owner: String) {
        reads.withLock { reads in _ = reads[owner, default: []].insert(path) }
    }

    /// Every path read, by owner (`""` for the whole run).
    package var paths: [String: Set<String>] { reads.withLock { $0 } }
}
