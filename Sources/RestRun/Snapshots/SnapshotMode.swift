/// What a run does with snapshots: records missing ones, fails on them (`--ci`), or rewrites the
/// ones that differ and removes obsolete ones (`--update-snapshots`).
package enum SnapshotMode: Sendable {
    /// A missing snapshot is written; a different one fails.
    case record
    /// A missing snapshot fails and nothing is written, as on a CI machine.
    case ci
    /// A missing or different snapshot is written; obsolete ones are removed.
    case update
}
