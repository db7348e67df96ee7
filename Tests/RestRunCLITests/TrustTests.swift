import Foundation
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// What a CI job trusts rest-run for, through the built binary: no secret in any output, reports
/// and exit codes that never hide a problem, no crash or hang on hostile files.
@Suite("rest-run keeps its promises to CI")
struct TrustTests {
    let binary = BinaryRunner()

    /// Given on the command line and in the environment.
    static let canary = "c4n4ry-Given-7f3a9e21"
    /// Known only from a server response (`secret: true`).
    static let capturedCanary = "c4n4ry-Captured-5b8d0c44"
    /// Known only as the password of a request's URL (`http://ada:PASSWORD@host/`).
    static let urlCanary = "c4n4ry-Url-9e1d2b77"

    static let canaryRoutes = """
        routes:
          - path: /login
            method: POST
            headers: { X-Session-Token: \(capturedCanary) }
            json: { token: \(capturedCanary), user: ada }
          - path: /echo
            method: "*"
            echo: true
          - path: /flaky
            responses:
              - { status: 503, json: { token: \(capturedCanary) } }
              - { status: 503 }
        """

    /// Every way a secret can reach a request: a file header from the environment, `--secret`,
    /// Basic and bearer auth, a `secret: true` capture echoed back, failed expectations and retries.
    static let canaryFile = Fixtures.repositoryRoot + "/Tests/RestRunCLITests/Fixtures/canary.yaml"

    /// The canaries as they could leak: raw, URL-encoded and in base64 (the URL's password also
    /// as the Basic credential made from it).
    static var forbidden: [String] {
        [canary, capturedCanary, urlCanary, "ada:" + urlCanary].flatMap { secret in
            let base64 = Base64.encode(Array(secret.utf8))
            return [secret, base64, String(base64.prefix { $0 != "=" })]
        }
    }

    @Test("no byte of any output or report holds a secret, at any verbosity", arguments: [
        [String](), ["-v"], ["--very-verbose"], ["--jobs", "2"], ["--repeat", "2"], ["--dry-run"], ["--color", "always", "-v"],
        ["--quiet"],
    ])
    func canaries(_ flags: [String]) async throws {
        try await MockServer.serving(Self.canaryRoutes) { server in
            let file = Self.canaryFile
            let directory = (try BinaryRunner.temporaryFile("reports", "") as NSString).deletingLastPathComponent
            let reports = [
                "--report-junit", "\(directory)/r.xml", "--report-tap", "\(directory)/r.tap", "--report-json", "\(directory)/r.json",
                "--report-har", "\(directory)/r.har", "--report-html", "\(directory)/r.html", "--report-ndjson", "\(directory)/r.ndjson",
            ]
            let host = server.url.replacingOccurrences(of: "http://", with: "")
            let output = try await binary.run(
                [file, "--var", "mock_url=\(server.url)", "--var", "mock_host=\(host)", "--var", "url_password=\(Self.urlCanary)",
                 "--secret", "pw=\(Self.canary)"] + reports + flags,
                environment: ["CANARY_ENV": Self.canary, "GITHUB_ACTIONS": "true"])
            #expect(flags == ["--dry-run"] ? output.status == 0 : output.status == 4, "\(output.all)")
            var texts = ["output": output.all]
            for report in ["r.xml", "r.tap", "r.json", "r.har", "r.html", "r.ndjson"] {
                texts[report] = (try? String(contentsOfFile: "\(directory)/\(report)", encoding: .utf8)) ?? ""
            }
            for (name, text) in texts {
                for secret in Self.forbidden {
                    #expect(!text.contains(secret), "\(name) with \(flags) holds '\(secret)':\n\(text)")
                }
            }
            if flags.contains("-v") || flags.contains("--very-verbose") {
                #expect(output.all.contains("[redacted]"), "the log shows where secrets were")
            }
        }
    }

    @Test("--secret fills ${NAME} as the README shows, and an unused --var is a warning naming it")
    func secretFillsEnvironmentReference() async throws {
        try await MockServer.serving(Self.canaryRoutes) { server in
            let file = try BinaryRunner.temporaryFile("env.yaml", """
                headers:
                  Authorization: Bearer ${API_TOKEN:-demo-token}
                requests:
                  - url: "\(server.url)/echo"
                    expect:
                      json:
                        $.headers.authorization: { not: { contains: demo-token } }
                """)
            let output = try await binary.run([file, "--secret", "API_TOKEN=\(Self.canary)", "--var", "pgae=2"])
            #expect(output.status == 0, "\(output.all)")
            #expect(output.stderr.contains("warning: --var 'pgae' is not used by any loaded file"))
            #expect(!output.all.contains(Self.canary))
        }
    }

    @Test("${NAME} is read in every load-time value: decoder commands, includes, body files, options")
    func environmentEverywhere() async throws {
        try await MockServer.serving(Self.canaryRoutes) { server in
            let directory = (try BinaryRunner.temporaryFile("wc.sh", "#!/bin/sh\ncat >/dev/null\necho '{\"words\": 3}'\n") as NSString)
                .deletingLastPathComponent
            chmod(directory + "/wc.sh", 0o755)
            try "options: { timeout: \"${TIMEOUT}\" }\n".write(toFile: directory + "/settings.yaml", atomically: true, encoding: .utf8)
            try "{\"a\": 1}".write(toFile: directory + "/body.json", atomically: true, encoding: .utf8)
            let file = directory + "/main.yaml"
            try """
                include: ${TOOLS}/settings.yaml
                decoders:
                  Words: { command: ["${TOOLS}/wc.sh"], timeout: "${TIMEOUT}" }
                requests:
                  - method: POST
                    url: "\(server.url)/echo"
                    file: ${TOOLS}/body.json
                    decode: Words
                    expect:
                      json: { $.words: 3 }
                """.write(toFile: file, atomically: true, encoding: .utf8)
            let output = try await binary.run([file], environment: ["TOOLS": directory, "TIMEOUT": "5s"])
            #expect(output.status == 0, "\(output.all)")
        }
    }

    @Test("an invalid file is reported in every report and the valid ones still run; exit 2, or higher")
    func invalidFileDoesNotStopTheRun() async throws {
        try await MockServer.serving(Self.canaryRoutes) { server in
            let good = try BinaryRunner.temporaryFile("good.yaml", "requests:\n  - url: \(server.url)/echo\n")
            let directory = (good as NSString).deletingLastPathComponent
            let bad = directory + "/bad.yaml"
            try "requests:\n  - url: \(server.url)/echo\n    expcet: { status: 200 }\n".write(toFile: bad, atomically: true, encoding: .utf8)
            let output = try await binary.run(
                [good, bad, "--report-junit", directory + "/r.xml", "--report-tap", directory + "/r.tap", "--report-json", directory + "/r.json"],
                environment: ["GITHUB_ACTIONS": "true"])
            #expect(output.status == 2, "\(output.all)")
            #expect(server.requestsServed == 1, "the valid file ran")
            #expect(output.stdout.contains("::error file=\(bad),line=3,col=5,"), "\(output.stdout)")
            #expect(output.stdout.contains("1 passed, 0 failed, 0 skipped, 1 invalid file"))
            let junit = try String(contentsOfFile: directory + "/r.xml", encoding: .utf8)
            #expect(junit.contains("<error message=\"\(bad):3:5: unknown key &apos;expcet&apos;"), "\(junit)")
            let tap = try String(contentsOfFile: directory + "/r.tap", encoding: .utf8)
            #expect(tap.contains("not ok 1 - \(bad): invalid file"))
            let json = try String(contentsOfFile: directory + "/r.json", encoding: .utf8)
            #expect(json.contains("\"invalid\": true") || json.contains("\"invalid\":true"), "\(json)")
        }
    }

    @Test("check annotates every file error on GitHub")
    func checkAnnotates() async throws {
        let file = try BinaryRunner.temporaryFile("typo.yaml", "requests:\n  - url: http://127.0.0.1:1/\n    header: {}\n")
        let output = try await binary.run(["check", file], environment: ["GITHUB_ACTIONS": "true"])
        #expect(output.status == 2)
        #expect(output.stdout.contains("::error file=\(file),line=3,col=5,"), "\(output.all)")
    }

    @Test("a filter that selects nothing is an error, and a capture left out by --name is named")
    func selection() async throws {
        try await MockServer.serving(Self.canaryRoutes) { server in
            let file = try BinaryRunner.temporaryFile("sel.yaml", """
                requests:
                  - name: login
                    method: POST
                    url: \(server.url)/login
                    capture: { token: $.token }
                  - name: use it
                    url: "\(server.url)/echo?t={{token}}"
                    tags: [smoke]
                """)
            let nothing = try await binary.run([file, "--tag", "nothing"])
            #expect(nothing.status == 1, "\(nothing.all)")
            #expect(nothing.stderr.contains("--tag nothing selects none of the 2 requests in 1 file (their tags: smoke)"))
            let shard = try await binary.run([file, "--shard", "2/2"])
            #expect(shard.status == 1, "\(shard.all)")
            let named = try await binary.run([file, "--name", "use it"])
            #expect(named.stdout.contains("needs 'token', captured by 'login', which is not selected"), "\(named.all)")
        }
    }

    @Test("connect_timeout means what it says against a server that accepts nothing")
    func connectTimeout() async throws {
        let full = try FullBacklog()
        defer { full.stop() }
        let file = try BinaryRunner.temporaryFile("connect.yaml", """
            requests:
              - url: http://127.0.0.1:\(full.port)/
                options: { connect_timeout: 500ms, timeout: 20s }
            """)
        let start = ContinuousClock.now
        let output = try await binary.run([file])
        #expect(output.status == 3, "\(output.all)")
        #expect(output.stdout.contains("could not connect to 127.0.0.1:\(full.port) within 500 ms"), "\(output.all)")
        // The run's own time, from its summary line: the wall time seen from here also counts how
        // long this test waited for a thread while the other tests ran (seconds, on 2 cores).
        let reported = output.stdout.firstMatch(of: #/in 1 file, ([0-9.]+) (ms|s)\)/#).flatMap { match in
            Double(match.output.1).map { match.output.2 == "ms" ? $0 / 1000 : $0 }
        }
        #expect(reported.map { $0 < 5 } == true, "the run took \(reported.map { "\($0) s" } ?? "an unknown time"): \(output.stdout)")
        // The summary's time above is the check; this one only says the run did not hang (the
        // wall time here includes waiting for a core while the other tests run).
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test("hostile files: devices, directories, alias bombs, bad UTF-8, huge lines, huge indexes")
    func hostileFiles() async throws {
        let include = try BinaryRunner.temporaryFile("zero.yaml", "include: /dev/zero\nrequests:\n  - url: http://127.0.0.1:1/\n")
        var output = try await binary.run(["check", include])
        #expect(output.status == 2)
        #expect(output.stderr.contains("zero.yaml:1:10: error: cannot include '/dev/zero': it is not a regular file"), "\(output.all)")

        let directory = try BinaryRunner.temporaryFile("dot.yaml", "include: .\nrequests:\n  - url: http://127.0.0.1:1/\n")
        output = try await binary.run(["check", directory])
        #expect(output.stderr.contains("dot.yaml:1:10: error: cannot include '.': it is a directory"), "\(output.all)")

        var bomb = "variables:\n  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1..<10 {
            let name = String(UnicodeScalar(UInt8(97 + level))), previous = String(UnicodeScalar(UInt8(96 + level)))
            bomb += "  \(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let bombFile = try BinaryRunner.temporaryFile("bomb.yaml", bomb + "requests:\n  - url: http://127.0.0.1:1/\n")
        let start = ContinuousClock.now
        output = try await binary.run(["check", bombFile])
        #expect(output.status == 2)
        #expect(output.stderr.contains("an alias bomb?"), "\(output.all)")
        // A hang bound: the expansion limit answers in milliseconds, a loaded 2-core machine
        // starts the binary in seconds.
        #expect(ContinuousClock.now - start < .seconds(30))

        let latin1 = try BinaryRunner.temporaryFile("latin1.yaml", "")
        var bytes = Array("requests:\n  - url: http://127.0.0.1:1/\n    name: caf".utf8)
        bytes += [0xE9, 0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: latin1))
        output = try await binary.run(["check", latin1])
        #expect(output.stderr.contains("latin1.yaml:3:14: error: '\(latin1)' is not UTF-8 text"), "\(output.all)")

        let long = try BinaryRunner.temporaryFile("long.yaml", "requests:\n  - url: http://127.0.0.1:1/\n    bogus: " + String(repeating: "x", count: 2_000_000) + "\n")
        output = try await binary.run(["check", long])
        #expect(output.status == 2)
        #expect(output.stderr.utf8.count < 2_000, "a long line is cut around the column")

        let index = try BinaryRunner.temporaryFile("index.yaml", """
            requests:
              - url: http://127.0.0.1:1/
                capture: { token: { json: '$[-9223372036854775808]' } }
            """)
        output = try await binary.run(["check", index])
        #expect(output.status == 2)
        #expect(output.stderr.contains("index out of range"), "\(output.all)")
    }

    @Test("a decoder that times out is ended with every process it started")
    func decoderProcessGroup() async throws {
        try await MockServer.serving(Self.canaryRoutes) { server in
            let seconds = "4242.\(Int.random(in: 100...999))"
            let file = try BinaryRunner.temporaryFile("slowdecoder.yaml", """
                decoders:
                  Slow: { command: [sh, -c, "cat >/dev/null; sleep \(seconds) & wait"], timeout: 500ms }
                requests:
                  - url: \(server.url)/echo
                    decode: Slow
                """)
            let output = try await binary.run([file])
            #expect(output.status == 4, "\(output.all)")
            #expect(output.stdout.contains("did not finish within 500 ms"))
            // The pattern's brackets keep pgrep from finding its own shell's command line. The
            // process group is killed as the run ends; its processes are gone once the kernel has
            // reaped them, which is waited for (10 s at most).
            let pattern = "sleep \(seconds.dropLast())[\(seconds.last ?? "0")]"
            let start = ContinuousClock.now
            var left = try await BinaryRunner.shell("pgrep -f '\(pattern)' >/dev/null")
            while left == 0, ContinuousClock.now - start < .seconds(10) {
                try await Task.sleep(for: .milliseconds(20))
                left = try await BinaryRunner.shell("pgrep -f '\(pattern)' >/dev/null")
            }
            #expect(left != 0, "a process of the decoder outlived the run")
        }
    }
}
