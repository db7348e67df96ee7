import Foundation
import RestRunTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `rest-run --watch`, driven by editing files while it runs.
@Suite("Watch mode", .serialized)
struct WatchTests {
    /// A watching rest-run and the folder it watches.
    final class Watching: @unchecked Sendable {
        let folder: String
        let process = Process()
        let output: String

        init(files: [String: String], arguments: [String]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, text) in files {
                let path = folder + "/" + name
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            }
            output = folder + "/.output"
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            process.executableURL = URL(fileURLWithPath: BinaryRunner.binaryPath)
            process.arguments = arguments + ["--watch"]
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            process.standardOutput = handle
            process.standardError = handle
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        var text: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        /// How many runs ended so far: each ends with the line that says what it waits for.
        var runs: Int { text.components(separatedBy: "waiting for a change").count - 1 }

        /// Waits, up to a generous bound, until `runs` runs have ended.
        func waitForRuns(_ count: Int, within limit: Duration = .seconds(10)) async throws {
            let start = ContinuousClock.now
            while runs < count, ContinuousClock.now - start < limit { try await Task.sleep(for: .milliseconds(20)) }
        }

        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }

        /// The output of the runs after the first `skipping`.
        func runs(after skipping: Int) -> String {
            text.components(separatedBy: "waiting for a change").dropFirst(skipping).joined(separator: "waiting for a change")
        }

        /// Runs `body` while the watching process is stopped (SIGSTOP), then lets it go on.
        func whileStopped(_ body: () throws -> Void) throws {
            kill(process.processIdentifier, SIGSTOP)
            defer { kill(process.processIdentifier, SIGCONT) }
            try body()
        }

        /// Ctrl-C, and the exit code.
        func interrupt() async throws -> Int32 {
            kill(process.processIdentifier, SIGINT)
            let start = ContinuousClock.now
            while process.isRunning, ContinuousClock.now - start < .seconds(10) { try await Task.sleep(for: .milliseconds(20)) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    static let routes = "routes:\n  - path: /a\n    json: { v: 1 }\n"

    @Test("a change re-runs only the files that read it, once; the run's own snapshots start nothing; Ctrl-C is 130")
    func rerunsWhatChanged() async throws {
        let watching = try Watching(files: [
            "routes.yaml": Self.routes,
            "data.json": "[1, 2]",
            "one.yaml": "requests:\n  - name: one\n    for_each: { file: data.json }\n    url: /a\n    expect: { snapshot: true }\n",
            "two.yaml": "requests:\n  - name: two\n    url: /a\n",
        ], arguments: ["one.yaml", "two.yaml", "--mock", "routes.yaml"])
        try await watching.waitForRuns(1)
        #expect(watching.runs == 1, "\(watching.text)")
        #expect(watching.text.contains("snapshot written"))
        #expect(!watching.text.contains("\u{1B}"), "no escape codes when the output is not a terminal")
        // The snapshot the first run wrote starts no run: the watcher sees its write before the
        // edit below, so a run it started would be the second, without the edit's third item.
        let editedAt = ContinuousClock.now
        try watching.write("data.json", "[1, 2, 3]")
        try await watching.waitForRuns(2)
        #expect(ContinuousClock.now - editedAt < .seconds(10))
        let second = watching.runs(after: 1)
        #expect(second.contains("one [2: 3]"), "the second run is the edit's, not the snapshot's: \(watching.text)")
        #expect(!second.contains("two"), "a file that did not read data.json does not run")

        try watching.write("two.yaml", "requests:\n  - name: two renamed\n    url: /a\n")
        try await watching.waitForRuns(3)
        let third = watching.runs(after: 2)
        #expect(third.contains("two renamed"), "\(watching.text)")
        #expect(!third.contains("one ["))

        // An invalid edit is reported, and the watch goes on.
        try watching.write("two.yaml", "requests: [\n")
        try await watching.waitForRuns(4)
        #expect(watching.runs(after: 3).contains("two.yaml:2:1: error"), "\(watching.text)")
        try watching.write("two.yaml", "requests:\n  - name: two again\n    url: /a\n")
        try await watching.waitForRuns(5)
        #expect(watching.runs(after: 4).contains("✓ two again"), "\(watching.text)")

        // Two writes close together are one change: the run after them is followed by the next
        // edit's run, not by a second run of the same change. The watch is stopped while they are
        // made, so that they are close together however busy the machine is (on a loaded machine
        // the second came after the first's 100 ms had passed: rightly, two changes).
        try watching.whileStopped {
            try watching.write("data.json", "[1]")
            try watching.write("data.json", "[1, 5]")
        }
        try await watching.waitForRuns(6)
        #expect(watching.runs(after: 5).contains("one [1: 5]"), "\(watching.text)")
        try watching.write("two.yaml", "requests:\n  - name: two at last\n    url: /a\n")
        try await watching.waitForRuns(7)
        let seventh = watching.runs(after: 6)
        #expect(seventh.contains("two at last") && !seventh.contains("one ["), "\(watching.text)")
        #expect(try await watching.interrupt() == 130)
    }

    @Test("a new request file in a folder named runs; a file included by another re-runs it; its snapshots start nothing")
    func foldersAndIncludes() async throws {
        let watching = try Watching(files: ["routes.yaml": Self.routes, "suite/notes.txt": "no request file yet\n"], arguments: ["--mock", "routes.yaml", "suite"])
        // The folder holds no request file: the first run says so and waits.
        try await watching.waitForRuns(1)
        try watching.write("suite/settings.yaml", "headers: { X-A: one }\n")
        try watching.write("suite/a.yaml", "include: settings.yaml\nrequests:\n  - name: first\n    url: /a\n    expect: { snapshot: true }\n")
        try await watching.waitForRuns(2)
        #expect(watching.text.contains("✓ first") && watching.text.contains("snapshot written"), "\(watching.text)")
        // The snapshot file that run wrote into the folder is neither a new request file nor a
        // change: the next run is the edit's.
        let runs = watching.runs
        try watching.write("suite/settings.yaml", "headers: { X-A: two }\n")
        try await watching.waitForRuns(runs + 1)
        #expect(watching.runs(after: runs).contains("✓ first"), "\(watching.text)")
        #expect(!watching.text.contains("snap.yaml"), "\(watching.text)")
        #expect(try await watching.interrupt() == 130)
    }
}
