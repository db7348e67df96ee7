import Foundation
import RestRun
import RestRunTestSupport
import RestRunMock
import Testing

/// `rest-run fuzz` end to end against the items API, with its bugs planted and without.
@Suite("fuzz")
struct FuzzTests {
    let binary = BinaryRunner()

    func fuzz(_ url: String, _ arguments: [String], save: String? = nil) async throws -> (output: BinaryRunner.Output, save: String) {
        let spec = try BinaryRunner.temporaryFile("items.yaml", ItemsAPI.spec)
        let folder = save ?? (spec as NSString).deletingLastPathComponent + "/findings"
        let output = try await binary.run(["fuzz", spec, "--url", url + "/v1", "--save", folder, "--color", "never"] + arguments)
        return (output, folder)
    }

    @Test("every planted bug is found, and each saved finding fails against the broken API and passes against the fixed one")
    func plantedBugs() async throws {
        try await ItemsAPI.serving(bugs: Set(ItemsAPI.Bug.allCases)) { broken in
            try await ItemsAPI.serving(bugs: []) { fixed in
                let reports = (try BinaryRunner.temporaryFile("x", "") as NSString).deletingLastPathComponent
                let (output, folder) = try await fuzz(broken.url, [
                    "--seed", "7", "--max-examples", "60", "--report-junit", reports + "/junit.xml", "--report-json", reports + "/fuzz.json",
                    "--report-html", reports + "/fuzz.html",
                ])
                #expect(output.status == 4, "\(output.all)")
                let junit = try String(contentsOfFile: reports + "/junit.xml", encoding: .utf8)
                for name in ["GET /items", "POST /items", "GET /items/{id}", "DELETE /items/{id}"] {
                    #expect(junit.contains("<testcase classname=") && junit.contains("name=\"\(name)\""), "\(name): \(junit)")
                }
                #expect(junit.contains("type=\"use_after_free\"") && junit.contains("type=\"not_a_server_error\""), "\(junit)")
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reports + "/fuzz.json"))) as? [String: Any]
                #expect((json?["findings"] as? [Any])?.count ?? 0 >= 7, "\(String(describing: json))")
                let html = try String(contentsOfFile: reports + "/fuzz.html", encoding: .utf8)
                #expect(html.contains("<h2>Findings</h2>") && html.contains("use_after_free"))
                for check in [
                    "not_a_server_error", "response_schema_conformance", "negative_data_rejection", "content_type_conformance",
                    "use_after_free", "ensure_resource_availability", "unsupported_method", "missing_required_header", "ignored_auth",
                ] {
                    #expect(output.stdout.contains("\(check) ("), "\(check) not found: \(output.stdout)")
                }
                // Each bug of the orders and admin operations, by the finding it makes.
                let found = Set(((json?["findings"] as? [[String: Any]]) ?? []).map {
                    "\($0["operation"] as? String ?? "") \($0["check"] as? String ?? "") \($0["status"] as? Int ?? 0)"
                })
                for key in [
                    "POST /orders negative_data_rejection 201", "POST /orders not_a_server_error 500", "POST /orders not_a_server_error 503",
                    "GET /items not_a_server_error 502", "POST /orders missing_required_header", "GET /admin/stats ignored_auth 200",
                    "GET /admin/keys ignored_auth 200",
                ] {
                    #expect(found.contains { $0 == key || $0.hasPrefix(key + " ") }, "\(key) not among \(found.sorted())")
                }
                #expect(output.stdout.contains("seed 7"))
                let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }
                #expect(files.count >= 7, "\(files)")
                for file in files {
                    let path = folder + "/" + file
                    let failing = try await binary.run([path], environment: ["API_URL": broken.url + "/v1"])
                    #expect(failing.status == 4, "\(file) against the broken API: \(failing.all)")
                    let passing = try await binary.run([path], environment: ["API_URL": fixed.url + "/v1"])
                    #expect(passing.status == 0, "\(file) against the fixed API: \(passing.all)")
                }
            }
        }
    }

    @Test("--report-ndjson -: a finding line for each finding, run_finished with the exit code, each line valid; people's lines on standard error")
    func eventStream() async throws {
        try await ItemsAPI.serving(bugs: [.serverError, .acceptsInvalid]) { broken in
            let (output, _) = try await fuzz(broken.url, ["--seed", "3", "--max-examples", "20", "--report-ndjson", "-"])
            #expect(output.status == 4, "\(output.all)")
            #expect(output.stderr.contains("findings:"), "\(output.stderr)")
            let lines = output.stdout.split(separator: "\n").map(String.init)
            let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(objects.count == lines.count, "\(output.stdout)")
            let events = objects.compactMap { $0["event"] as? String }
            #expect(events.first == "run_started" && events.last == "run_finished", "\(events)")
            let findings = objects.filter { $0["event"] as? String == "finding" }
            #expect(!findings.isEmpty)
            #expect(objects.last?["findings"] as? Int == findings.count && objects.last?["exit_code"] as? Int == 4, "\(objects.last ?? [:])")
            let schemaText = try await binary.run(["schema", "--ndjson"]).stdout
            let document = SchemaDocument(uri: SchemaURI("https://rest-run.test/ndjson.json"), value: try JSONParser.parse(schemaText))
            let schema = try JSONSchema.compile(document, rules: SchemaRules(dialect: .draft2020_12, assertsFormats: true))
            for line in lines {
                #expect(schema.failures(try JSONParser.parse(line)).isEmpty, "\(line)")
            }
        }
    }

    @Test("--checks and --exclude-checks select by Schemathesis's names, a typo gets a did-you-mean")
    func selectedChecks() async throws {
        try await ItemsAPI.serving(bugs: Set(ItemsAPI.Bug.allCases)) { broken in
            let (only, _) = try await fuzz(broken.url, ["--checks", "ignored_auth,missing_required_header", "--seed", "2", "--max-examples", "40"])
            #expect(only.status == 4, "\(only.all)")
            #expect(only.stdout.contains("ignored_auth (") && only.stdout.contains("missing_required_header ("), "\(only.stdout)")
            for check in ["not_a_server_error (", "negative_data_rejection (", "unsupported_method ("] {
                #expect(!only.stdout.contains(check), "\(check) was not asked for: \(only.stdout)")
            }
            let (excluded, _) = try await fuzz(broken.url, ["--exclude-checks", "ignored_auth", "--seed", "2", "--max-examples", "10"])
            #expect(excluded.status == 4 && !excluded.stdout.contains("ignored_auth (") && !excluded.stdout.contains("authentication:"), "\(excluded.stdout)")
            let (typo, _) = try await fuzz(broken.url, ["--checks", "ignored_atuh"])
            #expect(typo.status != 0 && typo.stderr.contains("did you mean 'ignored_auth'"), "\(typo.all)")
        }
    }

    @Test("with --checks all: a 409 to valid input is no finding, and a saved unsupported_method finding checks the Allow header")
    func strictChecks() async throws {
        let spec = try BinaryRunner.temporaryFile("things.yaml", """
            openapi: 3.0.3
            info: { title: Things, version: "1" }
            paths:
              /things:
                post:
                  requestBody:
                    required: true
                    content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string, maxLength: 10 } } } } }
                  responses: { "201": { description: made }, "409": { description: exists }, "4XX": { description: refused } }
            """)
        let routes = try BinaryRunner.temporaryFile("routes.yaml", """
            routes:
              - { path: /things, method: POST, status: 409, json: { error: exists } }
            """)
        let folder = (spec as NSString).deletingLastPathComponent + "/findings"
        let server = try await MockServer.start(routes: MockRoutes.load(path: routes))
        let url = server.url
        let output = try await binary.run(["fuzz", spec, "--url", url, "--checks", "all", "--seed", "1", "--max-examples", "20", "--save", folder])
        #expect(!output.stdout.contains("positive_data_acceptance ("), "a 409 is a conflict, not a refusal: \(output.stdout)")
        #expect(output.stdout.contains("unsupported_method ("), "\(output.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("unsupported_method") }
        #expect(!files.isEmpty, "\(output.stdout)")
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            #expect(text.contains("\"Allow\": { exists: true }"), "\(text)")
            let replay = try await binary.run([folder + "/" + file])
            #expect(replay.status == 4, "the mock still answers 405 without Allow: \(replay.all)")
        }
        await server.shutdown()
    }

    @Test("a method is not reported as undeclared on a path that another template of the spec matches with it")
    func methodOfAnotherTemplate() async throws {
        // The petstore's shape: GET /user/createWithList is GET /user/{username}.
        let spec = try BinaryRunner.temporaryFile("users.yaml", """
            openapi: 3.0.3
            info: { title: Users, version: "1" }
            paths:
              /user/createWithList:
                post:
                  requestBody: { content: { application/json: { schema: { type: array, items: { type: string } } } } }
                  responses: { "200": { description: made } }
              /user/{username}:
                parameters: [ { name: username, in: path, required: true, schema: { type: string } } ]
                get: { responses: { "200": { description: found } } }
                put: { responses: { "200": { description: changed } } }
                delete: { responses: { "200": { description: gone } } }
            """)
        let routes = try BinaryRunner.temporaryFile("users-routes.yaml", """
            routes:
              - { path: /user/createWithList, method: POST, json: [] }
              - { path: /user/:name, method: GET, json: { name: "{{name}}" } }
              - { path: /user/:name, method: PUT, json: { name: "{{name}}" } }
              - { path: /user/:name, method: DELETE, json: { name: "{{name}}" } }
            """)
        let folder = (spec as NSString).deletingLastPathComponent + "/findings"
        let server = try await MockServer.start(routes: MockRoutes.load(path: routes))
        let output = try await binary.run(["fuzz", spec, "--url", server.url, "--seed", "1", "--max-examples", "10", "--save", folder])
        await server.shutdown()
        #expect(!output.stdout.contains("unsupported_method ("), "\(output.stdout)")
        #expect(!output.stdout.contains("but the path declares only POST"), "\(output.stdout)")
    }

    @Test("nothing is found without bugs, every operation gets requests, and --operation, --tag, --exclude and --shard select")
    func clean() async throws {
        try await ItemsAPI.serving(bugs: []) { fixed in
            let (output, folder) = try await fuzz(fixed.url, ["--seed", "3", "--max-examples", "40"])
            #expect(output.status == 0, "\(output.all)")
            #expect(output.stdout.contains("no findings"), "\(output.stdout)")
            for operation in ["GET /items ", "POST /items ", "GET /items/{id} ", "DELETE /items/{id} ", "POST /orders ", "GET /admin/stats "] {
                #expect(output.stdout.contains("✓ \(operation)"), "\(operation): \(output.stdout)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder))
            let (one, _) = try await fuzz(fixed.url, ["--operation", "createItem", "--max-examples", "5", "--seed", "1"])
            #expect(one.stdout.contains("POST /items") && !one.stdout.contains("✓ GET /items "), "\(one.stdout)")
            let (tagged, _) = try await fuzz(fixed.url, ["--tag", "lookup", "--max-examples", "5", "--seed", "1"])
            #expect(tagged.stdout.contains("GET /items/{id}") && !tagged.stdout.contains("✓ POST"), "\(tagged.stdout)")
            let (excluded, _) = try await fuzz(fixed.url, ["--exclude", "items", "--exclude", "DELETE /items/{id}", "--max-examples", "5"])
            // GET /items/{id}, POST /orders and the two admin operations are left.
            #expect(excluded.stdout.contains("fuzzing 4 operations"), "\(excluded.stdout)")
            let (shard, _) = try await fuzz(fixed.url, ["--shard", "2/2", "--max-examples", "5"])
            #expect(shard.stdout.contains("fuzzing 3 operations"), "\(shard.stdout)")
        }
    }

    @Test("the same seed sends the same requests and finds the same smallest cases")
    func reproducible() async throws {
        var texts: [[String: String]] = []
        for _ in 0..<2 {
            try await ItemsAPI.serving(bugs: [.serverError, .acceptsInvalid, .bodyBreaksSchema]) { broken in
                let (output, folder) = try await fuzz(broken.url, ["--seed", "11", "--max-examples", "30", "--operation", "listItems", "--operation", "createItem"])
                #expect(output.status == 4, "\(output.all)")
                var files: [String: String] = [:]
                for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
                    files[file] = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).replacingOccurrences(of: broken.url, with: "URL")
                }
                texts.append(files)
            }
        }
        #expect(!texts[0].isEmpty && texts[0] == texts[1])
    }

    @Test("a server that is down is exit 3; a broken spec exit 2 at its line; an unknown operation exit 1 with a did-you-mean")
    func mistakes() async throws {
        let closed = ClosedPort()
        let port = closed.port
        let (down, _) = try await fuzz("http://127.0.0.1:\(port)", ["--max-examples", "3"])
        #expect(down.status == 3, "\(down.all)")
        #expect(down.stderr.contains("cannot reach http://127.0.0.1:\(port)/v1"), "\(down.stderr)")
        let spec = try BinaryRunner.temporaryFile("bad.yaml", "openapi: 3.0.3\ninfo: { title: x, version: '1' }\npaths:\n  items: {}\n")
        let broken = try await binary.run(["fuzz", spec, "--url", "http://127.0.0.1:1"])
        #expect(broken.status == 2 && broken.stderr.contains("bad.yaml:4:10: error: a path must start with"), "\(broken.all)")
        try await ItemsAPI.serving(bugs: []) { fixed in
            let (unknown, _) = try await fuzz(fixed.url, ["--operation", "createItems"])
            #expect(unknown.status == 1 && unknown.stderr.contains("did you mean 'createItem'?"), "\(unknown.all)")
        }
    }

    @Test("limits and pace: --max-requests, --time-limit, --rate, --jobs; a 429 waits as Retry-After says")
    func limits() async throws {
        try await ItemsAPI.serving(bugs: [], throttle: 7) { fixed in
            let (capped, _) = try await fuzz(fixed.url, ["--max-requests", "25", "--seed", "2"])
            #expect(capped.status == 0, "\(capped.all)")
            #expect(capped.stdout.contains("25 requests in") && capped.stdout.contains("stopped by --max-requests 25"), "\(capped.stdout)")
            let start = ContinuousClock.now
            let (paced, _) = try await fuzz(fixed.url, ["--max-requests", "20", "--rate", "40/s", "--seed", "2"])
            #expect(paced.status == 0 && ContinuousClock.now - start >= .milliseconds(400), "\(paced.all)")
            let (timed, _) = try await fuzz(fixed.url, ["--time-limit", "300ms", "--rate", "50/s", "--max-examples", "1000"])
            #expect(timed.status == 0 && timed.stdout.contains("stopped by --time-limit"), "\(timed.stdout)")
            let (parallel, _) = try await fuzz(fixed.url, ["--jobs", "4", "--max-examples", "20", "--seed", "2"])
            // Not in the lines naming the spec's temporary path, whose random part may hold "429".
            let statuses = parallel.stdout.split(separator: "\n").filter { !$0.contains("rest-run-files-") }
            #expect(parallel.status == 0 && !statuses.contains { $0.contains("429") }, "\(parallel.all)")
        }
    }

    @Test("-H and --with carry auth; secrets never reach the output, the reports or the saved files")
    func secrets() async throws {
        try await ItemsAPI.serving(bugs: [.serverError], authorization: "Bearer s3cr3t-token") { broken in
            let settings = try BinaryRunner.temporaryFile("settings.yaml", "headers: { X-Team: core }\nauth: { bearer: \"{{token}}\" }\n")
            let reports = (settings as NSString).deletingLastPathComponent
            let (with, folder) = try await fuzz(broken.url, [
                "--with", settings, "--secret", "token=s3cr3t-token", "--operation", "listItems", "--max-examples", "40", "--seed", "5",
                "--report-json", reports + "/r.json", "--report-junit", reports + "/j.xml", "--report-html", reports + "/r.html",
            ])
            #expect(with.status == 4 && with.stdout.contains("not_a_server_error ("), "\(with.all)")
            var written = with.all
            for file in ["r.json", "j.xml", "r.html"] { written += try String(contentsOfFile: reports + "/" + file, encoding: .utf8) }
            for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
                written += try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            }
            #expect(!written.contains("s3cr3t-token"), "a secret leaked")
            let (header, _) = try await fuzz(broken.url, ["-H", "Authorization: Bearer s3cr3t-token", "--operation", "listItems", "--max-examples", "40", "--seed", "5"])
            #expect(header.status == 4 && !header.all.contains("s3cr3t-token") && !header.stdout.contains("got 401"), "\(header.all)")
            let (none, _) = try await fuzz(broken.url, ["--operation", "listItems", "--max-examples", "10"])
            #expect(none.stdout.contains("status_code_conformance") || none.stdout.contains("401"), "without auth every answer is 401: \(none.stdout)")
        }
    }

    @Test("form and multipart bodies are sent, shrunk and saved as form: and multipart: that replay")
    func formBodies() async throws {
        let spec = try BinaryRunner.temporaryFile("forms.yaml", """
            openapi: 3.0.3
            info: { title: Forms, version: "1" }
            paths:
              /login:
                post:
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema: { type: object, required: [user], properties: { user: { type: string }, remember: { type: boolean } } }
                  responses: { "200": { description: ok } }
              /upload:
                post:
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema: { type: object, required: [title], properties: { title: { type: string }, tags: { type: array, items: { type: string } } } }
                  responses: { "200": { description: ok } }
            """)
        let routes = "routes:\n  - path: /login\n    method: POST\n    status: 500\n  - path: /upload\n    method: POST\n    status: 500\n"
        try await MockServer.serving(routes) { server in
            let folder = (spec as NSString).deletingLastPathComponent + "/findings"
            let output = try await binary.run(["fuzz", spec, "--url", server.url, "--save", folder, "--max-examples", "10", "--seed", "4"])
            #expect(output.status == 4, "\(output.all)")
            let login = try String(contentsOfFile: folder + "/post-login-not_a_server_error-500.yaml", encoding: .utf8)
            let upload = try String(contentsOfFile: folder + "/post-upload-not_a_server_error-500.yaml", encoding: .utf8)
            #expect(login.contains("    form: {\"user\": \"\"}"), "\(login)")
            #expect(upload.contains("    multipart: [{ name: \"title\", value: \"\" }]"), "\(upload)")
            for file in [folder + "/post-login-not_a_server_error-500.yaml", folder + "/post-upload-not_a_server_error-500.yaml"] {
                let replay = try await binary.run([file])
                #expect(replay.status == 4, "\(replay.all)")
            }
        }
    }
}
