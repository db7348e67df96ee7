import ArticlesKit
import Foundation
import RestRun
import RestRunMock
import Testing

/// The example's request file run from code, without the CLI: start the mock, load, plan, and run
/// it as `rest-run` would, reading the exit code a CI job would.
@Test("requests/articles.yaml passes against the mock server, run through a RunSession")
func suiteFromCode() async throws {
    let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let routes = example.appendingPathComponent("../../requests/mock/routes.yaml").standardizedFileURL.path
    let server = try await MockServer.start(routes: MockRoutes.load(path: routes))
    defer { Task { await server.shutdown() } }

    var session = RunSession(paths: [example.appendingPathComponent("requests/articles.yaml").path])
    session.mockURL = server.url
    try ArticlesPlugin().register(decoders: &session.registry)
    let plan = try session.plan(await session.load())
    let report = await session.run(plan, output: RunOutput())

    #expect(report.exitCode == .success, "\(report.summary.line)")
    #expect(report.summary.passed == report.results.flatMap(\.requests).count && report.summary.passed > 0)
}
