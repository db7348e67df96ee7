import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// A suite run from code, without the CLI: the session's stages one after the other.
@Suite("RunSession")
struct RunSessionTests {
    @Test("load, plan, execute and report a suite from code")
    func stages() async throws {
        try await MockServer.serving("routes:\n  - path: /items\n    json: { items: [1, 2] }\n") { server in
            let good = try BinaryRunner.temporaryFile("good.yaml", """
                requests:
                  - name: items
                    url: "{{mock_url}}/items"
                    expect: { json: { $.items: { count: 2 } } }
                    tags: [smoke]
                """)
            let bad = try BinaryRunner.temporaryFile("bad.yaml", "requests:\n  - url: /x\n    expcet: {}\n")
            var session = RunSession(paths: [good, bad])
            session.variables = ["mock_url": .string(server.url)]
            session.repeats = 2
            let loaded = session.load()
            #expect(loaded.files.count == 1)
            #expect(loaded.invalid.first?.problems.first?.message.contains("unknown key 'expcet'") == true)
            #expect(loaded.referencedNames.contains("mock_url"))
            let plan = try session.plan(loaded)
            #expect(plan.count == 2)
            let results = try await session.execute(plan)
            #expect(results.flatMap(\.requests).map(\.outcome) == [.passed, .passed])
            #expect(RunSummary(loaded.invalid + results).exitCode == .invalidFile)

            session.filter = RequestFilter(tags: ["nothing"])
            #expect(throws: RunSession.NothingSelected.self) { try session.plan(loaded) }
        }
    }
}

/// Each request's options are resolved once, when its file loads.
@Suite("Options resolved once")
struct OptionsResolutionTests {
    @Test("the request's own, then its file's (after includes), then the command line's, then the built-ins")
    func order() throws {
        var loader = RequestFileLoader()
        loader.defaults.transport.timeout = .seconds(5)
        loader.defaults.transport.maxBody = 1_000
        let withFileOptions = try loader.load(text: """
            options: { timeout: 2s }
            requests:
              - url: http://x/1
              - url: http://x/2
                options: { timeout: 1s, max_body: 10 }
            """, path: "a.yaml")
        #expect(withFileOptions.requests[0].options.transport.timeout == .seconds(2))
        #expect(withFileOptions.requests[0].options.transport.maxBody == 1_000)
        #expect(withFileOptions.requests[1].options.transport.timeout == .seconds(1))
        #expect(withFileOptions.requests[1].options.transport.maxBody == 10)
        let plain = try loader.load(text: "requests:\n  - url: http://x/\n", path: "b.yaml")
        #expect(plain.requests[0].options.transport.timeout == .seconds(5))
        #expect(plain.requests[0].options.transport.effectiveTimeout == .seconds(5))
        #expect(plain.requests[0].options.transport.connectTimeout == nil, "built-in defaults stay implicit")
    }
}
