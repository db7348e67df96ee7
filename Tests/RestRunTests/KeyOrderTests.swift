import RestRun
import RestRunTestSupport
import Testing

/// A mapping's keys have no order in YAML: no key's meaning may depend on where it is written.
/// Every documented key of a file and of a request is written in many random orders, and each
/// order must load to the same requests and prepare the same commands.
@Suite("Key order")
struct KeyOrderTests {
    /// The file's top-level entries, each a block of YAML lines.
    static let fileEntries: [String] = [
        "name: Orders",
        "base_url: http://127.0.0.1:9/api",
        "variables:\n  user: ann\n  team: core-{{user}}",
        "headers:\n  X-Team: \"{{team}}\"\n  Accept: application/json",
        "auth:\n  bearer: \"{{token}}\"",
        "options:\n  timeout: 3s\n  follow_redirects: false\n  retry: { attempts: 2, delay: 10ms }",
        "decoders:\n  Upper:\n    command: [cat]\n    timeout: 2s",
        "exports: [id]",
        "parameters: [token]",
        "x-notes: ignored",
    ]

    /// A request's entries, each a block of YAML lines indented under `- `.
    static let requestEntries: [String] = [
        "name: create {{user}}",
        "method: POST",
        "url: /items/{{user}}",
        "query:\n  page: 2\n  tag: [a, b]",
        "headers:\n  X-A: b\n  X-Trace: \"{{$uuid}}\"\n  Accept: null",
        "auth:\n  basic: [\"{{user}}\", secret]",
        "json: { user: \"{{user}}\", n: 3 }",
        "decode: JSON",
        "expect:\n  status: 201\n  json: { $.id: { type: integer } }\n  headers: { Content-Type: { contains: json } }\n  duration: { p95: 1s }",
        "capture:\n  id: $.id\n  etag: { header: ETag }",
        "options:\n  timeout: 500ms\n  max_body: 1MB",
        "tags: [smoke, write]",
        "when:\n  user: { exists: true }",
        "repeat: 2",
    ]

    /// A second request with the other kinds of body and a loop.
    static let secondRequestEntries: [String] = [
        "name: each",
        "url: /each/{{item}}",
        "form: { q: \"a b\", who: \"{{user}}\" }",
        "for_each: [x, y]",
        "auth:\n  bearer: other",
        "headers:\n  Authorization: null\n  X-B: c",
    ]

    @Test("every order of a file's and a request's keys loads and prepares the same requests")
    func everyOrderAgrees() async throws {
        var generator = SplitMix64(seed: 0x5EED_0F_0DE5)
        var reference: String?
        for round in 0..<120 {
            let yaml = Self.file(
                Self.fileEntries.shuffled(using: &generator),
                requests: [Self.requestEntries.shuffled(using: &generator), Self.secondRequestEntries.shuffled(using: &generator)])
            let file = try Fixtures.load(yaml, predefined: ["token"]).get()
            let print = await Self.fingerprint(of: file)
            if let reference {
                #expect(print == reference, "round \(round) differs:\n\(yaml)")
                if print != reference { return }
            } else {
                reference = print
            }
        }
    }

    @Test("a request's auth comes through whichever of auth and headers comes first")
    func authBeforeHeaders() async throws {
        for yaml in [
            "requests:\n  - url: http://x/\n    auth: { basic: [u, p] }\n    headers: { X-A: b }\n",
            "requests:\n  - url: http://x/\n    headers: { X-A: b }\n    auth: { basic: [u, p] }\n",
            "auth: { bearer: t }\nheaders: { X-A: b }\nrequests:\n  - url: http://x/\n",
            "headers: { X-A: b }\nauth: { bearer: t }\nrequests:\n  - url: http://x/\n",
        ] {
            let file = try Fixtures.load(yaml).get()
            let command = try #require(await DryRun(runner: Runner()).entries(for: file).first?.command)
            #expect(command.contains("Authorization: "), "no Authorization header from:\n\(yaml)")
            #expect(command.contains("X-A: b"), "no X-A header from:\n\(yaml)")
        }
    }

    /// A request file with these top-level entries and requests.
    static func file(_ entries: [String], requests: [[String]]) -> String {
        var lines = entries
        lines.append("requests:")
        for request in requests {
            let body = request.map { entry in
                entry.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            }
            lines.append("  -" + body.joined(separator: "\n").dropFirst(3))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a file's requests are and send, without where anything was written: every field of
    /// every request, and the dry run's curl commands (file headers and auth merged in).
    static func fingerprint(of file: RequestFile) async -> String {
        var parts = [file.name, describe(file.baseURL as Any), "\(file.options)", "\(file.exports)", "\(file.parameters)"]
        parts += file.variables.map { "\($0.name)=\(describe($0.value as Any))" }
        parts += file.headers.map { describe($0) }
        parts += file.decoders.map { "\($0.name) \($0.command) \($0.timeout)" }
        parts += file.steps.map { describe($0) }
        let runner = Runner(variables: ["token": .string("T")])
        for entry in (try? await DryRun(runner: runner).entries(for: file)) ?? [] {
            // A fresh UUID is drawn for every command: the header's presence is what counts.
            let command = entry.command?.replacing(#/X-Trace: [0-9a-f-]{36}/#, with: "X-Trace: UUID")
            parts.append("\(entry.name) \(command ?? "-") \(entry.note ?? "-")")
        }
        return parts.joined(separator: "\n")
    }

    /// Every stored field of `value`, recursively, leaving out source locations; sets and
    /// dictionaries in a fixed order.
    static func describe(_ value: Any, depth: Int = 0) -> String {
        if value is RestRun.SourceLocation { return "@" }
        guard depth < 24 else { return "…" }
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty {
            return mirror.displayStyle == .optional ? "nil" : String(describing: value)
        }
        var children = mirror.children.map { child in
            (child.label.map { $0 + ": " } ?? "") + describe(child.value, depth: depth + 1)
        }
        if mirror.displayStyle == .set || mirror.displayStyle == .dictionary { children.sort() }
        return "\(mirror.subjectType)(" + children.joined(separator: ", ") + ")"
    }
}

/// A seeded generator, so that a failing order can be found again.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
