import ArgumentParser
import RestRun

/// How `run`'s own options are checked and set up the session.
extension RunCommand {
    /// Checks the values of `run`'s own options.
    func validateOptions() throws {
        if let cacert, let problem = FileSystem.readableFileProblem(cacert) { throw ValidationError("--cacert: \(problem)") }
        if let retry, !(0...100).contains(retry) { throw ValidationError("--retry takes a number of retries from 0 to 100, not \(retry)") }
        guard (1...256).contains(jobs ?? 1) else { throw ValidationError("--jobs takes a number from 1 to 256") }
        guard (1...100_000).contains(repeats ?? 1) else { throw ValidationError("--repeat takes a number from 1 to 100000") }
        guard (0...10_000).contains(warmups ?? 0) else { throw ValidationError("--warmup takes a number from 0 to 10000") }
        let toStandardOutput = reports.named.filter { $0.path == "-" }.map(\.flag)
        if toStandardOutput.count > 1 {
            throw ValidationError("only one report can go to standard output, not \(toStandardOutput.joined(separator: " and "))")
        }
    }

    /// The report files asked for.
    var reports: ReportFiles {
        var reports = ReportFiles()
        reports.junit = reportJUnit
        reports.junitFamily = junitFamily ?? .strict
        reports.tap = reportTAP
        reports.json = reportJSON
        reports.html = reportHTML
        reports.coverage = reportCoverage
        reports.har = reportHAR
        reports.ndjson = reportNDJSON
        return reports
    }

    /// `session` with these options' settings.
    func configure(_ session: inout RunSession, environment: [String: String]) throws {
        session.defaults.timeout = timeout?.duration
        session.defaults.connectTimeout = connectTimeout?.duration
        if followRedirects { session.defaults.followRedirects = 50 }
        if let retry { session.defaultRetry = RetryPolicy(attempts: retry + 1) }
        session.defaults.maxBody = maxBody?.bytes
        if http2 && (http1 || http11) { throw ValidationError("--http2 and --http1.1 ask for different versions: give one of them") }
        if http2 { session.defaults.http = .http2 } else if http1 || http11 { session.defaults.http = .http1_1 }
        try ConnectionSettings(
            headers: headers, insecure: insecure, cacert: cacert, proxy: proxy, resolve: resolve, tags: tags, excludedTags: excludedTags, names: names
        ).apply(to: &session, environment: environment)
        session.jobs = jobs ?? 1
        session.repeats = repeats ?? 1
        session.warmups = warmups ?? 0
        session.failFast = failFast
        session.snapshots = updateSnapshots ? .update : ci || Self.isCI(environment) ? .ci : .record
        session.keepsAllBodies = veryVerbose
        session.delegates = PluginStore.delegates()
    }
}

extension RunCommand {
    /// Whether the environment says this is a CI machine, as Jest reads it: `CI` set to anything
    /// but an empty value, `0` or `false`.
    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false"].contains(value)
    }
}

extension ReportFiles.JUnitFamily: ChoiceArgument {}
