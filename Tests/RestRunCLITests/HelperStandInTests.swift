import Foundation
import RestRunTestSupport
import Testing

/// The built rest-run with a stand-in for each helper (`REST_RUN_GRPC`, `REST_RUN_GRAPHQL` name a
/// small script) that misbehaves: every run ends soon after the request's deadline, with one
/// sentence naming what went wrong, never a hang or a crash.
@Suite("Helpers that misbehave")
struct HelperStandInTests {
    let binary = BinaryRunner()

    /// A script that stands in for a helper.
    private static func script(_ body: String) throws -> String {
        // Written through a descriptor closed on exec: a program another test starts meanwhile
        // must not keep the script open for writing, or it could not be run ("text file busy").
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-helper-\(UUID().uuidString).sh").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        #expect(descriptor >= 0)
        let bytes = Array(("#!/bin/sh\n" + body + "\n").utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
        close(descriptor)
        return path
    }

    /// Each misbehaviour of the gRPC helper and what rest-run says of it.
    static let grpcCases: [(name: String, script: String, says: String)] = [
        ("hangs", "exec sleep 60", "rest-run-grpc did not answer within 1 s (the request's timeout)"),
        ("crashes", "read line; exit 3", "rest-run-grpc stopped before it answered"),
        ("answers garbage", "read line; echo 'Segmentation fault'; exec sleep 60", "rest-run-grpc answered a line that is not an answer to a request"),
        ("answers without an id", "read line; echo '{\"failure\":{\"kind\":\"x\",\"message\":\"y\"}}'; exec sleep 60", "rest-run-grpc answered a line that is not an answer to a request"),
        ("answers an id never sent", "read line; echo '{\"id\":99,\"schema\":0}'; exec sleep 60", "rest-run-grpc answered request 99, which it was not asked"),
        ("floods lines", "exec yes '{\"id\":777}'", "rest-run-grpc answered request 777, which it was not asked"),
    ]

    @Test("a gRPC call ends within its deadline whatever the helper does", arguments: grpcCases.indices)
    func grpc(_ index: Int) async throws {
        let (name, body, says) = Self.grpcCases[index]
        let helper = try Self.script(body)
        let start = ContinuousClock.now
        let (_, output) = try await binary.runFile("""
            requests:
              - name: call
                url: grpc://127.0.0.1:9/
                grpc: { method: routeguide.RouteGuide/GetFeature, message: {} }
                options: { timeout: 1s }
            """, environment: ["REST_RUN_GRPC": helper])
        #expect(output.status == 3, "\(name): \(output.all)")
        #expect(output.all.contains(says), "\(name): \(output.all)")
        // The run's own time, from its summary line (the wall time seen from here also counts
        // waiting for a core while the other tests run): the deadline is a second.
        let reported = output.stdout.firstMatch(of: #/in 1 file, ([0-9.]+) (ms|s)\)/#).flatMap { match in
            Double(match.output.1).map { match.output.2 == "ms" ? $0 / 1000 : $0 }
        }
        #expect(reported.map { $0 < 5 } == true, "\(name): \(output.stdout)")
        #expect(ContinuousClock.now - start < .seconds(120), "\(name)")
    }

    @Test("a GraphQL query's check fails the file with one sentence when the helper breaks")
    func graphql() async throws {
        let cases = [
            ("read line; exit 3", "rest-run-graphql stopped before it answered"),
            ("read line; echo 'panic!'; exec sleep 60", "rest-run-graphql answered a line that is not an answer to a request"),
        ]
        for (body, says) in cases {
            let helper = try Self.script(body)
            let (_, output) = try await binary.runFile("""
                requests:
                  - url: http://127.0.0.1:9/graphql
                    graphql: { query: "{ me }" }
                """, environment: ["REST_RUN_GRAPHQL": helper])
            #expect(output.status == 2, "\(output.all)")
            #expect(output.all.contains("the query cannot be checked: \(says)"), "\(output.all)")
        }
    }

    @Test("a helper that hangs while the file loads costs no more than the request's timeout")
    func hangsWhileLoading() async throws {
        let hang = try Self.script("exec sleep 60")
        let proto = Fixtures.repositoryRoot + "/Examples/RouteGuide/route_guide.proto"
        let cases: [(yaml: String, variable: String, says: String)] = [
            ("""
            requests:
              - url: http://127.0.0.1:9/graphql
                graphql: { query: "{ me }" }
                options: { timeout: 500ms }
            """, "REST_RUN_GRAPHQL", "the query cannot be checked: rest-run-graphql did not answer within 500 ms"),
            ("""
            proto: \(proto)
            requests:
              - url: grpc://127.0.0.1:9
                grpc: { method: routeguide.RouteGuide/GetFeature, message: {} }
                options: { timeout: 500ms }
            """, "REST_RUN_GRPC", "rest-run-grpc did not answer within 500 ms"),
        ]
        for (yaml, variable, says) in cases {
            let start = ContinuousClock.now
            let (_, output) = try await binary.runFile(yaml, environment: [variable: hang])
            #expect(output.status == 2, "\(output.all)")
            #expect(output.all.contains(says), "\(output.all)")
            // The sentence names the bound that ended the wait: the request's 500 ms, where it was
            // the helper's whole limit (10 or 30 s). The wall time here only says the run ended:
            // it also counts waiting for a core while the other tests run.
            #expect(ContinuousClock.now - start < .seconds(60), "\(variable)")
        }
    }
}
