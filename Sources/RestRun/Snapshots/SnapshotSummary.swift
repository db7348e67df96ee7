/// What a file's run did to its snapshot file: the entries it wrote and rewrote, those whose
/// request no longer exists (obsolete) and those it removed.
package struct SnapshotSummary: Sendable {
    /// The snapshot file.
    package var path: String
    /// Entries recorded for the first time.
    package var written: [String] = []
    /// Entries rewritten with `--update-snapshots`.
    package var updated: [String] = []
    /// Entries no request made: left in the file.
    package var obsolete: [String] = []
    /// Entries no request made: removed with `--update-snapshots`.
    package var removed: [String] = []
    /// Why the file could not be written, if it could not.
    package var problem: Diagnostic?

    /// An empty summary for the file at `path`.
    package init(path: String) {
        self.path = path
    }

    /// Whether there is anything to say.
    package var isEmpty: Bool {
        written.isEmpty && updated.isEmpty && obsolete.isEmpty && removed.isEmpty && problem == nil
    }
}
