#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OrderedCollections

/// `close(2)`, named apart from the stream's own `close()`.
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// `--report-ndjson`: the run as it goes, one JSON object a line, each written whole as it happens
/// (for editors, dashboards and coding agents): `run_started`, `file_started`, `request_finished`,
/// `file_finished` and `run_finished`. Every line has `event` and `time` (RFC 3339, UTC); secrets
/// are redacted as in every report. The format is versioned (`version` in `run_started`) and
/// described by `rest-run schema --ndjson`.
package final class NDJSONStream: RunObserver {
    /// The format's version, in `run_started`.
    package static let version = 1

    private let sink: any TextSink
    private let redactor: Redactor
    /// The file the stream writes, closed by `close()`.
    private let descriptor: Int32?

    /// A stream to `sink`.
    package init(sink: any TextSink, redactor: Redactor) {
        self.sink = sink
        self.redactor = redactor
        descriptor = nil
    }

    /// A stream to the file at `path`, created (with its folder) or emptied now, or to
    /// `standardOutput` when `path` is `-`. Throws the sentence that says why the file cannot be
    /// written.
    package init(path: String, standardOutput: any TextSink, redactor: Redactor) throws(FileSystem.ReadError) {
        self.redactor = redactor
        if path == "-" {
            sink = standardOutput
            descriptor = nil
        } else {
            let descriptor = try FileSystem.openForWritingCreatingFolders(path)
            sink = FileDescriptorSink(descriptor: descriptor)
            self.descriptor = descriptor
        }
    }

    /// Closes the file the stream writes, if it writes one.
    package func close() {
        if let descriptor { _ = closeDescriptor(descriptor) }
    }

    /// `run_started`: the command, the files and how many requests the plan holds.
    package func started(command: String, files: [String], requests: Int) {
        emit("run_started", [
            "version": .integer(Self.version), "tool": .string("rest-run \(RestRunVersion.current)"), "command": .string(command),
            "files": .array(files.map(DecodedValue.string)), "requests": .integer(requests),
        ])
    }

    /// `file_started`.
    package func runner(didStart file: RequestFile) {
        emit("file_started", ["file": .string(file.path), "name": .string(file.name)])
    }

    /// `request_finished`: every member of the JSON report's request object, with the file, the
    /// request's line and column, and each failure's line, column, expected and actual values.
    package func runner(didFinish request: RequestResult, in file: RequestFile) {
        var members: OrderedDictionary<String, DecodedValue> = [
            "file": .string(file.path), "line": request.location.map { .integer($0.line) } ?? .null,
            "column": request.location.map { .integer($0.column) } ?? .null,
        ]
        for (name, value) in JSONReport.requestMembers(request) { members[name] = value }
        members["failures"] = .array(request.failures.map { failure in
            let expectation = request.expectations.first { !$0.passed && $0.location != nil && $0.isReported(by: failure) }
            return .object([
                "message": .string(failure.message),
                "line": failure.location.map { .integer($0.line) } ?? .null,
                "column": failure.location.map { .integer($0.column) } ?? .null,
                "expected": expectation.map { .string($0.expected) } ?? .null,
                "actual": expectation.map { .string($0.actual) } ?? .null,
                "location": JSONReport.location(failure.location),
                "notes": .array(failure.notes.map(DecodedValue.string)),
            ])
        })
        emit("request_finished", members)
    }

    /// `file_finished`: the file's counts and time; an invalid file's problems.
    package func runner(didFinish file: FileResult) {
        let summary = RunSummary([file])
        var members: OrderedDictionary<String, DecodedValue> = [
            "file": .string(file.path), "name": .string(file.name), "duration_ms": JSONReport.milliseconds(file.duration),
            "passed": .integer(summary.passed), "failed": .integer(summary.failed), "errors": .integer(summary.errors),
            "skipped": .integer(summary.skipped), "invalid": .bool(file.isInvalid),
        ]
        if file.isInvalid {
            members["problems"] = .array(file.problems.map { problem in
                .object([
                    "message": .string(problem.message),
                    "line": problem.location.map { .integer($0.line) } ?? .null,
                    "column": problem.location.map { .integer($0.column) } ?? .null,
                    "location": JSONReport.location(problem.location),
                ])
            })
        }
        if let snapshots = file.snapshots { members["snapshots"] = JSONReport.snapshots(snapshots) }
        emit("file_finished", members)
    }

    /// `run_finished`: the run's counts, its exit code and whether it was interrupted.
    package func finished(_ summary: RunSummary, exitCode: ExitCode, duration: Duration, interrupted: Bool) {
        emit("run_finished", [
            "passed": .integer(summary.passed), "failed": .integer(summary.failed), "errors": .integer(summary.errors),
            "skipped": .integer(summary.skipped), "files": .integer(summary.files), "invalid_files": .integer(summary.invalidFiles),
            "exit_code": .integer(Int(exitCode.rawValue)), "duration_ms": JSONReport.milliseconds(duration),
            "interrupted": .bool(interrupted),
        ])
    }

    /// A line of `event` with `members`, in order: another command's own events (`progress` from
    /// `rest-run load`) and its `run_finished`.
    package func emit(_ event: String, _ members: [(String, DecodedValue)]) {
        var ordered = OrderedDictionary<String, DecodedValue>()
        for (name, value) in members { ordered[name] = value }
        emit(event, ordered)
    }

    private func emit(_ event: String, _ members: OrderedDictionary<String, DecodedValue>) {
        var line: OrderedDictionary<String, DecodedValue> = [
            "event": .string(event), "time": .string(ISO8601.text(secondsSince1970: WallClock.secondsSince1970(), milliseconds: true)),
        ]
        for (name, value) in members { line[name] = value }
        sink.write(redactor.redact(DecodedValue.object(line).jsonText) + "\n")
    }
}
