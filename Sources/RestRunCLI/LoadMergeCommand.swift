import ArgumentParser
import RestRun

/// `rest-run load merge A.json B.json...`: the reports of shards (`--shard K/N`) as one run.
struct LoadMergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the JSON reports of load shards: histograms added exactly, timelines second by second, thresholds applied to the whole.",
        discussion: """
            EXIT CODES:
              0    every threshold held
              1    usage error, or a report that cannot be read
              4    a threshold failed
            """)

    @Argument(help: ArgumentHelp("The reports (rest-run load --report-json).", valueName: "REPORT"), completion: .file(extensions: ["json"]))
    var reports: [String] = []

    @Option(name: .customLong("threshold"), help: ArgumentHelp("A bound that fails the merged run (exit 4), as rest-run load takes it; repeatable.", valueName: "BOUND"))
    var thresholds: [String] = []

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write the merged summary as JSON (- for standard output).", valueName: "FILE"), completion: .file())
    var reportJSON: String?

    @Option(name: .customLong("report-html"), help: ArgumentHelp("Write the merged run as a self-contained HTML page.", valueName: "FILE"), completion: .file(extensions: ["html"]))
    var reportHTML: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if reports.isEmpty { throw ValidationError("name the JSON reports to merge") }
        for text in thresholds {
            if case let .failure(error) = LoadThreshold.parse(text) { throw ValidationError("--threshold '\(text)': expected \(error.expected)") }
        }
        if reportJSON == "-", reportHTML == "-" { throw ValidationError("only one report can go to standard output") }
    }

    func run() async throws {
        let stdout = FileDescriptorSink.standardOutput
        let stderr = FileDescriptorSink.standardError
        var summaries: [LoadSummary] = []
        for path in reports {
            do {
                let text = try FileSystem.readText(path, limit: 512 * 1024 * 1024)
                summaries.append(try LoadSummary.read(try JSONParser.parse(text)))
            } catch let error as LoadSummary.UnreadableReport {
                stderr.write("error: \(path): \(error.message)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
            } catch let error as JSONParser.Failure {
                stderr.write("error: \(path) is not JSON: \(error.description)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
            } catch {
                stderr.write("error: \(error)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
            }
        }
        guard let merged = LoadSummary.merge(summaries) else { throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue) }
        let verdicts = merged.check(thresholds.compactMap { if case let .success(threshold) = LoadThreshold.parse($0) { threshold } else { nil } })
        let console: any TextSink = reportJSON == "-" || reportHTML == "-" ? stderr : stdout
        if !output.quiet { console.write(LoadConsole.summary(merged, verdicts: verdicts, colors: output.colors(for: console))) }
        if let problem = LoadReports.write(merged, verdicts: verdicts, json: reportJSON, html: reportHTML, standardOutput: stdout) {
            stderr.write("error: \(problem)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.runtimeError.rawValue)
        }
        if !verdicts.allSatisfy(\.held) { throw ArgumentParser.ExitCode(RestRun.ExitCode.expectationFailed.rawValue) }
    }
}
