import Foundation
import RestRunTestSupport
import Testing

/// Which files and requests a run picks: directories searched recursively, `--glob`, `-` for
/// standard input, `--exclude-tag`, and flows left out of directory runs.
@Suite("file and request selection")
struct SelectionTests {
    let binary = BinaryRunner()
    static let request = "requests:\n  - name: NAME\n    url: \"{{mock_url}}/api/contents\"\n"

    /// A tree with request files at several depths, and the files a directory run must leave out.
    func makeTree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-tree-\(UUID().uuidString)").path
        let files: [String: String] = [
            "top.yaml": Self.request.replacingOccurrences(of: "NAME", with: "top"),
            "b/mid.yml": Self.request.replacingOccurrences(of: "NAME", with: "mid"),
            "b/c/deep.yaml": Self.request.replacingOccurrences(of: "NAME", with: "deep"),
            "b/c/notes.txt": "not yaml",
            "flows/login.yaml": "exports: [token]\nrequests:\n  - url: \"{{mock_url}}/api/contents\"\n    capture: { token: \"$.data[0].id\" }\n",
            "flows/fetch.yaml": "parameters: [id]\nrequests:\n  - url: \"{{mock_url}}/api/contents/{{id}}\"\n",
            "spec/openapi.yaml": "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths: {}\n",
            "mock/routes.yaml": "routes:\n  - path: /x\n    json: {}\n",
            "data/users.yaml": "- { name: ada }\n- { name: bob }\n",
            "settings/common.yaml": "# shared\nbase_url: http://127.0.0.1:9\nheaders: { Accept: text/plain }\n",
            ".hidden/skip.yaml": Self.request.replacingOccurrences(of: "NAME", with: "hidden"),
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("a directory stands for the request files in it and its subfolders, sorted; flows, settings, specs, routes, data and hidden folders are left out")
    func recursive() async throws {
        let root = try makeTree()
        let output = try await binary.run(["check", root, "--var", "mock_url=http://127.0.0.1:9"])
        #expect(output.status == 0, "\(output.all)")
        let listed = output.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: root + "/", with: "") }
        #expect(listed == ["✓ b/c/deep.yaml: 1 request", "✓ b/mid.yml: 1 request", "✓ top.yaml: 1 request"], "\(output.all)")
        // A file with a typo in a key is still a request file, and says so.
        try "request:\n  - url: http://127.0.0.1:9/\n".write(toFile: root + "/b/typo.yaml", atomically: true, encoding: .utf8)
        let typo = try await binary.run(["check", root, "--var", "mock_url=http://127.0.0.1:9"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("typo.yaml:1:1: error: unknown key 'request'"), "\(typo.all)")
        // Named on the command line, a flow is checked, and its parameters need values.
        let flow = try await binary.run(["check", root + "/flows/fetch.yaml", "--var", "mock_url=http://127.0.0.1:9"])
        #expect(flow.status == 2)
        #expect(flow.stderr.contains("fetch.yaml:1:13: error: this file is a flow: its parameter 'id' has no value"), "\(flow.all)")
        let given = try await binary.run(["check", root + "/flows/fetch.yaml", "--var", "mock_url=http://127.0.0.1:9", "--var", "id=1"])
        #expect(given.status == 0, "\(given.all)")
    }

    @Test("--glob matches with * ? [..] in a folder and ** across folders; a glob that matches nothing is an error")
    func glob() async throws {
        let root = try makeTree()
        let all = try await binary.run(["check", "--glob", "**/*.y*ml", "--var", "mock_url=http://127.0.0.1:9"], in: root)
        #expect(all.stdout.split(separator: "\n") == ["✓ b/c/deep.yaml: 1 request", "✓ b/mid.yml: 1 request", "✓ top.yaml: 1 request"], "\(all.all)")
        let some = try await binary.run(["check", "--glob", "b/*/[a-e]ee?.yaml", "--glob", "./t*.yaml", "--var", "mock_url=http://127.0.0.1:9"], in: root)
        #expect(some.stdout.split(separator: "\n") == ["✓ b/c/deep.yaml: 1 request", "✓ top.yaml: 1 request"], "\(some.all)")
        let none = try await binary.run(["check", "--glob", "b/*.json"], in: root)
        #expect(none.status == 1)
        #expect(none.stderr.contains("--glob 'b/*.json' matches no file"))
        let empty = try await binary.run(["check", root + "/flows"])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("no request files found"), "\(empty.all)")
    }

    @Test("- reads a request file from standard input; its messages say <stdin> and its paths are relative to the working directory")
    func standardInput() async throws {
        let root = try makeTree()
        let input = "requests:\n  - use: flows/login.yaml\n  - url: \"{{mock_url}}/api/contents/{{token}}\"\n"
        let ok = try await binary.run(["run", "-", "--mock", Fixtures.repositoryRoot + "/requests/mock/routes.yaml"], in: root, input: input)
        #expect(ok.status == 0, "\(ok.all)")
        #expect(ok.stdout.contains("✓ login › "), "\(ok.stdout)")
        let bad = try await binary.run(["check", "-"], input: "requests:\n  - url: http://x/\n    methd: GET\n")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("<stdin>:3:5: error: unknown key 'methd'"), "\(bad.all)")
    }

    @Test("--exclude-tag leaves out requests with any of its tags, and wins over --tag")
    func excludeTag() async throws {
        let yaml = """
            requests:
              - { name: one, url: "{{mock_url}}/api/contents", tags: [smoke] }
              - { name: two, url: "{{mock_url}}/api/contents", tags: [smoke, slow] }
              - { name: three, url: "{{mock_url}}/api/contents" }
            """
        let routes = Fixtures.repositoryRoot + "/requests/mock/routes.yaml"
        let (file, output) = try await binary.runFile(yaml, ["--mock", routes, "--exclude-tag", "slow"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("✓ one") && output.stdout.contains("✓ three") && !output.stdout.contains("two"), "\(output.stdout)")
        let both = try await binary.run([file, "--mock", routes, "--tag", "smoke", "--exclude-tag", "slow"])
        #expect(both.stdout.contains("✓ one") && !both.stdout.contains("two") && !both.stdout.contains("three"), "\(both.stdout)")
        let none = try await binary.run([file, "--mock", routes, "--tag", "slow", "--exclude-tag", "slow"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("--tag slow with --exclude-tag slow selects none of the 3 requests"), "\(none.all)")
    }

    @Test("use: of a flow with parameters must give each of them")
    func parameters() async throws {
        let root = try makeTree()
        let file = root + "/uses.yaml"
        try "requests:\n  - use: flows/fetch.yaml\n".write(toFile: file, atomically: true, encoding: .utf8)
        let missing = try await binary.run(["check", file, "--var", "mock_url=http://127.0.0.1:9"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("uses.yaml:2:10: error: the flow 'flows/fetch.yaml' needs 'id' (parameter with no default)"), "\(missing.all)")
        try "requests:\n  - use: flows/fetch.yaml\n    with: { id: 1 }\n".write(toFile: file, atomically: true, encoding: .utf8)
        let given = try await binary.run(["check", file, "--var", "mock_url=http://127.0.0.1:9"])
        #expect(given.status == 0, "\(given.all)")
    }
}
