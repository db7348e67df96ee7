import Foundation
@testable import RestRun
@testable import RestRunImporting
import OrderedCollections
import Testing

/// The importers' pieces on their own: shell words as a shell reads them, and text that would
/// read as templates made plain.
@Suite("importing")
struct ImportingTests {
    @Test("shell words: quotes, $'...', continuations, comments, variables, several commands, pipes")
    func shellWords() throws {
        let text = """
            curl -H 'A: b c' "x $HOME y" $'t\\tab\\x41\\u00e9' a\\ b \\
              --next # a comment
            curl one; curl two && curl three | jq .
            """
        let commands = try ShellWords.commands(in: text)
        #expect(commands.map(\.words) == [
            ["curl", "-H", "A: b c", "x ${HOME:-} y", "t\tabAé", "a b", "--next"], ["curl", "one"], ["curl", "two"], ["curl", "three"], ["jq", "."],
        ])
        #expect(commands[3].writesPipe && commands[4].readsPipe && !commands[2].writesPipe)
        #expect(throws: ImportProblem.self) { try ShellWords.commands(in: "curl 'open\n") }
    }

    @Test("shell redirections: < file, here-documents, here-strings, echo and cat piped in; output redirections dropped")
    func redirections() throws {
        let text = """
            curl -d @- http://a < body.json > out.txt 2>&1
            curl --data-binary @- http://b <<'EOF' | jq .
            {"a": 1,
             "b": "$x"}
            EOF
            curl -d @- http://c <<< $TOKEN
            echo -n 'x=1' | curl -d @- http://d
            cat data.txt | curl -T - http://e &> log
            cat <<-END | curl -d @- http://f
            \tline
            \tEND
            curl -d @- http://g < `echo name` 2>/dev/null
            """
        let commands = try ShellWords.commands(in: text).filter { $0.words.first == "curl" }
        #expect(commands.map(\.words) == [
            ["curl", "-d", "@-", "http://a"], ["curl", "--data-binary", "@-", "http://b"], ["curl", "-d", "@-", "http://c"],
            ["curl", "-d", "@-", "http://d"], ["curl", "-T", "-", "http://e"], ["curl", "-d", "@-", "http://f"], ["curl", "-d", "@-", "http://g"],
        ])
        #expect(commands.map(\.input) == [
            .file("body.json"), .text("{\"a\": 1,\n \"b\": \"$x\"}\n"), .text("${TOKEN:-}\n"), .text("x=1"), .file("data.txt"), .text("line\n"),
            .program("`echo name`"),
        ])
    }

    @Test("template safety: names and built-ins kept; unterminated, unknown and default-less references made plain")
    func templates() {
        #expect(TemplateSafety.isSafe("{{token}} and {{$uuid}} and ${HOME:-x}"))
        #expect(!TemplateSafety.isSafe("{{baseUrlm}/x"))
        #expect(!TemplateSafety.isSafe("{{$randomEmail}}"))
        #expect(!TemplateSafety.isSafe("${HOME}"))
        #expect(TemplateSafety.sanitized("{{baseUrl}}/a/{{b c}}/${X}") == "{{baseUrl}}/a/%7B%7Bb c}}/%24%7BX}")
        #expect(PostmanImporter.dynamic("{{$guid}} {{$randomEmail}} ${x}") == "{{$uuid}} { {$randomEmail}} $ {x}")
    }

    @Test("curl's escaping for --data-urlencode: '+' for a space, upper-case hex in a body, lower-case in a query")
    func curlEscape() {
        #expect(CurlImporter.curlEscape("a b&c/é") == "a+b%26c%2F%C3%A9")
        #expect(CurlImporter.lowercasingEscapes("a=%2F%C3&b=%zz%4") == "a=%2f%c3&b=%zz%4")
    }

    @Test("a method YAML would read as something else ('-', 'NULL', '123') is written quoted and loads")
    func oddMethods() throws {
        for method in ["-", "NULL", "123", "GET"] {
            let request = ImportedHTTPRequest(name: "odd", method: method, url: "http://127.0.0.1/")
            let text = RequestFileWriter.text([request])
            #expect(text.contains(method == "GET" ? "method: GET\n" : "method: \"\(method)\""))
            _ = try RequestFileLoader(environment: [:], predefinedVariables: []).load(text: text, path: "/tmp/odd.yaml")
        }
    }

    @Test("every importer fuzz seed (found crashes among them) imports to a file that loads, unknown references escaped")
    func fuzzSeeds() throws {
        let seeds = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Fuzz/seeds").standardized.path
        let loader = RequestFileLoader(environment: [:], predefinedVariables: [])
        var imported = 0
        for kind in ["curl", "har", "postman"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: seeds + "/" + kind).sorted() {
                let bytes = try FileSystem.readBytes(seeds + "/" + kind + "/" + name)
                var variables: [(String, String)] = []
                let requests: [ImportedHTTPRequest]
                switch kind {
                case "curl":
                    var importer = CurlImporter(workingDirectory: "/nonexistent", outputDirectory: "/tmp")
                    requests = (try? importer.requests(from: String(decoding: bytes, as: UTF8.self))) ?? []
                case "har":
                    var importer = HARImporter()
                    requests = (try? importer.requests(from: bytes)) ?? []
                default:
                    var importer = PostmanImporter(workingDirectory: "/nonexistent", outputDirectory: "/tmp")
                    requests = (try? importer.requests(from: bytes)) ?? []
                    variables = importer.variables
                }
                guard !requests.isEmpty else { continue }
                imported += 1
                let text = RequestFileWriter.text(requests, variables: variables)
                #expect(throws: Never.self, "\(kind)/\(name)") { _ = try loader.load(text: text, path: "/tmp/imported.yaml") }
            }
        }
        #expect(imported > 20)
    }

    @Test("HAR: --include-host keeps only that host (a URL rest-run cannot send has none); a form text is form:")
    func harHostsAndForms() throws {
        func entry(_ url: String, body: String? = nil, type: String = "application/x-www-form-urlencoded") -> String {
            let post = body.map { #", "postData": {"mimeType": "\#(type)", "text": "\#($0)"}"# } ?? ""
            return #"{"request": {"method": "\#(body == nil ? "GET" : "POST")", "url": "\#(url)", "headers": []\#(post)}, "response": {"status": 200, "content": {}}}"#
        }
        let har = #"{"log": {"entries": ["# + [
            entry("https://api.example.com/a"), entry("https://other.org/b"), entry("https://API.Example.com./c"),
            entry(#"https://other.org\\@api.example.com/d"#), entry("https://api.example.com@other.org/e"), entry("https://eu.api.example.com/f"),
            entry("https://api.example.com/form", body: "a=1&b=x%20y+z&c=caf%C3%A9"), entry("https://api.example.com/raw", body: "a=%FF"),
            entry("https://api.example.com/tpl", body: "t=%7B%7Bv%7D%7D"),
        ].joined(separator: ", ") + "]}}"
        var importer = HARImporter()
        importer.includeHosts = ["api.example.com"]
        let requests = try importer.requests(from: Array(har.utf8))
        #expect(requests.map { URLParts($0.url)?.path ?? "" } == ["/a", "/c", "/f", "/form", "/raw", "/tpl"])
        guard requests.count == 6 else { return }
        guard case let .form(fields)? = requests[3].body else {
            Issue.record("a form text is not form: \(String(describing: requests[3].body))")
            return
        }
        #expect(fields.map { "\($0.name)=\($0.value)" } == ["a=1", "b=x y z", "c=café"])
        // A port, or a URL, narrows it further.
        for (given, kept) in [
            ("api.example.com:443", ["/a", "/c", "/f", "/form", "/raw", "/tpl"]), ("api.example.com:8443", []),
            ("https://eu.api.example.com/v1", ["/f"]), ("other.org", ["/b", "/e"]),
        ] {
            var narrowed = HARImporter()
            narrowed.includeHosts = [given]
            let paths = ((try? narrowed.requests(from: Array(har.utf8))) ?? []).map { URLParts($0.url)?.path ?? "" }
            #expect(paths == kept, "--include-host \(given): \(paths)")
        }
        // Bytes that are not text, or a field rest-run would read as a template, stay text.
        for request in requests[4...] {
            guard case .form? = request.body else { continue }
            Issue.record("\(request.url) became form:")
        }
    }

    @Test("Postman: a JSON body naming a key twice is sent as text, byte for byte; every variable a value uses is declared first")
    func postmanDuplicatesAndVariables() throws {
        let collection = #"""
            {"info": {"name": "t"}, "variable": [{"key": "baseUrl", "value": "http://{{host-name}}/api"}],
             "item": [{"name": "a", "request": {"method": "POST", "url": "{{baseUrl}}/x",
               "auth": {"type": "oauth2", "oauth2": [{"key": "accessTokenUrl", "value": "{{tok-url}}"}, {"key": "clientId", "value": "{{client-id}}"}, {"key": "grant_type", "value": "client_credentials"}]},
               "body": {"mode": "raw", "raw": "{\"a\": 1, \"a\": 2}", "options": {"raw": {"language": "json"}}}}}]}
            """#
        var importer = PostmanImporter(workingDirectory: "/nonexistent", outputDirectory: "/tmp")
        let requests = try importer.requests(from: Array(collection.utf8))
        guard case let .text(text)? = requests.first?.body else {
            Issue.record("the body is not text: \(String(describing: requests.first?.body))")
            return
        }
        #expect(text == #"{"a": 1, "a": 2}"#)
        #expect(importer.variables.map(\.0) == ["tok-url", "client-id", "host-name", "baseUrl"])
        let file = RequestFileWriter.text(requests, variables: importer.variables)
        #expect(throws: Never.self) { _ = try RequestFileLoader(environment: [:], predefinedVariables: []).load(text: file, path: "/tmp/p.yaml") }
    }

    @Test("markers are found and replaced by their bytes, a combining mark after one included")
    func literalText() {
        #expect("a{{b}}c{{d".replacingLiterally("{{", with: "{ {") == "a{ {b}}c{ {d")
        #expect("{\u{301}{x".replacingLiterally("{", with: "%7B") == "%7B\u{301}%7Bx")
        #expect("{{{".replacingLiterally("{{", with: "<") == "<{")
        #expect("abc".replacingLiterally("", with: "x") == "abc")
        let url = "wss://h\u{301}://x"
        #expect(url.literalRange(of: "://").map { url.distance(from: url.startIndex, to: $0.lowerBound) } == 3)
        #expect("ab".literalRange(of: "abc") == nil)
        #expect("aab".literalRange(of: "ab").map { "aab"[$0] } == "ab")
    }

    @Test("Postman: a urlencoded body naming a field twice is a form: list that sends both, in order")
    func postmanRepeatedFormFields() throws {
        let collection = #"""
            {"info": {"name": "t"}, "item": [{"name": "a", "request": {"method": "POST", "url": "http://127.0.0.1/x",
               "body": {"mode": "urlencoded", "urlencoded": [{"key": "id", "value": "1"}, {"key": "name", "value": "a b"}, {"key": "id", "value": "2"}]}}}]}
            """#
        var importer = PostmanImporter(workingDirectory: "/nonexistent", outputDirectory: "/tmp")
        let requests = try importer.requests(from: Array(collection.utf8))
        let text = RequestFileWriter.text(requests, variables: importer.variables)
        #expect(text.contains("    form:\n      - \"id\": \"1\"\n      - \"name\": \"a b\"\n      - \"id\": \"2\"\n"))
        let file = try RequestFileLoader(environment: [:], predefinedVariables: []).load(text: text, path: "/tmp/p.yaml")
        let runner = Runner()
        let prepared = try runner.prepare(try #require(file.requests.first), of: file, scope: runner.initialScope(for: file))
        #expect(String(decoding: prepared.body?.bytes ?? [], as: UTF8.self) == "id=1&name=a+b&id=2")
    }

    @Test("a name over YAML's 1,024 characters for a key, repeated form fields and tags with braces are written so that they load")
    func longNames() throws {
        let long = String(repeating: "N", count: 1100)
        var request = ImportedHTTPRequest(name: "long", method: "POST", url: "http://127.0.0.1/")
        request.headers = [(long, "v")]
        request.body = .json(.object([long: .object([long: .integer(1)])]))
        request.captures = [(long, "$.x")]
        var form = request
        form.body = .form([(long, "1")])
        var repeated = request
        repeated.body = .form([(long, "1"), (long, "2")])
        var tagged = request
        tagged.tags = ["Notes ${x", "{{y", "${HOME}"]
        for request in [request, form, repeated, tagged] {
            let text = RequestFileWriter.text([request], variables: [(long, "x")])
            #expect(throws: Never.self) { _ = try RequestFileLoader(environment: [:], predefinedVariables: []).load(text: text, path: "/tmp/long.yaml") }
        }
    }

    @Test("curl and HAR text is never read as rest-run's references; a shell's $NAME is")
    func referencesKept() {
        #expect(TemplateSafety.sanitized("/{{a}}/{{$uuid}}/${X:-1}", keeping: .references) == "/{{a}}/{{$uuid}}/${X:-1}")
        #expect(TemplateSafety.sanitized("/{{a}}/{{$uuid}}/${X:-1}", keeping: .environment) == "/%7B%7Ba}}/%7B%7B$uuid}}/${X:-1}")
        #expect(TemplateSafety.sanitized("/{{a}}/{{$uuid}}/${X:-1}", keeping: .nothing) == "/%7B%7Ba}}/%7B%7B$uuid}}/%24%7BX:-1}")
    }
}
