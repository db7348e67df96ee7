import Foundation
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

@Suite("Bodies, auth, include, cookies, compression, selection")
struct RequestLanguageTests {
    func prepare(_ yaml: String, path: String = "test.yaml", variables: [String: DecodedValue] = [:]) throws -> [PreparedRequest] {
        let file = try Fixtures.load(yaml, predefined: Set(variables.keys), path: path).get()
        let runner = Runner(variables: variables)
        let scope = runner.initialScope(for: file)
        return try file.requests.map { try runner.prepare($0, of: file, scope: scope) }
    }

    func text(_ body: RequestBody?) -> String { String(decoding: body?.bytes ?? [], as: UTF8.self) }

    @Test("form bodies are urlencoded with + for spaces")
    func form() throws {
        let request = try prepare("variables: { who: Ann Lee }\nrequests:\n  - url: http://x/\n    form: { q: \"a&b c\", who: \"{{who}}\" }\n")[0]
        #expect(text(request.body) == "q=a%26b+c&who=Ann+Lee")
        #expect(request.body?.contentType == "application/x-www-form-urlencoded")
    }

    @Test("a form may repeat a name: a list value, or a list of one-key mappings, in the order written")
    func formRepeatedNames() throws {
        let requests = try prepare("""
            requests:
              - url: http://x/
                form: { tag: [a, b], q: c }
              - url: http://x/
                form:
                  - tag: a
                  - q: c d
                  - tag: b
            """)
        #expect(text(requests[0].body) == "tag=a&tag=b&q=c")
        #expect(text(requests[1].body) == "tag=a&q=c+d&tag=b")
        #expect(throws: (any Error).self) { try prepare("requests:\n  - url: http://x/\n    form:\n      - { a: 1, b: 2 }\n") }
        #expect(throws: (any Error).self) { try prepare("requests:\n  - url: http://x/\n    form: just text\n") }
    }

    @Test("multipart bodies carry text and file parts; files are relative to the request file")
    func multipart() throws {
        let path = try BinaryRunner.temporaryFile("upload.yaml", "")
        try FileSystem.write("file-content", to: FileSystem.path("note.txt", relativeTo: path))
        let request = try prepare("""
            requests:
              - url: http://x/
                multipart:
                  - { name: title, value: Hello }
                  - { name: doc, file: note.txt }
            """, path: path)[0]
        let contentType = try #require(request.body?.contentType)
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        #expect(text(request.body) == """
            --\(boundary)\r
            Content-Disposition: form-data; name="title"\r
            \r
            Hello\r
            --\(boundary)\r
            Content-Disposition: form-data; name="doc"; filename="note.txt"\r
            Content-Type: text/plain; charset=utf-8\r
            \r
            file-content\r
            --\(boundary)--\r

            """)
    }

    @Test("a missing file is a load error at its line; bad Base64 too; two bodies are one too many")
    func bodyErrors() {
        let diagnostics = Fixtures.diagnostics("""
            requests:
              - url: http://x/
                file: nowhere.bin
              - url: http://x/
                base64: "not base64!"
              - url: http://x/
                multipart:
                  - { name: a, file: missing.png }
            """)
        #expect(diagnostics.map(\.message) == [
            "no file 'nowhere.bin' (looked for nowhere.bin, relative to the request file)",
            "'base64' is not valid Base64 text",
            "no file 'missing.png' (looked for missing.png, relative to the request file)",
        ])
        #expect(diagnostics.map { $0.location?.line ?? 0 } == [3, 5, 8])
    }

    @Test("file and base64 bodies send bytes")
    func rawBodies() throws {
        let path = try BinaryRunner.temporaryFile("raw.yaml", "")
        try FileSystem.write(#"{"a":1}"#, to: FileSystem.path("body.json", relativeTo: path))
        let requests = try prepare("requests:\n  - url: http://x/\n    file: body.json\n  - url: http://x/\n    base64: aGk=\n", path: path)
        #expect(text(requests[0].body) == #"{"a":1}"#)
        #expect(requests[0].body?.contentType == "application/json")
        #expect(requests[1].body?.bytes == Array("hi".utf8))
    }

    @Test("auth sets Authorization at request level and through the file's header delegate")
    func auth() async throws {
        let requests = try prepare("""
            requests:
              - url: http://x/
                auth: { basic: [alice, "{{password}}"] }
              - url: http://x/
                auth: { bearer: t0k }
            """, variables: ["password": .string("s3cret")])
        #expect(requests[0].headers["Authorization"] == "Basic YWxpY2U6czNjcmV0")
        #expect(requests[1].headers["Authorization"] == "Bearer t0k")
        let file = try Fixtures.load("auth: { bearer: file-token }\nrequests:\n  - url: http://x/\n").get()
        var prepared = PreparedRequest(name: "x", url: "http://x/")
        let headers = try Runner().fileHeaders(of: file, for: &prepared, scope: Scope())
        #expect(headers.first?.0 == "Authorization")
        #expect(headers.first?.1 == "Bearer file-token")
        let conflict = Fixtures.diagnostics("requests:\n  - url: http://x/\n    headers: { Authorization: x }\n    auth: { bearer: y }\n")
        #expect(conflict.map(\.message) == ["both 'auth' and an 'Authorization' header are given; keep one"])
    }

    @Test("include merges settings in order, the file's own winning, and reports cycles with the chain")
    func include() throws {
        let main = try BinaryRunner.temporaryFile("main.yaml", """
            include: [common.yaml]
            variables: { who: main }
            headers: { X-Over: main }
            requests:
              - url: /x/{{who}}/{{deep}}
            """)
        try FileSystem.write("include: [deeper.yaml]\nbase_url: http://h\nvariables: { who: common }\nheaders: { X-Over: common, X-Common: '1' }\noptions: { timeout: 3s }\n", to: FileSystem.path("common.yaml", relativeTo: main))
        try FileSystem.write("variables: { deep: d }\n", to: FileSystem.path("deeper.yaml", relativeTo: main))
        let file = try RequestFileLoader().load(path: main)
        #expect(file.variables.map(\.name) == ["deep", "who"])
        #expect(file.headers.map(\.name) == ["X-Common", "X-Over"])
        #expect(file.headers.last?.value?.literalText == "main")
        #expect(file.options.transport.timeout == .seconds(3))
        let runner = Runner()
        let prepared = try runner.prepare(file.requests[0], of: file, scope: runner.initialScope(for: file))
        #expect(prepared.url == "http://h/x/main/d")

        let cyclic = try BinaryRunner.temporaryFile("a.yaml", "include: [b.yaml]\nrequests:\n  - url: http://x/\n")
        try FileSystem.write("include: [./a.yaml]\n", to: FileSystem.path("b.yaml", relativeTo: cyclic))
        #expect {
            try RequestFileLoader().load(path: cyclic)
        } throws: { error in
            (error as? DiagnosticList)?.diagnostics.first?.message == "include cycle: a.yaml -> b.yaml -> a.yaml"
        }
        let withRequests = try BinaryRunner.temporaryFile("c.yaml", "include: [d.yaml]\nrequests:\n  - url: http://x/\n")
        try FileSystem.write("requests: []\n", to: FileSystem.path("d.yaml", relativeTo: withRequests))
        #expect {
            try RequestFileLoader().load(path: withRequests)
        } throws: { error in
            (error as? DiagnosticList)?.diagnostics.first?.message.hasPrefix("unknown key 'requests' in an included file (it holds settings only)") == true
        }
    }

    @Test("URLs are split and checked on their bytes: quick and slow paths agree")
    func urlParts() throws {
        let parts = try #require(URLParts("HTTPS://User:pw@API.Example.com:8443/v1/items?q=1#top"))
        #expect(parts.scheme == "https")
        #expect(parts.host == "api.example.com")
        #expect(parts.portText == "8443")
        #expect(parts.path == "/v1/items")
        let v6 = try #require(URLParts("http://[::1]:8080"))
        #expect(v6.host == "::1")
        #expect(v6.portText == "8080")
        #expect(v6.path == "/")
        #expect(try #require(URLParts("http://Straße.example/ä")).host == "straße.example")
        #expect(URLParts("no-scheme/path") == nil)
        #expect(URLParts("http:///path") == nil)
        for good in ["http://127.0.0.1:8082/data.json", "https://example.com", "http://h:65535/", "HTTP://h/", "http://u@h:1/", "http://[::1]:80/"] {
            #expect(URLParts.problem(good) == nil, "\(good)")
        }
        for (bad, words) in [
            ("http://h:99999/", "port '99999'"), ("http://h:0/", "port '0'"), ("http://h:/", "port ''"),
            ("http://h:000080/", "port '000080'"), ("http://h:8a/", "port '8a'"), ("ftp://h/", "scheme 'ftp'"),
            ("http://", "needs http"), ("h/path", "needs http"),
        ] {
            #expect(URLParts.problem(bad)?.contains(words) == true, "\(bad)")
        }
        #expect(URLBuilder.isAbsolute("svn+ssh://host/x"))
        #expect(!URLBuilder.isAbsolute("/relative:path"))
        #expect(!URLBuilder.isAbsolute("://x"))
        #expect(!URLBuilder.isAbsolute("mailto:x"))
    }

    @Test("cookies honour domain, path, Secure and expiry")
    func cookieRules() throws {
        let site = try #require(URLParts("http://api.example.com/account/login"))
        let now = 1_000_000
        let session = try #require(Cookie(setCookie: "session=abc; Path=/; HttpOnly", from: site, now: now))
        #expect(session.matches(try #require(URLParts("http://api.example.com/orders")), now: now))
        #expect(!session.matches(try #require(URLParts("http://other.example.com/")), now: now))
        let scoped = try #require(Cookie(setCookie: "pref=1", from: site, now: now))
        #expect(scoped.path == "/account")
        #expect(scoped.matches(try #require(URLParts("http://api.example.com/account/settings")), now: now))
        #expect(!scoped.matches(try #require(URLParts("http://api.example.com/accounting")), now: now))
        let wide = try #require(Cookie(setCookie: "w=1; Domain=.example.com; Path=/", from: site, now: now))
        #expect(wide.matches(try #require(URLParts("http://www.example.com/")), now: now))
        #expect(Cookie(setCookie: "x=1; Domain=evil.com", from: site, now: now) == nil)
        let secure = try #require(Cookie(setCookie: "s=1; Secure", from: site, now: now))
        #expect(!secure.matches(try #require(URLParts("http://api.example.com/account/x")), now: now))
        #expect(secure.matches(try #require(URLParts("https://api.example.com/account/x")), now: now))
        let expiring = try #require(Cookie(setCookie: "e=1; Max-Age=10", from: site, now: now))
        #expect(expiring.matches(site, now: now + 5))
        #expect(!expiring.matches(site, now: now + 11))
        #expect(HTTPDate.parse("Wed, 21 Oct 2015 07:28:00 GMT") == 1_445_412_480)
        #expect(HTTPDate.parse("Wednesday, 21-Oct-15 07:28:00 GMT") == 1_445_412_480)
        #expect(HTTPDate.parse("Wed Oct 21 07:28:00 2015") == 1_445_412_480)
    }

    @Test("a cookie set on a redirect goes back on later requests; gzip responses are decoded; the jar is per file")
    func cookiesAndCompressionOverHTTP() async throws {
        let routes = try MockRoutes.load(text: """
            gzip: true
            routes:
              - path: /login
                method: POST
                status: 303
                headers: { Location: /home, Set-Cookie: "session=abc123; Path=/" }
              - path: /home
                echo: true
            """, path: "routes.yaml")
        let server = try await MockServer.start(routes: routes)
        let file = try Fixtures.load("""
            requests:
              - url: /login
                method: POST
                options: { follow_redirects: true }
              - url: /home
                expect:
                  headers:
                    Content-Encoding: { one_of: [gzip, deflate] }
                  json:
                    $.headers.cookie: session=abc123
                    $.headers.accept-encoding: gzip, deflate
            """, predefined: ["mock_url"]).get()
        let results = try await Networker.withHTTPClient { client in
            let runner = Runner(variables: ["mock_url": .string(server.url)], mockURL: server.url)
            let first = await runner.run(file, networking: Networker(client: client, delegates: [CookieJar()]))
            let other = try Fixtures.load(
                "requests:\n  - url: /home\n    expect:\n      json:\n        $.headers.cookie: { exists: false }\n",
                predefined: ["mock_url"]).get()
            let second = await runner.run(other, networking: Networker(client: client, delegates: [CookieJar()]))
            return [first, second]
        }
        await server.shutdown()
        #expect(results[0].requests.map(\.outcome) == [.passed, .passed], "\(results[0].requests.flatMap(\.failures))")
        #expect(results[1].requests.map(\.outcome) == [.passed], "a new file run starts with an empty jar")
    }

    @Test("--tag and --name select requests; the rest are neither sent nor reported")
    func selection() async throws {
        let file = try Fixtures.load("""
            requests:
              - { name: list users, url: "http://x/1", tags: [smoke] }
              - { name: create user, url: "http://x/2", tags: [write] }
              - { name: delete user, url: "http://x/3" }
            """).get()
        func run(_ filter: RequestFilter) async -> [String] {
            await Runner().run(file, filter: filter, networking: MockNetworking(["http://x/1": [.success(.json("{}"))]])).requests.map(\.name)
        }
        #expect(await run(RequestFilter(tags: ["smoke"])) == ["list users"])
        #expect(await run(RequestFilter(namePatterns: ["*user"])) == ["create user", "delete user"])
        #expect(await run(RequestFilter(namePatterns: ["*user*"])) == ["list users", "create user", "delete user"])
        #expect(await run(RequestFilter(namePatterns: ["DELETE"])) == ["delete user"])
        #expect(await run(RequestFilter(tags: ["smoke", "write"], namePatterns: ["create*"])) == ["create user"])
        #expect(RequestFilter.matches("GET /a/b", pattern: "GET /a/?"))
        #expect(!RequestFilter.matches("GET /a/bc", pattern: "GET /a/?"))
    }
}
