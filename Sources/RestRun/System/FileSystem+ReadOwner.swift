extension FileSystem {
    /// The log that the current task's reads go to, and for whom they are: set around a file's
    /// loading and running by `--watch`, nil otherwise (nothing is noted).
    @TaskLocal package static var readOwner: ReadOwner?

    /// A log and the request file reads are noted for.
    package struct ReadOwner: Sendable {
        /// The log.
        package var log: ReadLog
        /// The request file (`""` for the whole run).
        package var owner: String

        /// An owner.
        package init(log: ReadLog, owner: String) {
            self.log = log
            self.owner = owner
        }
    }

    /// Notes `path` in the current task's log, if it has one.
    static func noteRead(_ path: String) {
        guard let current = readOwner else { return }
        current.log.note(path, for: current.owner)
    }
}
