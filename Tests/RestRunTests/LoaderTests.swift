import RestRun
import RestRunTestSupport
import RestRunYAML
import Testing

@Suite("Loading request files")
struct LoaderTests {
    @Test("every key of a file and a request is read")
    func everyKey() throws {
        let file = try Fixtures.load("""
            name: Suite
            base_url: http://127.0.0.1:8080/api
            variables:
              count: 3
              greeting: hello {{count}}
            headers:
              X-Team: core
              Authorization: Bearer {{token}}
            options:
              timeout: 2s
              max_body: 1MB
            requests:
              - name: login
                method: POST
                url: /login
                headers:
                  Authorization: null
                json: { user: bob, n: "{{count}}" }
                capture:
                  token: $.token
                  etag: { header: ETag }
              - url: /items
                query:
                  - tag: a
                  - tag: b
                text: hello
                decode: JSON
                tags: [smoke]
                options:
                  timeout: 500ms
                  retry: { attempts: 4, delay: 100ms, backoff: exponential, on: [network, 5xx] }
                  follow_redirects: 3
                  skip: not today
                expect:
                  status: [200, 204]
                  headers:
                    Content-Type: { contains: json }
                  json:
                    $.items[0].id: { ">": 0 }
                  body: { contains: ok }
                  duration: { "<": 1s }
            """).get()
        #expect(file.name == "Suite")
        #expect(file.baseURL?.literalText == "http://127.0.0.1:8080/api")
        #expect(file.variables.map(\.name) == ["count", "greeting"])
        #expect(file.headers.map(\.name) == ["X-Team", "Authorization"])
        #expect(file.options.transport.timeout == .seconds(2))
        #expect(file.options.transport.maxBody == 1024 * 1024)
        #expect(file.requests.count == 2)
        let login = file.requests[0]
        #expect(login.method == .post)
        #expect(login.headers.first?.removes == true)
        #expect(login.captures.map(\.name) == ["token", "etag"])
        let items = file.requests[1]
        #expect(items.name == "GET /items")
        #expect(items.query.map(\.name) == ["tag", "tag"])
        #expect(items.decoder == "JSON")
        #expect(items.tags == ["smoke"])
        #expect(items.options.retry?.attempts == 4)
        #expect(items.options.retry?.conditions == [.networkError, .statusClass(5)])
        #expect(items.options.transport.followRedirects == 3)
        #expect(items.options.skip == "not today")
        #expect(items.expectations.map(\.label) == ["status", "header Content-Type", "$.items[0].id", "body", "duration"])
        #expect(login.expectations.map(\.label) == ["status"], "a request with no status check expects 2xx")
    }

    @Test("a location carries its line's text, whatever the line breaks")
    func sourceLines() {
        let source = SourceText(path: "a.yaml", text: "one\r\ntwo\nthree, déjà vu\n\nlast")
        #expect(source.lineCount == 5)
        #expect(source.line(1) == "one")
        #expect(source.line(2) == "two")
        #expect(source.line(3) == "three, déjà vu")
        #expect(source.line(4) == "")
        #expect(source.line(5) == "last")
        #expect(source.line(0) == nil)
        #expect(source.line(6) == nil)
        let location = source.location(Mark(line: 3, column: 8))
        #expect(location.lineText == "three, déjà vu")
        #expect(location.description == "a.yaml:3:8")
        #expect(source.location(Mark(line: 9, column: 1)).lineText == nil)
        #expect(SourceText(path: "b", text: "x\n").line(2) == "")
    }

    @Test("an unknown key says where it is and what was meant")
    func unknownKeys() {
        let diagnostics = Fixtures.diagnostics("""
            heders: {}
            requests:
              - url: http://x/
                expct: {}
            """)
        #expect(diagnostics.count == 2)
        #expect(diagnostics[0].message == "unknown key 'heders' in the request file (did you mean 'headers'?)")
        #expect(diagnostics[0].location?.line == 1 && diagnostics[0].location?.column == 1)
        #expect(diagnostics[1].message == "unknown key 'expct' in request 1 (did you mean 'expect'?)")
        #expect(diagnostics[1].location?.line == 4 && diagnostics[1].location?.column == 5)
    }

    @Test("all of a file's errors are collected, in file order")
    func collectsAllErrors() {
        let diagnostics = Fixtures.diagnostics("""
            requests:
              - url: http://x/{{nope}}
                method: get
                options: { timeout: 10 sec }
              - method: GET
              - url: http://x/
                decode: Artcles
                expect:
                  status: 2xy
                  json:
                    data: 1
                    $.a: { matches: "(" }
                    $.b: { type: strin }
            """)
        let messages = diagnostics.map(\.message)
        #expect(messages.count == 9)
        #expect(messages[0] == "unknown variable 'nope'")
        #expect(messages[1] == "'get' is not an HTTP method (methods are upper case: 'GET')")
        #expect(messages[2] == "'timeout' must be a duration such as 250ms, 2s or 1m, found '10 sec'")
        #expect(messages[3] == "request 2 needs a 'url'")
        #expect(messages[4] == "unknown decoder 'Artcles'; registered: Bytes, JSON, JSONAPI, Text")
        #expect(messages[5].hasPrefix("'status' must be a code such as 200"))
        #expect(messages[6] == "invalid JSONPath 'data': a JSONPath starts with '$'")
        #expect(messages[7].hasPrefix("invalid regular expression '('"))
        #expect(messages[8].hasPrefix("unknown type 'strin' (did you mean 'string'?)"))
        #expect(diagnostics.map { $0.location?.line ?? 0 } == diagnostics.map { $0.location?.line ?? 0 }.sorted())
    }

    @Test("a YAML syntax error is one diagnostic with its line")
    func syntaxError() {
        let diagnostics = Fixtures.diagnostics("requests:\n  - url: /a\n   method: GET\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].location?.line == 3)
        #expect(diagnostics[0].description.contains(" 3 |    method: GET\n   |    ^"), "the line as written, under its number")
    }

    @Test("two bodies are an error at the second")
    func twoBodies() {
        let diagnostics = Fixtures.diagnostics("requests:\n  - url: http://x/\n    json: {}\n    text: hi\n")
        #expect(diagnostics.map(\.message) == ["a request has one body; 'json' was given already at line 3"])
        #expect(diagnostics.first?.location?.line == 4)
    }

    @Test("unknown predicates and types suggest the right word")
    func predicateErrors() {
        let diagnostics = Fixtures.diagnostics("""
            requests:
              - url: http://x/
                expect:
                  json:
                    $.a: { cont: 3 }
                    $.b: { type: strng }
            """)
        #expect(diagnostics.map(\.message) == [
            "unknown predicate 'cont' (did you mean 'count'?)",
            "unknown type 'strng' (did you mean 'string'?); types are string, number, integer, boolean, array, object, null",
        ])
    }

    @Test("a variable captured only later is named as such")
    func captureOrder() {
        let diagnostics = Fixtures.diagnostics("""
            requests:
              - url: http://x/{{id}}
              - url: http://x/
                capture:
                  id: $.id
            """)
        #expect(diagnostics.map(\.message) == ["variable 'id' is captured only later, by request 'GET http://x/' at line 3"])
        #expect(diagnostics.first?.location?.column == 19)
    }

    @Test("predefined variables (--var, mock_url) are known")
    func predefinedVariables() {
        #expect(Fixtures.diagnostics("requests:\n  - url: \"{{mock_url}}/a\"\n", predefined: ["mock_url"]).isEmpty)
        let missing = Fixtures.diagnostics("requests:\n  - url: \"{{mock_url}}/a\"\n")
        #expect(missing.first?.notes.first == "'mock_url' is set when rest-run runs with --mock ROUTES")
    }

    @Test("top-level x- keys hold anchors and are ignored; elsewhere they are unknown")
    func extensionKeys() {
        #expect(Fixtures.diagnostics("x-common: &c { url: \"http://x/\" }\nrequests:\n  - *c\n").isEmpty)
        #expect(Fixtures.diagnostics("requests:\n  - url: http://x/\n    x-note: hi\n").map(\.message) == ["unknown key 'x-note' in request 1"])
    }

    @Test("the file's name defaults to the file name; a request's to METHOD url")
    func defaultNames() throws {
        let file = try Fixtures.load("requests:\n  - url: http://x/a\n", path: "dir/smoke.yaml").get()
        #expect(file.name == "smoke")
        #expect(file.requests[0].name == "GET http://x/a")
    }

    @Test("a file that is not a mapping, or has no requests, says so")
    func shape() {
        #expect(Fixtures.diagnostics("- url: /a\n").map(\.message) == ["a request file must be a mapping with 'requests', found a list"])
        #expect(Fixtures.diagnostics("name: x\n").map(\.message) == ["a request file needs 'requests': a list of requests"])
    }

    @Test("the shipped example loads")
    func shippedExample() throws {
        let loader = RequestFileLoader(predefinedVariables: ["mock_url"])
        let file = try loader.load(path: Fixtures.repositoryRoot + "/requests/articles.yaml")
        #expect(file.requests.map(\.name) == ["list articles", "one article", "each article"])
        #expect(file.steps.last?.flow?.file.parameters == ["id"], "the flow in requests/flows/")
    }

    @Test("a ws:// or wss:// URL, in any case, is a WebSocket exchange without 'websocket:'")
    func webSocketURLs() throws {
        let yaml = """
            requests:
              - url: WS://chat.test/a
              - url: wss://chat.test/b
              - url: WsS://chat.test/c
              - url: wss:/chat.test/d
              - url: ws
              - url: wsx://chat.test/e
              - url: https://chat.test/f
              - url: "{{base}}/g"
            """
        let file = try RequestFileLoader(predefinedVariables: ["base"]).load(text: yaml, path: "ws.yaml")
        #expect(file.requests.map { $0.kind.webSocketSteps != nil } == [true, true, true, false, false, false, false, false])
    }

    @Test("every predicate operator is read as one, and a near miss is not")
    func predicateOperators() throws {
        for name in Predicate.operatorNames + ["contain"] {
            let yaml = """
                requests:
                  - url: https://api.test/
                    expect:
                      json:
                        $.a: { "\(name)": 1 }
                """
            var messages: [String] = []
            do {
                _ = try RequestFileLoader().load(text: yaml, path: "p.yaml")
            } catch {
                messages = error.diagnostics.map(\.message)
            }
            let unknown = messages.contains { $0.hasPrefix("unknown predicate") }
            #expect(unknown == (name == "contain"), "\(name): \(messages)")
        }
    }
}
