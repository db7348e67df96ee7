import ArticlesKit
import Foundation
import RestRun
import RestRunMock
import Testing

/// The example's request file run from code, without the CLI: start the mock, load, plan, execute,
/// and read the summary a CI job would.
@Test("requests/articles.yaml passes against the mock server, run through a RunSession")
func suiteFromCode() async throws {
    let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let routes = example.appendingPathComponent("../../requests/mock/routes.yaml").standardizedFileURL.path
    let server = try await MockServer.start(routes: MockRoutes.load(path: routes))
    defer { Task { await server.shutdown() } }

    var session = RunSession(paths: [example.appendingPathComponent("requests/articles.yaml").path])
    session.variables = ["mock_url": .string(server.url)]
    try ArticlesPlugin().register(decoders: &session.registry)
    let results = try await session.execute(session.plan(session.load()))

    let summary = RunSummary(results)
    #expect(summary.exitCode == .success, "\(summary.line)")
    #expect(summary.passed == results.flatMap(\.requests).count && summary.passed > 0)
}
