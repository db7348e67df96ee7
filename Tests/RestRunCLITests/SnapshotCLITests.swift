import Foundation
import RestRunTestSupport
import Testing

/// `expect: snapshot:` through the binary, against the embedded mock whose routes file each test
/// rewrites between runs: a server whose answers change.
@Suite("Snapshots through the binary", .serialized)
struct SnapshotCLITests {
    let binary = BinaryRunner()

    /// A folder with a request file and a routes file, run as a user would.
    struct Project {
        let folder: String
        let binary: BinaryRunner

        init(binary: BinaryRunner, requests: String, routes: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)").path
            self.binary = binary
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try write("articles.yaml", requests)
            try write("routes.yaml", routes)
        }

        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }

        var snapshotPath: String { folder + "/__snapshots__/articles.yaml.snap.yaml" }
        var snapshot: String? { try? String(contentsOfFile: snapshotPath, encoding: .utf8) }

        func run(_ arguments: [String] = [], environment: [String: String] = [:]) async throws -> BinaryRunner.Output {
            try await binary.run(["articles.yaml", "--mock", "routes.yaml"] + arguments, in: folder, environment: environment)
        }

        /// The snapshot file's inode and modification time, to tell a file left alone.
        func stamp() throws -> String {
            let attributes = try FileManager.default.attributesOfItem(atPath: snapshotPath)
            return "\(attributes[.systemFileNumber] ?? "") \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
    }

    static let requests = """
        requests:
          - name: one article
            url: /api/contents/5001
            expect:
              status: 200
              snapshot:
                ignore: ["$.data.attributes.updated_at", "$..request_id"]
                headers: [Content-Type]
          - name: list
            url: /api/contents
            expect: { snapshot: true }
        """

    static func routes(title: String = "A", updated: String = "2026-01-01", page: Int? = 1, links: Bool = false, items: Int = 3) -> String {
        let data = (0..<items).map { #"{ id: "\#($0)", title: "t\#($0)" }"# }.joined(separator: ", ")
        return """
            routes:
              - path: /api/contents/:id
                headers: { Content-Type: application/json }
                json: { data: { id: "{{id}}", attributes: { title: "\(title)", updated_at: "\(updated)" }, request_id: "r-\(updated)" } }
              - path: /api/contents
                json: { data: [\(data)], meta: { \(page.map { "page: \($0), " } ?? "")size: \(items) }\(links ? ", links: { self: /api/contents }" : "") }
            """
    }

    @Test("the first run records, the next compares and leaves the file alone byte for byte")
    func recordThenCompare() async throws {
        let project = try Project(binary: binary, requests: Self.requests, routes: Self.routes())
        let first = try await project.run()
        #expect(first.status == 0, "\(first.all)")
        #expect(first.stdout.contains("✓ one article  200"))
        #expect(first.stdout.contains("snapshot written"))
        #expect(first.stdout.contains("snapshots: 2 written"))
        let text = try #require(project.snapshot)
        #expect(text.contains(#""one article":"#) && text.contains(#""list":"#))
        #expect(text.contains(#""Content-Type": "application/json""#))
        #expect(text.contains(#""title": "A""#))
        #expect(!text.contains("headers") || text.components(separatedBy: "headers:").count == 2, "only the request that names headers records them")
        let stamp = try project.stamp()
        try await Task.sleep(for: .milliseconds(20))
        let second = try await project.run()
        #expect(second.status == 0, "\(second.all)")
        #expect(!second.stdout.contains("snapshot written"))
        #expect(project.snapshot == text)
        #expect(try project.stamp() == stamp, "a passing run does not write the file")
    }

    @Test("a changed response fails with one line per changed path; -u records it; ignored paths never fail")
    func changes() async throws {
        let project = try Project(binary: binary, requests: Self.requests, routes: Self.routes())
        _ = try await project.run()
        let recorded = try #require(project.snapshot)
        // Only ignored values change: still a pass, and -u leaves the file as it is.
        try project.write("routes.yaml", Self.routes(updated: "2026-02-02"))
        let ignored = try await project.run()
        #expect(ignored.status == 0, "\(ignored.all)")
        let stamp = try project.stamp()
        let updateIgnored = try await project.run(["-u"])
        #expect(updateIgnored.status == 0)
        #expect(try project.stamp() == stamp)
        #expect(project.snapshot == recorded)

        try project.write("routes.yaml", Self.routes(title: "B", page: nil, links: true, items: 4))
        let changed = try await project.run()
        #expect(changed.status == 4, "\(changed.all)")
        #expect(changed.stdout.contains(#"articles.yaml:2:5: error: snapshot: $.data.attributes.title: "A" → "B""#), "\(changed.stdout)")
        #expect(changed.stdout.contains("error: snapshot: $.data[3]: added"))
        #expect(changed.stdout.contains("error: snapshot: $.links: added"))
        #expect(changed.stdout.contains("error: snapshot: $.meta.page: removed"))
        #expect(changed.stdout.contains("error: snapshot: $.meta.size: 3 → 4"))
        #expect(project.snapshot == recorded, "a failing run does not touch the snapshots")

        let update = try await project.run(["--update-snapshots"])
        #expect(update.status == 0, "\(update.all)")
        #expect(update.stdout.contains("snapshot updated"))
        #expect(project.snapshot?.contains(#""title": "B""#) == true)
        let after = try await project.run()
        #expect(after.status == 0, "\(after.all)")
    }

    @Test("on CI a missing snapshot fails and nothing is written; -u still records")
    func continuousIntegration() async throws {
        let project = try Project(binary: binary, requests: Self.requests, routes: Self.routes())
        for (arguments, environment) in [(["--ci"], [:]), ([], ["CI": "true"])] as [([String], [String: String])] {
            let output = try await project.run(arguments, environment: environment)
            #expect(output.status == 4, "\(output.all)")
            #expect(output.stdout.contains(#"error: no snapshot recorded for "one article" (run with --update-snapshots)"#), "\(output.stdout)")
            #expect(project.snapshot == nil)
            #expect(!FileManager.default.fileExists(atPath: project.folder + "/__snapshots__"))
        }
        let falsy = try await project.run([], environment: ["CI": "false"])
        #expect(falsy.status == 0, "CI=false is not CI: \(falsy.all)")
        try FileManager.default.removeItem(atPath: project.folder + "/__snapshots__")
        let update = try await project.run(["-u"], environment: ["CI": "true"])
        #expect(update.status == 0, "\(update.all)")
        #expect(project.snapshot != nil)
    }

    @Test("entries of requests that are gone are obsolete, and -u removes them; a filtered run reports none")
    func obsolete() async throws {
        let project = try Project(binary: binary, requests: Self.requests, routes: Self.routes())
        _ = try await project.run()
        try project.write("articles.yaml", Self.requests.replacingOccurrences(of: "name: list", with: "name: all articles"))
        let filtered = try await project.run(["--name", "one article"])
        #expect(filtered.status == 0, "\(filtered.all)")
        #expect(!filtered.stdout.contains("obsolete"))
        let renamed = try await project.run(["--report-json", "report.json"])
        #expect(renamed.status == 0, "\(renamed.all)")
        #expect(renamed.stdout.contains(#"obsolete snapshot "list""#))
        #expect(renamed.stdout.contains("1 written, 1 obsolete"))
        let report = try String(contentsOfFile: project.folder + "/report.json", encoding: .utf8)
        #expect(report.contains(#""obsolete" : [\#n            "list"\#n          ]"#) || report.contains(#""obsolete":["list"]"#) || report.contains("\"list\""))
        #expect(report.contains("snapshot written"))
        #expect(project.snapshot?.contains(#""list":"#) == true, "obsolete entries stay without -u")
        let update = try await project.run(["-u"])
        #expect(update.stdout.contains(#"removed obsolete snapshot "list""#), "\(update.stdout)")
        #expect(project.snapshot?.contains(#""list":"#) == false)
        #expect(project.snapshot?.contains(#""all articles":"#) == true)
        // Snapshots taken away altogether: the file goes with -u.
        try project.write("articles.yaml", "requests:\n  - url: /api/contents\n")
        _ = try await project.run(["-u"])
        #expect(project.snapshot == nil)
    }

    @Test("for_each items and repeat runs each have their entry; secrets are written [redacted]")
    func labelsAndSecrets() async throws {
        let requests = """
            requests:
              - name: item
                for_each: [5001, 5002]
                url: /api/contents/{{item}}
                expect: { snapshot: true }
              - name: poll
                repeat: 2
                url: /api/echo
                headers: { X-Token: "{{token}}" }
                expect: { snapshot: { ignore: [$.headers.host] } }
            """
        let routes = Self.routes() + "\n  - path: /api/echo\n    echo: true\n"
        let project = try Project(binary: binary, requests: requests, routes: routes)
        let output = try await project.run(["--secret", "token=tok-s3cr3t-123"])
        #expect(output.status == 0, "\(output.all)")
        let text = try #require(project.snapshot)
        #expect(text.contains(#""item [0: 5001]":"#) && text.contains(#""item [1: 5002]":"#), "\(text)")
        #expect(text.contains(#""poll [1]":"#) && text.contains(#""poll [2]":"#))
        #expect(!text.contains("tok-s3cr3t-123"))
        #expect(text.contains("[redacted]"))
        let again = try await project.run(["--secret", "token=tok-s3cr3t-123"])
        #expect(again.status == 0, "\(again.all)")
    }

    @Test("two requests of the same name each have their entry")
    func sameName() async throws {
        let routes = "routes:\n  - path: /turns\n    responses:\n      - { json: { turn: 1 } }\n      - { json: { turn: 2 } }\n"
        let project = try Project(binary: binary, requests: "requests:\n  - url: /turns\n    expect: { snapshot: true }\n  - url: /turns\n    expect: { snapshot: true }\n", routes: routes)
        let first = try await project.run()
        #expect(first.status == 0, "\(first.all)")
        let text = try #require(project.snapshot)
        #expect(text.contains(#""GET /turns":"#) && text.contains(#""GET /turns #2":"#), "\(text)")
        let second = try await project.run()
        #expect(second.status == 0, "\(second.all)")
    }

    @Test("a snapshot file that is not valid YAML fails the requests at its line, and -u writes it anew")
    func brokenFile() async throws {
        let project = try Project(binary: binary, requests: Self.requests, routes: Self.routes())
        _ = try await project.run()
        try "<<<<<<< HEAD\n\"list\": [\n".write(toFile: project.snapshotPath, atomically: true, encoding: .utf8)
        let broken = try await project.run()
        #expect(broken.status == 4, "\(broken.all)")
        #expect(broken.stdout.contains("articles.yaml.snap.yaml:"))
        let update = try await project.run(["-u"])
        #expect(update.status == 0, "\(update.all)")
        let again = try await project.run()
        #expect(again.status == 0, "\(again.all)")
    }

    @Test("a folder run and a --glob never read snapshot files as request files")
    func folderRun() async throws {
        let project = try Project(binary: binary, requests: Self.requests, routes: Self.routes())
        _ = try await project.run()
        #expect(project.snapshot != nil)
        // A stray copy outside the folder is a snapshot file too, by its name.
        try project.write("old.snap.yaml", try #require(project.snapshot))
        let folder = try await binary.run([".", "--mock", "routes.yaml"], in: project.folder)
        #expect(folder.status == 0, "\(folder.all)")
        #expect(folder.stdout.contains("2 passed") && !folder.all.contains("snap.yaml"), "\(folder.all)")
        let glob = try await binary.run(["--glob", "**/*.yaml", "--mock", "routes.yaml"], in: project.folder)
        #expect(glob.status == 0 && glob.stdout.contains("2 passed"), "\(glob.all)")
    }

    @Test("a typo in snapshot: is an error at its line")
    func typo() async throws {
        let (_, output) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/\n    expect:\n      snapshot: { ignor: [] }\n")
        #expect(output.status == 2)
        #expect(output.stderr.contains("4:19: error: unknown key 'ignor' in 'snapshot' (did you mean 'ignore'?)"), "\(output.stderr)")
        let (_, path) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/\n    expect:\n      snapshot: { ignore: [\"data\"] }\n")
        #expect(path.status == 2)
        #expect(path.stderr.contains("invalid JSONPath 'data'"), "\(path.stderr)")
    }
}
