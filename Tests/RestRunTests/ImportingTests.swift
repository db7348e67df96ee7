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
        #expect(commands.count == 4)
        #expect(commands[0] == ["curl", "-H", "A: b c", "x ${HOME:-} y", "t\tabAé", "a b", "--next"])
        #expect(commands[1] == ["curl", "one"])
        #expect(commands[3] == ["curl", "three"])
        #expect(throws: ImportProblem.self) { try ShellWords.commands(in: "curl 'open\n") }
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
}
