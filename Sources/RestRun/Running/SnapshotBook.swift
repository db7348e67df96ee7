/// One file's snapshots during its run: read when the first result needs them, compared with
/// each result as it comes out of its step (when its name is final), and written once when the
/// file is done, only if an entry changed.
struct SnapshotBook {
    /// The snapshot file.
    let path: String
    /// What the run does with missing and different snapshots.
    let mode: SnapshotMode
    /// The entries as the file holds them now (with this run's changes); nil until read.
    private var entries: [String: SnapshotEntry]?
    /// Why the file could not be read, if it could not.
    private var unreadable: DiagnosticList?
    /// Whether `entries` differs from the file.
    private var changed = false
    /// The entries this run made.
    private var made: Set<String> = []
    /// How many results of this run had each name: a second request of the same name (two
    /// unnamed `GET /items`) records its own entry, `GET /items #2`.
    private var occurrences: [String: Int] = [:]
    private var summary: SnapshotSummary

    /// The book of the request file at `requestFile`.
    init(requestFile: String, mode: SnapshotMode) {
        path = SnapshotFile.path(for: requestFile)
        self.mode = mode
        summary = SnapshotSummary(path: path)
    }

    private mutating func read() {
        guard entries == nil else { return }
        do {
            entries = try SnapshotFile.read(path) ?? [:]
        } catch {
            unreadable = error
            entries = [:]
        }
    }

    /// Compares `result`'s takes with their snapshots: a difference fails it, one change a
    /// failure; a missing snapshot is recorded (a note says so), or fails with `--ci`.
    mutating func settle(_ result: inout RequestResult) {
        // Most results have none: nothing else is done for them.
        guard !result.snapshotTakes.isEmpty else { return }
        let takes = result.snapshotTakes
        result.snapshotTakes = []
        read()
        if let unreadable, mode != .update {
            var failure = unreadable.diagnostics.first ?? Diagnostic("cannot read the snapshots in '\(path)'")
            failure.notes.append("--update-snapshots writes the file anew")
            result.failures.append(failure)
            result.outcome = .failed
            return
        }
        let passedOtherwise = result.outcome == .passed
        for take in takes {
            let written = result.name + (take.run.map { " [\($0)]" } ?? "")
            let occurrence = occurrences[written, default: 0] + 1
            occurrences[written] = occurrence
            let name = occurrence == 1 ? written : written + " #\(occurrence)"
            made.insert(name)
            if let recorded = entries?[name] {
                let changes = SnapshotDiff.changes(from: recorded, to: take.entry, ignoring: take.ignore)
                guard !changes.isEmpty else { continue }
                if mode == .update, passedOtherwise {
                    record(take.entry, as: name)
                    summary.updated.append(name)
                    result.notes.append("snapshot updated")
                } else {
                    report(changes, of: name, shownAs: take.run.map { "snapshot [\($0)]" } ?? "snapshot", in: &result)
                }
            } else if mode == .ci {
                result.failures.append(Diagnostic(
                    "no snapshot recorded for \"\(name)\" (run with --update-snapshots)", at: result.location,
                    notes: ["snapshots are not written on CI (--ci, or the CI environment variable)"]))
                result.outcome = .failed
            } else if passedOtherwise {
                record(take.entry, as: name)
                summary.written.append(name)
                result.notes.append("snapshot written")
            } else {
                result.notes.append("snapshot not written: the request failed")
            }
        }
    }

    private mutating func record(_ entry: SnapshotEntry, as name: String) {
        entries?[name] = entry
        changed = true
    }

    /// Each change as a failed expectation and a failure at the request's line, at most
    /// `shownChanges`, then how many more.
    private func report(_ changes: [SnapshotChange], of name: String, shownAs label: String, in result: inout RequestResult) {
        for (index, change) in changes.prefix(Self.shownChanges).enumerated() {
            var failure = Diagnostic("\(label): \(change.message)", at: result.location)
            if index == 0 {
                failure.notes.append("recorded in \(path) as \"\(name)\"; --update-snapshots records the new response")
            }
            result.failures.append(failure)
            result.expectations.append(ExpectationResult(
                label: "\(label): \(change.place)", passed: false, expected: change.old.map(SnapshotChange.shown) ?? "(absent)",
                actual: change.new.map(SnapshotChange.shown) ?? "(absent)", location: result.location))
        }
        if changes.count > Self.shownChanges {
            let more = changes.count - Self.shownChanges
            result.failures.append(Diagnostic("\(label): … and \(more) more change\(more == 1 ? "" : "s")", at: result.location))
        }
        result.outcome = .failed
    }

    /// The most changes a snapshot's failure lists.
    static let shownChanges = 20

    /// Ends the file's run, whose results are `results`: finds the obsolete entries (all of them
    /// when `complete`, the whole file having run; else only those of requests that ran), removes
    /// them with `--update-snapshots`, and writes the file when an entry changed. Nil when the
    /// file has no snapshots and made none.
    mutating func finish(complete: Bool, results: [RequestResult]) -> SnapshotSummary? {
        if entries == nil, !FileSystem.exists(path) { return nil }
        read()
        guard unreadable == nil || mode == .update, var entries else { return nil }
        // Results that got no response keep every entry they could have made; a request that got
        // one (named without a `for_each` item's label) shows that its other entries are gone.
        var unfinished: [String] = []
        var finished: Set<String> = []
        for result in results {
            switch result.outcome {
            case .skipped, .error: unfinished.append(result.name)
            case .passed, .failed: finished.insert(result.statisticsKey?.name ?? result.name)
            }
        }
        func isObsolete(_ name: String) -> Bool {
            func isOf(_ owner: String) -> Bool { name == owner || name.hasPrefix(owner + " [") }
            if unfinished.contains(where: isOf) { return false }
            return complete || finished.contains(where: isOf)
        }
        for name in SnapshotDiff.sortedNames(entries.keys) where !made.contains(name) && isObsolete(name) {
            if mode == .update {
                entries[name] = nil
                changed = true
                summary.removed.append(name)
            } else {
                summary.obsolete.append(name)
            }
        }
        if changed, mode != .ci {
            do {
                if entries.isEmpty {
                    try FileSystem.remove(path, withEmptyFolder: true)
                } else {
                    let text = SnapshotFile.text(of: entries)
                    // Rewritten only when its bytes change, so that git, make and watchers see nothing.
                    if (try? FileSystem.readText(path)) != text { try FileSystem.replaceAtomically(path, with: text) }
                }
            } catch {
                summary.problem = Diagnostic("cannot write the snapshots: \(error.message)")
            }
        }
        return summary.isEmpty && entries.isEmpty ? nil : summary
    }
}
