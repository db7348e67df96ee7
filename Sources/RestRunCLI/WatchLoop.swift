import ArgumentParser
import RestRun

/// `rest-run --watch`: runs the files, then waits; when a file a run read changes, the request
/// files that read it run again, and only those. Changes are found by their files' stamps, looked
/// at when the watcher says a watched folder changed, 100 ms after the first such word, so that
/// an editor's several writes are one change; a snapshot file the run itself wrote is stamped
/// after the run, so it starts nothing. Ctrl-C ends it with 130.
struct WatchLoop: Sendable {
    /// The command, with the files and options to run.
    let command: RunCommand

    /// How often the watcher is asked.
    static let tick = Duration.milliseconds(50)
    /// How long after the first change others are waited for, to run once for all of them.
    static let settling = Duration.milliseconds(100)

    /// What a run of the loop left to watch.
    private struct Watched: Sendable {
        /// Each request file's dependencies (absolute paths): itself, what it read, its snapshots.
        var dependencies: [String: Set<String>] = [:]
        /// What the whole run read (a variables file, the mock's routes): every file depends on it.
        var shared: Set<String> = []
        /// The stamp each watched path had when it was last read (nil: it did not exist).
        var stamps: [String: FileStamp?] = [:]
    }

    /// Runs until Ctrl-C, and returns its exit code.
    func run() async -> RestRun.ExitCode {
        let watcher = FileWatcher()
        // Where the run's own lines go: standard error when a report takes standard output.
        let console = command.reports.named.contains { $0.path == "-" } ? FileDescriptorSink.standardError : FileDescriptorSink.standardOutput
        let clears = console.isTerminal
        var watched = Watched()
        var selection: Set<String>?  // nil: every file
        while true {
            if clears { console.write("\u{1B}[H\u{1B}[2J\u{1B}[3J") }
            let outcome = await runOnce(selection, into: &watched)
            if outcome == .interrupted { return .interrupted }
            watcher.watch(folders(of: watched))
            let files = watched.dependencies.count
            let paths = Set(watched.dependencies.values.joined()).union(watched.shared).count
            if files == 0 {
                console.write("watching \(command.input.paths.joined(separator: ", ")): waiting for a change (Ctrl-C to stop)\n")
            } else {
                console.write("watching \(paths) file\(paths == 1 ? "" : "s") that \(files) request file\(files == 1 ? "" : "s") read: waiting for a change (Ctrl-C to stop)\n")
            }
            let current = watched
            let waiting = Task { [self] in await nextChange(watcher, current) }
            let interruption = Interruption { waiting.cancel() }
            let changed = await waiting.value
            interruption.end()
            guard let changed else { return .interrupted }
            selection = changed
        }
    }

    /// Runs the files in `selection` (all when nil, and any new in a folder named), noting what
    /// each read; a mistake that stops the run (a variables file, no file selected) is printed.
    private func runOnce(_ selection: Set<String>?, into watched: inout Watched) async -> RestRun.ExitCode {
        let log = ReadLog()
        var files: [String] = []
        let code: RestRun.ExitCode
        do {
            files = try command.files()
            let running = selection.map { chosen in files.filter { chosen.contains(Self.absolute($0)) || watched.dependencies[Self.absolute($0)] == nil } } ?? files
            // What these files read is stamped as it is before they read it: an edit made while
            // they run still counts as a change.
            for path in running.flatMap({ watched.dependencies[Self.absolute($0)] ?? [] }) + watched.shared {
                watched.stamps[path] = FileStamp(path)
            }
            code = try await FileSystem.$readOwner.withValue(FileSystem.ReadOwner(log: log, owner: "")) {
                try await command.runOnce(paths: running, readLog: log)
            }
            files = running
        } catch let exit as ArgumentParser.ExitCode {
            code = RestRun.ExitCode(rawValue: exit.rawValue) ?? .usage
        } catch {
            // The sentence alone: the usage lines after it are not what a watcher needs.
            let message = RestRunCommand.fullMessage(for: error).prefix { $0 != "\n" }
            FileDescriptorSink.standardError.write("error: \(message.hasPrefix("Error: ") ? message.dropFirst(7) : message)\n")
            code = .usage
        }
        let reads = log.paths
        watched.shared.formUnion((reads[""] ?? []).map(Self.absolute))
        for file in files {
            let path = Self.absolute(file)
            watched.dependencies[path] = Set((reads[file] ?? []).map(Self.absolute) + [path, Self.absolute(SnapshotFile.path(for: file))])
        }
        // What the run wrote (snapshots) is stamped now, as is what it read for the first time.
        for path in Set(watched.dependencies.values.joined()).union(watched.shared) where path.hasSuffix(".snap.yaml") || watched.stamps[path] == nil {
            watched.stamps[path] = FileStamp(path)
        }
        return code
    }

    /// The request files that a change concerns (every one, for a shared file; a new request file
    /// in a folder named), once one happened; nil when cancelled.
    private func nextChange(_ watcher: FileWatcher, _ watched: Watched) async -> Set<String>? {
        // The stamps are looked at once before any event: a change made between the end of the
        // run and the watch's start has had its event already.
        var looks = true
        while true {
            do {
                if !looks {
                    try await Task.sleep(for: Self.tick)
                    guard watcher.takeEvents() else { continue }
                    try await Task.sleep(for: Self.settling)
                    _ = watcher.takeEvents()
                }
                looks = false
            } catch {
                return nil
            }
            let changed = Set(watched.stamps.compactMap { path, stamp in FileStamp(path) != stamp ? path : nil })
            let current = Set(((try? command.files()) ?? []).map(Self.absolute))
            let added = current.subtracting(watched.dependencies.keys)
            guard !changed.isEmpty || !added.isEmpty else { continue }
            if !changed.isDisjoint(with: watched.shared) { return Set(watched.dependencies.keys).union(added) }
            return Set(watched.dependencies.filter { !$0.value.isDisjoint(with: changed) }.keys).union(added)
        }
    }

    /// The folders to watch: those of every watched path, and every folder the command names.
    private func folders(of watched: Watched) -> Set<String> {
        var folders = Set(watched.stamps.keys.map { path in
            path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        })
        for path in command.input.paths where FileSystem.isDirectory(path) {
            folders.insert(Self.absolute(path))
            for file in (try? InputFiles.expand([path], globs: [])) ?? [] {
                let absolute = Self.absolute(file)
                if let slash = absolute.lastIndex(of: "/") { folders.insert(String(absolute[..<slash])) }
            }
        }
        return folders
    }

    /// `path` from the root, with `.` and `..` worked out.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileSystem.currentDirectory() + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." && !part.isEmpty {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
