import Foundation
import RestRunMock
import RestRunTestSupport
import Testing

/// `rest-run import postman`: a v2.1 collection with folders, variables, inherited and own auth,
/// scripts and every body mode; the file passes `check` and sends what Postman would.
@Suite("import postman")
struct ImportPostmanTests {
    let binary = BinaryRunner()
    static let collection = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/postman/notes.postman_collection.json"

    @Test("folders as tags, variables with defaults, auth, scripts as comments; it passes check and sends each body")
    func collection() async throws {
        let folder = (try BinaryRunner.temporaryFile("x", "") as NSString).deletingLastPathComponent
        let output = try await binary.run(["import", "postman", Self.collection, "-o", folder + "/notes.yaml"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stderr.contains("warning: 'Create note': its test script is not run"), "\(output.stderr)")
        #expect(output.stderr.contains("'Upload': the file '/nonexistent/notes.txt'"), "\(output.stderr)")
        let text = try String(contentsOfFile: folder + "/notes.yaml", encoding: .utf8)
        for expected in [
            "\"baseUrl\": \"${BASEURL:-}\"", "\"password\": \"${PASSWORD:-}\"", "\"page\": \"2\"", "tags: [\"Notes\"]",
            "auth: { bearer: \"{{token}}\" }", "auth: { basic: [\"alice\", \"{{password}}\"] }", "{{$uuid}}",
            "# Postman test script (not run):", "pm.environment.set",
        ] {
            #expect(text.contains(expected), "\(expected): \(text)")
        }
        #expect(!text.contains("X-Off"))
        let check = try await binary.run(["check", folder + "/notes.yaml"])
        #expect(check.status == 0, "\(check.all)")
        let server = RecordingServer()
        try await MockServer.serving(responder: server) { mock in
            let run = try await binary.run([folder + "/notes.yaml"], environment: ["BASEURL": mock.url, "PASSWORD": "pw-1"])
            #expect(run.status == 0, "\(run.all)")
            let received = server.take()
            #expect(received.count == 4)
            guard received.count == 4 else { return }
            #expect(received[0].method == "POST" && received[0].target == "/notes?page=2")
            #expect(String(decoding: received[0].body, as: UTF8.self) == #"{"text":"buy milk","pinned":true}"#)
            #expect(received[0].headers.contains { $0.0 == "Authorization" && $0.1 == "Bearer tok-1234" })
            #expect(received[1].target == "/search?api_key=k-99")
            #expect(String(decoding: received[1].body, as: UTF8.self) == "q=milk+%26+eggs")
            #expect(received[2].headers.contains { $0.0 == "Authorization" && $0.1 == "Basic " + Data("alice:pw-1".utf8).base64EncodedString() })
            #expect(String(decoding: received[3].body, as: UTF8.self) == #"{"query":"query { notes { id } }","variables":{"first":2}}"#)
            #expect(!received[3].headers.contains { $0.0.lowercased() == "authorization" })
        }
        let broken = try BinaryRunner.temporaryFile("broken.json", "{\n  \"info\": {},\n  \"item\": [\n    {\"name\": }\n  ]\n}\n")
        let refused = try await binary.run(["import", "postman", broken])
        #expect(refused.status == 2, "\(refused.all)")
        #expect(refused.stderr.contains("broken.json:4:1: error: not a Postman collection"), "\(refused.stderr)")
    }

    @Test("v2.0: a request that is only its URL, auth as an object, a URL in parts, path variables, OAuth 2.0 client credentials")
    func version20() async throws {
        let collection = #"{"info":{"name":"v2.0","schema":"https://schema.getpostman.com/json/collection/v2.0.0/collection.json"},"item":[{"name":"a","request":"http://h.example/x"},{"name":"b","request":{"method":"PUT","url":"h.example/y","auth":{"type":"digest","digest":{"username":"u","password":"p4ss"}}}},{"name":"c","request":{"method":"GET","url":{"protocol":"https","host":["api","example","com"],"path":["v1","z"],"query":[{"key":"q","value":"1"},{"key":"off","value":"2","disabled":true}]},"auth":{"type":"oauth2","oauth2":{"accessTokenUrl":"https://t.example/token","clientId":"c","clientSecret":"s","grant_type":"client_credentials"}}}},{"name":"d","request":{"method":"GET","url":{"raw":"http://h.example/users/:id/:missing?x=:id","variable":[{"key":"id","value":"7"}]}}}]}"#
        let input = try BinaryRunner.temporaryFile("v20.json", collection)
        let output = try await binary.run(["import", "postman", input])
        #expect(output.status == 0, "\(output.all)")
        for expected in [
            "url: \"http://h.example/x\"", "method: PUT", "url: \"http://h.example/y\"", "auth: { digest: [\"u\", \"p4ss\"] }",
            "url: \"https://api.example.com/v1/z?q=1\"", "url: \"http://h.example/users/7/:missing?x=:id\"",
            "auth: { oauth2: { token_url: \"https://t.example/token\", client_id: \"c\", client_secret: \"s\", grant: \"client_credentials\" } }",
        ] {
            #expect(output.stdout.contains(expected), "\(expected): \(output.stdout)")
        }
        let file = try BinaryRunner.temporaryFile("v20.yaml", output.stdout)
        #expect(try await binary.run(["check", file]).status == 0)
    }

    @Test("what real collections hold: auth beside an Authorization header, a byte-order mark, scripts of folders, the v1 format")
    func realWorld() async throws {
        // newman's echo-v2 has both: Postman sends the auth, and the header is left out.
        let both = "\u{FEFF}" + #"{"info":{"name":"both"},"event":[{"listen":"prerequest","script":{"exec":["pm.environment.set('t', 1)"]}}],"item":[{"name":"folder","event":[{"listen":"test","script":{"exec":["pm.test('ok')"]}}],"item":[{"name":"basic","request":{"method":"GET","url":"http://h.example/basic","header":[{"key":"Authorization","value":"Bearer manual"}],"auth":{"type":"basic","basic":[{"key":"username","value":"u"},{"key":"password","value":"p4ss"}]}}}]}]}"#
        let input = try BinaryRunner.temporaryFile("both.json", both)
        let output = try await binary.run(["import", "postman", input, "-o", "-"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("auth: { basic: [\"u\", \"p4ss\"] }") && !output.stdout.contains("Bearer manual"), "\(output.stdout)")
        #expect(output.stderr.contains("'basic': its Authorization header is left out: Postman sends its auth in its place"), "\(output.stderr)")
        #expect(output.stderr.contains("the collection: its pre-request script, run by Postman around each of its requests, is not run"), "\(output.stderr)")
        #expect(output.stderr.contains("folder 'folder': its test script, run by Postman around each of its requests, is not run"), "\(output.stderr)")
        let file = try BinaryRunner.temporaryFile("both.yaml", output.stdout)
        let check = try await binary.run(["check", file])
        #expect(check.status == 0, "\(check.all)")

        let version1 = try BinaryRunner.temporaryFile("v1.json", #"{"id":"1","name":"old","order":["a"],"requests":[{"id":"a","url":"http://h.example/","method":"GET"}]}"#)
        let refused = try await binary.run(["import", "postman", version1])
        #expect(refused.status == 2 && refused.stderr.contains("v1 format") && refused.stderr.contains("Collection v2.1"), "\(refused.all)")
    }
}
