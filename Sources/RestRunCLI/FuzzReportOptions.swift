import ArgumentParser
import RestRun
import RestRunFuzzing

/// Where `rest-run fuzz` saves its findings and writes its reports.
struct FuzzReportOptions: ParsableArguments {
    @Option(name: .customLong("save"), help: ArgumentHelp("Where findings are saved as request files.", valueName: "DIR"), completion: .directory)
    var save = ".rest-run/findings"

    @Option(name: .customLong("report-junit"), help: ArgumentHelp("Write a JUnit XML report: a test case per operation, a failure per finding.", valueName: "FILE"), completion: .file(extensions: ["xml"]))
    var reportJUnit: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report of the operations and findings.", valueName: "FILE"), completion: .file(extensions: ["json"]))
    var reportJSON: String?

    @Option(name: .customLong("report-html"), help: ArgumentHelp("Write a self-contained HTML report.", valueName: "FILE"), completion: .file(extensions: ["html"]))
    var reportHTML: String?

    @Option(name: .customLong("report-ndjson"), help: ArgumentHelp("Write the run as it goes, one JSON object a line: run_started, a finding line for each finding, run_finished (- for standard output).", valueName: "FILE"), completion: .file(extensions: ["ndjson", "jsonl"]))
    var reportNDJSON: String?

    /// Writes each report asked for; one that cannot be written is a sentence and exit 1.
    func write(_ report: FuzzReport, spec: OpenAPISpec, selected: [Int], baseURL: String, redactor: Redactor, errors: any TextSink) throws {
        let reports: [(String?, () -> String)] = [
            (reportJUnit, { FuzzReports.junit(report, spec: spec, selected: selected, redactor: redactor) }),
            (reportJSON, { FuzzReports.json(report, spec: spec, baseURL: baseURL, redactor: redactor).prettyJSONText + "\n" }),
            (reportHTML, { FuzzReports.html(report, spec: spec, baseURL: baseURL, redactor: redactor) }),
        ]
        for case let (path?, render) in reports {
            do {
                try FileSystem.writeCreatingFolders(render(), to: path)
            } catch {
                errors.write("error: cannot write the report '\(path)': \(error.message)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
            }
        }
    }

    /// The `--report-ndjson` stream, opened; nil without the option.
    func events(redactor: Redactor) throws(FileSystem.ReadError) -> NDJSONStream? {
        try reportNDJSON.map { path throws(FileSystem.ReadError) in
            try NDJSONStream(path: path, standardOutput: FileDescriptorSink.standardOutput, redactor: redactor)
        }
    }
}
