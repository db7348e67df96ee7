import Foundation
@testable import RestRun
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

    @Test("curl's escaping for --data-urlencode: '+' for a space, lower-case hex")
    func curlEscape() {
        #expect(CurlImporter.curlEscape("a b&c/é") == "a+b%26c%2f%c3%a9")
    }

    @Test("a method YAML would read as something else ('-', 'NULL', '123') is written quoted and loads")
    func oddMethods() throws {
        for method in ["-", "NULL", "123", "GET"] {
            let request = ImportedRequest(name: "odd", method: method, url: "http://127.0.0.1/")
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
                let requests: [ImportedRequest]
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

    @Test("curl and HAR text is never read as rest-run's references; a shell's $NAME is")
    func referencesKept() {
        #expect(TemplateSafety.sanitized("/{{a}}/{{$uuid}}/${X:-1}", keeping: .references) == "/{{a}}/{{$uuid}}/${X:-1}")
        #expect(TemplateSafety.sanitized("/{{a}}/{{$uuid}}/${X:-1}", keeping: .environment) == "/%7B%7Ba}}/%7B%7B$uuid}}/${X:-1}")
        #expect(TemplateSafety.sanitized("/{{a}}/{{$uuid}}/${X:-1}", keeping: .nothing) == "/%7B%7Ba}}/%7B%7B$uuid}}/%24%7BX:-1}")
    }
}
