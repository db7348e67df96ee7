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
            let loaded = await session.load()
            #expect(loaded.files.count == 1)
            #expect(loaded.invalid.first?.problems.first?.message.contains("unknown key 'expcet'") == true)
            #expect(loaded.referencedNames.contains("mock_url"))
            let plan = try session.plan(loaded)
            #expect(plan.files.count == 1 && plan.passes == 2)
            let results = try await session.execute(plan)
            #expect(results.flatMap(\.requests).map(\.outcome) == [.passed, .passed])
            #expect(RunSummary(loaded.invalid + results).exitCode == .invalidFile)

            session.filter = RequestFilter(tags: ["nothing"])
            #expect(throws: RunSession.NothingSelected.self) { try session.plan(loaded) }
        }
    }
}

/// Files load side by side, one per core: what comes back is the same as one after another.
@Suite("Loading files side by side")
struct ParallelLoadTests {
    @Test("16 files keep their order, invalid ones stay apart, and files naming one spec share it")
    func sideBySide() async throws {
        let spec = Fixtures.repositoryRoot + "/requests/openapi.yaml"
        var paths: [String] = []
        for index in 0..<16 {
            let text = index % 3 == 2
                ? "requests:\n  - url: /x\n    expcet\(index): {}\n"
                : "openapi: \(spec)\nrequests:\n" + (0..<40).map { "  - name: r\(index)-\($0)\n    url: http://127.0.0.1/{{v\(index)}}\n" }.joined()
            paths.append(try BinaryRunner.temporaryFile("f\(index).yaml", text))
        }
        var session = RunSession(paths: paths)
        session.variables = Dictionary(uniqueKeysWithValues: (0..<16).map { ("v\($0)", DecodedValue.string("x")) })
        let loaded = await session.load()
        let valid = paths.indices.filter { $0 % 3 != 2 }
        #expect(loaded.files.map(\.path) == valid.map { paths[$0] })
        #expect(loaded.files.map { $0.requests.first?.name } == valid.map { "r\($0)-0" })
        #expect(loaded.invalid.map(\.path) == paths.indices.filter { $0 % 3 == 2 }.map { paths[$0] })
        for (offset, index) in paths.indices.filter({ $0 % 3 == 2 }).enumerated() {
            #expect(loaded.invalid[offset].problems.first?.message.contains("expcet\(index)") == true)
        }
        #expect(loaded.referencedNames.isSuperset(of: valid.map { "v\($0)" }))
        let specs = loaded.files.compactMap(\.contract?.spec)
        #expect(specs.count == valid.count)
        #expect(specs.allSatisfy { $0 === specs[0] }, "coverage adds up only when every file holds the same spec")
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
