import ArgumentParser
import RestRun

/// `rest-run coverage merge FILE...`: the OpenAPI coverage of several runs (CI shards) together.
struct CoverageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Work with OpenAPI coverage reports (--report-coverage).",
        subcommands: [CoverageMergeCommand.self])
}

/// Merges `--report-coverage` files, prints the table, and gates on `--min-coverage`.
struct CoverageMergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the --report-coverage files of several runs (such as --shard K/N jobs), print the table, and gate on --min-coverage.")

    @Argument(help: ArgumentHelp("Coverage reports written by --report-coverage.", valueName: "FILE"), completion: .file(extensions: ["json"]))
    var files: [String]

    @Option(name: .customLong("report-coverage"), help: ArgumentHelp("Write the merged report.", valueName: "FILE"), completion: .file(extensions: ["json"]))
    var reportCoverage: String?

    @Option(name: .customLong("min-coverage"), help: ArgumentHelp("Fail (exit 4) below this percentage (0 to 100) of operations.", valueName: "PERCENT"))
    var minCoverage: PercentageArgument?

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let stdout = FileDescriptorSink.standardOutput, stderr = FileDescriptorSink.standardError
        var merged: CoverageReport?
        for file in files {
            let report: CoverageReport
            do {
                guard let read = CoverageReport(json: try JSONParser.parse(try FileSystem.readBytes(file))) else {
                    stderr.write("error: '\(file)' is not a coverage report written by --report-coverage\n")
                    throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
                }
                report = read
            } catch let error as ArgumentParser.ExitCode {
                throw error
            } catch {
                stderr.write("error: cannot read '\(file)': \(error)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
            }
            merged = merged.map { $0.merged(with: report) } ?? report
        }
        guard let merged else { return }
        stdout.write(merged.table(colors: output.colors(for: stdout)))
        if let reportCoverage {
            do {
                try FileSystem.write(merged.json.prettyJSONText + "\n", to: reportCoverage)
            } catch {
                stderr.write("error: \(error.message)\n")
                throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
            }
        }
        if let minCoverage, let sentence = CoverageGate.failure(merged, minimum: minCoverage.value) {
            stderr.write("error: \(sentence)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.expectationFailed.rawValue)
        }
    }
}
