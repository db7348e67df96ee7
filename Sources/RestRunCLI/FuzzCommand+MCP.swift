import ArgumentParser
import RestRun
import RestRunFuzzing

extension FuzzCommand {
    /// The MCP server the file names, when it is a request file with `mcp_server:`; nil for a spec.
    func mcpTarget(redactor: Redactor, invalid: (DiagnosticList) -> ArgumentParser.ExitCode) throws -> MCPFuzzTarget? {
        // A spec (told apart by its keys, without loading it) is read as a spec, whatever it holds.
        guard FileKind.of(path: spec) == .requests else { return nil }
        do throws(DiagnosticList) {
            return try MCPFuzzTarget.load(path: spec, environment: ProcessEnvironment.current, variables: variables.values(redactor: redactor))
        } catch { throw invalid(error) }
    }

    /// `rest-run fuzz FILE` where FILE has `mcp_server:`: the server's tools fuzzed from their
    /// input schemas, each finding saved as a request file that replays it.
    func fuzzMCP(_ target: MCPFuzzTarget, redactor: Redactor, stdout: any TextSink, stderr: any TextSink) async throws {
        func fail(_ sentence: String, _ code: RestRun.ExitCode) -> ArgumentParser.ExitCode {
            stderr.write("error: \(sentence)\n")
            return ArgumentParser.ExitCode(code.rawValue)
        }
        var options = FuzzSettings(baseURL: "", seed: 0)
        try self.options.apply(to: &options)
        var settings = MCPFuzzSettings(seed: options.seed)
        (settings.maxExamples, settings.timeLimit, settings.maxRequests, settings.checks) = (options.maxExamples, options.timeLimit, options.maxRequests, options.checks)
        settings.timeout = self.options.timeout?.duration ?? .seconds(10)
        settings.tools = selection.tools
        let (colors, quiet) = (output.colors(for: stdout), output.quiet)
        if !quiet { stdout.write("fuzzing the tools of \(target.address.described) from \(spec) (seed \(settings.seed))\n") }
        let events: NDJSONStream?
        do throws(FileSystem.ReadError) { events = try reports.events(redactor: redactor) } catch { throw fail(error.message, .usage) }
        defer { events?.close() }
        events?.started(command: "fuzz", files: [spec], requests: 0)
        var fuzzer = MCPFuzzer(target: target, settings: settings)
        var report = await fuzzer.run(
            done: { tool, calls, found in
                guard !quiet || found > 0 else { return }
                let style = TerminalStyle(enabled: colors)
                let mark = found == 0 ? style.green("✓") : style.red("✗")
                stdout.write("\(mark) \(tool)  \(calls) call\(calls == 1 ? "" : "s")" + (found == 0 ? "" : ", \(found) finding\(found == 1 ? "" : "s")") + "\n")
            },
            found: { finding in events?.emit("finding", finding.members) })
        func finished(_ code: RestRun.ExitCode) {
            events?.emit("run_finished", [
                ("passed", .integer(report.tools.filter { $0.findings == 0 }.count)), ("failed", .integer(report.tools.filter { $0.findings > 0 }.count)),
                ("errors", .integer(0)), ("skipped", .integer(0)), ("exit_code", .integer(Int(code.rawValue))),
                ("duration_ms", .number(report.duration.milliseconds)), ("interrupted", .bool(false)), ("requests", .integer(report.calls)),
                ("findings", .integer(report.findings.count)),
            ])
        }
        if let unreachable = report.unreachable {
            finished(.runtimeError)
            throw fail(unreachable, .runtimeError)
        }
        do throws(FileSystem.ReadError) {
            try MCPFindingFile.save(&report, target: target, in: reports.save, seed: settings.seed, timeout: settings.timeout)
        } catch {
            stderr.write("error: cannot save the findings in '\(reports.save)': \(error.message)\n")
        }
        if !report.findings.isEmpty {
            stdout.write("\nfindings:\n")
            for (number, finding) in report.findings.enumerated() {
                stdout.write("\(number + 1). \(finding.tool): \(finding.check.rawValue) (\(finding.check.summary))\n   \(redactor.redact(finding.message))\n")
                stdout.write("   arguments: \(redactor.redact(finding.arguments.jsonText))\n")
                if let file = finding.file { stdout.write("   replay: rest-run \(file)\n") }
            }
        }
        let count = report.findings.count
        stdout.write("\n\(count) finding\(count == 1 ? "" : "s") in \(report.calls) call\(report.calls == 1 ? "" : "s") to \(report.tools.count) tool\(report.tools.count == 1 ? "" : "s") (\(DurationText.format(report.duration)))\n")
        finished(count == 0 ? .success : .expectationFailed)
        if count > 0 { throw ArgumentParser.ExitCode(RestRun.ExitCode.expectationFailed.rawValue) }
    }
}
