import Foundation
import RestRunMock
import RestRunTestSupport
import Testing

/// `rest-run import curl`: each command is run by curl itself and by the imported file against a
/// recording server, and the two requests compared: method, target, body, and every header curl
/// sets because the command says so.
@Suite("import curl")
struct ImportCurlTests {
    let binary = BinaryRunner()

    /// Commands, `URL` standing for the server's address.
    static let commands = [
        "curl URL/items",
        "curl -X POST 'URL/items?x=1&y=a%20b' -H 'Content-Type: application/json' -d '{\"name\": \"é\", \"n\": 1}'",
        "curl URL/login -d user=alice -d 'pass=p@ss word' --data-raw '@literal'",
        "curl -G URL/search -d q=hello --data-urlencode 'name=a b&c' --data-urlencode '=x/y' -A 'agent 1' -e https://ref.example/ -b 'a=1; b=2'",
        "curl --json '{\"k\": \"v\"}' URL/json",
        "curl -H 'X-Empty;' -H 'X-Multi: one' -H 'Accept: text/plain' URL/headers -I",
        "curl -XPATCH URL/items/7 --data-binary @body.txt -H 'Content-Type: text/plain'",
        "curl URL/upload -T body.txt",
        "curl -u alice:secret URL/basic",
        "curl --oauth2-bearer tok-123 URL/bearer",
        "curl -d @body.txt URL/stripped",
        "curl --url-query 'q=a b' --url-query plain URL/q",
        "curl -X DELETE URL/items/1 -sS -o /dev/null",
        "curl $'URL/esc' -H $'X-Tab: a\\tb' -d $'line1\\nline2'",
        "curl -F name=value -F 'file=@body.txt;type=text/plain;filename=notes.txt' URL/multipart",
        "curl -F 'doc=@body.txt' -F 'blob=@data.bin' -F 'note=<body.txt' --form-string 'raw=@not-a-file' URL/parts",
        // Standard input as the shell gives it, and several requests from one command.
        "curl --data-binary @- URL/heredoc <<'EOF'\n{\"a\": 1,\n \"b\": [2]}\nEOF",
        "curl -H 'Content-Type: text/xml' --data-binary @- URL/redirected < body.txt 2>&1",
        "curl -d @- URL/herestring <<< 'x=1&y=2'",
        "echo '{\"k\": 1}' | curl --json @- URL/piped | cat",
        "curl URL/n1 -d a=1 --next URL/n2 --next -d b=2 URL/n3",
        "curl -T body.txt URL/u1/ URL/u2",
        "curl -I -G -d a=1 URL/head",
        // What a new user's commands found: ranges, uploads to a bare URL, encoded files, HTTP/2 on
        // plain HTTP, and a multipart Content-Type named by hand.
        "curl -r 0-99 URL/range",
        "curl --range 100- URL/range -H 'X-A: 1'",
        "curl -r 600 URL/range",
        "curl -T body.txt URL",
        "curl -T data.bin URL/",
        "curl --data-urlencode name@body.txt URL/encoded",
        "curl -G --data-urlencode name@body.txt --data-urlencode @data.bin URL/encoded",
        "curl --http2 URL/h2c",
        "curl -F a=b -H 'Content-Type: multipart/form-data' URL/typed",
        "curl -G -d 'a=%2F%C3%A9' --data-urlencode 'b=/' URL/query",
    ]

    /// Headers curl sends on its own, or that the transport sets: not part of what a command says.
    static let transportHeaders: Set<String> = [
        "user-agent", "accept", "accept-encoding", "host", "content-length", "connection", "expect",
        // curl's HTTP/2 upgrade offer on plain HTTP, which the server may decline.
        "upgrade", "http2-settings",
    ]

    static func explicit(_ received: RecordingServer.Received, command: String) -> [String] {
        received.headers.compactMap { name, value in
            let lower = name.lowercased()
            let named = command.lowercased().contains("'\(lower):") || command.lowercased().contains("'\(lower);")
                || command.lowercased().contains("$'\(lower):")
            if transportHeaders.contains(lower), !named, !(lower == "user-agent" && command.contains(" -A ")) { return nil }
            // A multipart boundary is each client's own.
            if lower == "content-type", value.hasPrefix("multipart/") {
                guard value.contains("boundary="), let semicolon = value.firstIndex(of: ";") else { return "content-type: no boundary: \(value)" }
                return "content-type: " + value[..<semicolon]
            }
            return "\(lower): \(value)"
        }.sorted()
    }

    static func normalizedBody(_ received: RecordingServer.Received) -> String {
        let text = String(decoding: received.body, as: UTF8.self)
        guard let type = received.headers.first(where: { $0.0.lowercased() == "content-type" })?.1,
              let boundary = type.split(separator: "boundary=").last, type.hasPrefix("multipart/") else { return text }
        return text.replacingOccurrences(of: String(boundary), with: "BOUNDARY")
    }

    @Test("every command sends the same method, target, body and explicit headers as curl itself")
    func againstCurl() async throws {
        let folder = (try BinaryRunner.temporaryFile("body.txt", "first line\r\nsecond line\n") as NSString).deletingLastPathComponent
        try "binary-ish".write(toFile: folder + "/data.bin", atomically: true, encoding: .utf8)
        let server = RecordingServer()
        try await MockServer.serving(responder: server) { mock in
            for command in Self.commands {
                let line = command.replacingOccurrences(of: "URL", with: mock.url)
                // bash, for `$'...'` strings.
                let script = try BinaryRunner.temporaryFile("command.sh", "cd '\(folder)' && {\n\(line)\n} > /dev/null 2>&1\n")
                #expect(try await BinaryRunner.shell("bash '\(script)'") == 0, "curl failed: \(line)")
                let fromCurl = server.take()
                let output = try await binary.run(["import", "curl", "-", "-o", folder + "/imported.yaml", "--force"], in: folder, input: line)
                #expect(output.status == 0, "\(line): \(output.all)")
                let replay = try await binary.run([folder + "/imported.yaml"], in: folder)
                #expect(replay.status == 0, "\(line): \(replay.all)")
                let fromFile = server.take()
                #expect(!fromCurl.isEmpty && fromCurl.count == fromFile.count, "\(line): \(fromCurl.count) and \(fromFile.count) requests")
                for (curl, ours) in zip(fromCurl, fromFile) {
                    #expect(curl.method == ours.method, "\(line)")
                    #expect(curl.target == ours.target, "\(line)")
                    #expect(Self.normalizedBody(curl) == Self.normalizedBody(ours), "\(line)")
                    #expect(Self.explicit(curl, command: line) == Self.explicit(ours, command: line), "\(line)")
                }
            }
        }
    }

    @Test("several commands with continuations and quotes, warnings for what is left out, check passes, no overwrite without --force")
    func fileOfCommands() async throws {
        let text = """
            # a runbook
            curl -X POST https://api.example.com/v1/items \\
              -H "Authorization: Bearer $TOKEN" \\
              --json '{"a": 1}' -s -w '%{http_code}' --proxy http://p:3128

            curl 'https://api.example.com/v1/items?page=2' | jq .
            """
        let input = try BinaryRunner.temporaryFile("runbook.sh", text)
        let folder = (input as NSString).deletingLastPathComponent
        let output = try await binary.run(["import", "curl", input, "-o", folder + "/runbook.yaml"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stderr.contains("wrote \(folder)/runbook.yaml (2 requests)"))
        for flag in ["--silent", "--write-out", "--proxy"] { #expect(output.stderr.contains("warning: \(flag)"), "\(flag): \(output.stderr)") }
        let written = try String(contentsOfFile: folder + "/runbook.yaml", encoding: .utf8)
        #expect(written.contains("\"Authorization\": \"Bearer ${TOKEN:-}\""))
        let check = try await binary.run(["check", folder + "/runbook.yaml"])
        #expect(check.status == 0, "\(check.all)")
        let again = try await binary.run(["import", "curl", input, "-o", folder + "/runbook.yaml"])
        #expect(again.status == 1 && again.stderr.contains("add --force"), "\(again.all)")
        let broken = try BinaryRunner.temporaryFile("broken.sh", "curl https://x.example/ \\\n  -d 'never closed\n")
        let refused = try await binary.run(["import", "curl", broken])
        #expect(refused.status == 2, "\(refused.all)")
        #expect(refused.stderr.contains("broken.sh:2:1: error: a single quote is never closed"), "\(refused.stderr)")
    }
}
