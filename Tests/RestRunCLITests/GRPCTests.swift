import Foundation
import RestRunMock
import RestRunTestSupport
import RouteGuideExample
import Testing

/// `grpc:` calls end to end: the built rest-run and its rest-run-grpc helper against the example
/// route guide server, started in the test process (with reflection in both versions, in v1alpha
/// only, or without, in plain text or TLS).
@Suite("gRPC")
struct GRPCTests {
    let binary = BinaryRunner()
    static let proto = Fixtures.repositoryRoot + "/Examples/RouteGuide/route_guide.proto"

    static func server(
        reflection: ReflectionService.Versions? = .both, tls: TestCertificates? = nil, mutual: Bool = false, echoesAuthorization: Bool = false
    ) async throws -> RouteGuideServer.Running {
        try await RouteGuideServer.start(
            codec: try RouteGuideServer.codec(protoFile: proto), reflection: reflection,
            tls: tls.map { ($0.serverCertificate, $0.serverKey) }, clientCA: mutual ? tls?.ca : nil, echoesAuthorization: echoesAuthorization)
    }

    @Test("every call shape: metadata, trailers, the body as the JSON mapping writes it, captures into later calls")
    func shapes() async throws {
        let server = try await Self.server(reflection: nil)
        defer { server.stop() }
        let (_, output) = try await binary.runFile("""
            proto: [\(Self.proto)]
            base_url: grpc://127.0.0.1:\(server.port)
            requests:
              - name: one feature
                url: /
                grpc:
                  method: routeguide.RouteGuide/GetFeature
                  message: { latitude: 409146138, longitude: -746188906 }
                headers: { x-tenant: acme }
                expect:
                  grpc_status: OK
                  json:
                    $.name: { contains: Berkshire }
                    $.kind: LANDMARK
                    $.visits: "9007199254740993"
                    $.tags.state: NJ
                    $.opened: "1972-01-01T10:00:20.021Z"
                  headers: { x-served-by: route-guide }
                  trailers: { x-cost: "3" }
                capture:
                  lat: $.location.latitude
                  cost: { trailer: x-cost }
              - name: by the captured point
                url: /
                grpc:
                  method: routeguide.RouteGuide.GetFeature
                  message: { latitude: "{{lat}}", longitude: -746188906 }
                expect: { json: { $.location.latitude: 409146138 } }
              - name: features in a box
                url: /
                grpc:
                  method: routeguide.RouteGuide/ListFeatures
                  message: { lo: { latitude: 400000000, longitude: -750000000 }, hi: { latitude: 420000000, longitude: -730000000 } }
                expect:
                  json: { "$[*]": { count: 3 }, "$[2].kind": BUILDING }
              - name: record a route
                url: /
                grpc:
                  method: routeguide.RouteGuide/RecordRoute
                  messages: [ { latitude: 1, longitude: 2 }, { latitude: 3, longitude: 4 }, { latitude: 409146138, longitude: -746188906 } ]
                expect: { json: { $.pointCount: 3, $.featureCount: 1, $.elapsedTime: "3.500s" } }
              - name: chat
                url: /
                grpc:
                  method: routeguide.RouteGuide/RouteChat
                  messages: [ { message: hi }, { message: "cost {{cost}}", location: { latitude: 5 } } ]
                expect: { json: { "$[1].message": cost 3, "$[1].location.latitude": 5, "$[0]": { equals: { message: hi } } } }
              - name: missing
                url: /
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: -1 } }
                expect: { grpc_status: not_found, grpc_message: { contains: "no feature" }, trailers: { x-cost: "3" } }
            """, ["--report-json", "-"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("\"grpc_status\":\"NOT_FOUND\"") || output.stdout.contains("\"grpc_status\": \"NOT_FOUND\""), "\(output.stdout)")
    }

    @Test("a wrong status fails with its name, number and message; a later attempt on UNAVAILABLE passes with retry")
    func statuses() async throws {
        let server = try await Self.server(reflection: nil)
        defer { server.stop() }
        let (_, failing) = try await binary.runFile("""
            proto: \(Self.proto)
            requests:
              - url: grpc://127.0.0.1:\(server.port)
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: -1 } }
            """)
        #expect(failing.status == 4, "\(failing.all)")
        #expect(failing.all.contains("expected: OK (0)"), "\(failing.all)")
        #expect(failing.all.contains("NOT_FOUND (5): no feature at -1, 0"), "\(failing.all)")
        let (_, retried) = try await binary.runFile("""
            proto: \(Self.proto)
            requests:
              - url: grpc://127.0.0.1:\(server.port)
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: -3 } }
                expect: { grpc_status: NOT_FOUND }
                options: { retry: { attempts: 3, delay: 10ms, on: [UNAVAILABLE] } }
            """)
        #expect(retried.status == 0, "\(retried.all)")
        #expect(retried.all.contains("3 attempts") || retried.all.contains("attempt"), "\(retried.all)")
    }

    @Test("a descriptor set (protoset:) declares the schema as the .proto files do; paths are relative to the file naming them")
    func descriptorSet() async throws {
        let server = try await Self.server(reflection: nil)
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-protoset-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/settings", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.repositoryRoot + "/Examples/RouteGuide/route_guide.protoset", toPath: folder + "/settings/rg.protoset")
        try "protoset: rg.protoset\nbase_url: grpc://127.0.0.1:\(server.port)\n".write(toFile: folder + "/settings/grpc.yaml", atomically: true, encoding: .utf8)
        try """
            include: settings/grpc.yaml
            requests:
              - url: /
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: 407838351, longitude: -746143763 } }
                expect: { json: { $.name: { starts_with: Patriots }, $.visits: "12" } }
              - url: /
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: 1, colour: red } }
            """.write(toFile: folder + "/calls.yaml", atomically: true, encoding: .utf8)
        let output = try await binary.run([folder + "/calls.yaml"])
        #expect(output.status == 2, "\(output.all)")
        #expect(output.all.contains("calls.yaml:7:79: error: Point has no field colour"), "\(output.all)")
        try String(try String(contentsOfFile: folder + "/calls.yaml", encoding: .utf8).split(separator: "\n").prefix(5).joined(separator: "\n"))
            .write(toFile: folder + "/calls.yaml", atomically: true, encoding: .utf8)
        let passing = try await binary.run([folder + "/calls.yaml"])
        #expect(passing.status == 0, "\(passing.all)")
    }

    @Test("reflection: v1, or v1alpha when v1 is not there, asked once per server however many calls use it")
    func reflection() async throws {
        for versions in [ReflectionService.Versions.both, .v1alpha] {
            let server = try await Self.server(reflection: versions)
            defer { server.stop() }
            let (_, output) = try await binary.runFile("""
                base_url: grpc://127.0.0.1:\(server.port)
                requests:
                  - url: /
                    grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: 409146138, longitude: -746188906 } }
                    repeat: 3
                    expect: { json: { $.kind: LANDMARK } }
                  - url: /
                    grpc: { method: routeguide.RouteGuide/RecordRoute, messages: [ {} ] }
                    expect: { json: { $.pointCount: 1 } }
                  - name: checked once the descriptors arrive
                    url: /
                    grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitud: 1 } }
                """)
            #expect(output.status == 2, "\(output.all)")
            #expect(output.all.contains("test.yaml:12:66: error: Point has no field latitud (did you mean latitude?)"), "\(output.all)")
            #expect(output.all.contains("Point has no field latitud (did you mean latitude?)"), "\(output.all)")
            #expect(server.reflection?.streams == 1)
        }
    }

    @Test("checked when the file loads, at the YAML line: methods, fields, types, enums, the call's shape, statuses")
    func loadTimeChecks() async throws {
        let yaml = """
            proto: \(Self.proto)
            requests:
              - url: grpc://127.0.0.1:1
                grpc: { method: routeguide.RouteGuide/GetFeatur }
              - url: grpc://127.0.0.1:1
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitud: 1, longitude: "east" } }
              - url: grpc://127.0.0.1:1
                grpc: { method: routeguide.RouteGuide/RecordRoute, message: { latitude: 1 } }
              - url: grpc://127.0.0.1:1
                grpc: { method: routeguide.RouteGuide/GetFeature, messages: [ {} ] }
              - url: grpc://127.0.0.1:1
                grpc: { method: routeguide.RouteGuide/RouteChat, messages: [ { location: { latitude: 99999999999 } } ] }
                expect: { grpc_status: NOT_FOUN }
              - url: grpc://127.0.0.1:1
                grpc: { method: routeguide.RouteGuide/GetFeature, mesage: {} }
              - url: grpc://127.0.0.1:1
                grpc: { message: {} }
              - url: grpc://127.0.0.1:1
                grpc: { method: routeguide.RouteGuide/GetFeature }
                expect: { status: 200 }
              - url: http://127.0.0.1:1
                expect: { grpc_status: OK }
              - url: grpc://127.0.0.1:1
                grpc: { method: routeguide.RouteGuide/ListFeatures, message: { lo: { latitude: 1 }, hi: [] } }
            """
        let (file, output) = try await binary.runFile(yaml)
        #expect(output.status == 2, "\(output.all)")
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        // `line:column` of the first `needle` on line `line` (from 1).
        func at(_ line: Int, _ needle: String) -> String {
            let text = lines[line - 1]
            let column = text.range(of: needle).map { text.distance(from: text.startIndex, to: $0.lowerBound) + 1 } ?? 0
            return "\(file):\(line):\(column): error: "
        }
        let expected = [
            at(4, "routeguide") + "service routeguide.RouteGuide has no method GetFeatur (did you mean routeguide.RouteGuide/GetFeature?)",
            at(6, "latitud:") + "Point has no field latitud (did you mean latitude?)",
            at(6, "\"east\"") + "longitude is an integer, not the string \"east\"",
            at(8, "message:") + "routeguide.RouteGuide/RecordRoute is a client-streaming method: send its messages with 'messages:', a list",
            at(10, "messages:") + "routeguide.RouteGuide/GetFeature is a unary method: it takes one message, 'message:', not 'messages:'",
            at(12, "99999999999") + "latitude is a int32: 99999999999 is out of its range",
            at(13, "NOT_FOUN") + "unknown gRPC status 'NOT_FOUN' (did you mean NOT_FOUND?)",
            at(15, "mesage") + "unknown key 'mesage' in 'grpc'",
            at(17, "{ message") + "'grpc' needs a 'method': package.Service/Method",
            at(20, "status") + "a gRPC call checks its status with 'grpc_status:' (such as NOT_FOUND), not 'status:'",
            at(22, "grpc_status") + "'grpc_status' checks a gRPC call: this request has no 'grpc:'",
            at(24, "[]") + "Point is written as a JSON object, not an array",
        ]
        for line in expected {
            #expect(output.all.contains(line), "missing: \(line)\n\(output.all)")
        }
    }

    @Test("a .proto syntax error, an unknown type and a missing import are load errors at the .proto file's line")
    func protoErrors() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-proto-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/protos", withIntermediateDirectories: true)
        let cases: [(String, String)] = [
            ("syntax = \"proto3\";\nmessage A {\n  int32 a = 1\n}\n", "broken.proto:4:1: error: expected ';' after the field, found '}'"),
            ("syntax = \"proto3\";\nmessage A {\n  Pointt p = 1;\n}\nmessage Point {}\n", "broken.proto:3:3: error: unknown type Pointt (did you mean Point?)"),
            ("syntax = \"proto3\";\nimport \"missing/other.proto\";\n", "broken.proto:2:8: error: import \"missing/other.proto\" was not found"),
        ]
        for (text, expected) in cases {
            try text.write(toFile: folder + "/protos/broken.proto", atomically: true, encoding: .utf8)
            try "proto: protos/broken.proto\nrequests:\n  - url: grpc://127.0.0.1:1\n    grpc: { method: A/B }\n".write(toFile: folder + "/calls.yaml", atomically: true, encoding: .utf8)
            let output = try await binary.run([folder + "/calls.yaml"])
            #expect(output.status == 2, "\(output.all)")
            #expect(output.all.contains(expected), "missing: \(expected)\n\(output.all)")
            #expect(output.all.contains("named by \(folder)/calls.yaml:1:8"), "\(output.all)")
        }
    }

    @Test("runtime errors are exit 3, one sentence: refused, a deadline, not HTTP/2, no reflection")
    func runtimeErrors() async throws {
        let server = try await Self.server(reflection: nil)
        defer { server.stop() }
        let closed = ClosedPort()
        let (_, output) = try await MockServer.serving("routes: []") { http in try await binary.runFile("""
            requests:
              - name: refused
                url: grpc://127.0.0.1:\(closed.port)
                grpc: { method: routeguide.RouteGuide/GetFeature }
              - name: no reflection
                url: grpc://127.0.0.1:\(server.port)
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: 1 } }
              - name: plain HTTP
                url: grpc://127.0.0.1:\(http.port)
                grpc: { method: routeguide.RouteGuide/GetFeature }
            """) }
        #expect(output.status == 3, "\(output.all)")
        #expect(output.all.contains("cannot connect to 127.0.0.1:\(closed.port): connection refused"), "\(output.all)")
        #expect(output.all.contains("127.0.0.1:\(server.port) offers no reflection service"), "\(output.all)")
        #expect(output.all.contains("does not speak HTTP/2, which gRPC needs"), "\(output.all)")
        let (_, deadline) = try await binary.runFile("""
            proto: \(Self.proto)
            requests:
              - url: grpc://127.0.0.1:\(server.port)
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: -2 } }
                options: { timeout: 300ms }
            """)
        #expect(deadline.status == 3, "\(deadline.all)")
        #expect(deadline.all.contains("did not answer within 300ms (the request's timeout)"), "\(deadline.all)")
        #expect(!deadline.all.contains("RPCError") && !deadline.all.contains("NIO"), "\(deadline.all)")
    }

    @Test("--resolve, max_body and connect_timeout reach a gRPC call as they reach HTTP")
    func connectionOptions() async throws {
        let server = try await Self.server(reflection: .both)
        defer { server.stop() }
        let (_, resolved) = try await binary.runFile("""
            proto: \(Self.proto)
            requests:
              - name: by name
                url: grpc://route-guide.test:\(server.port)
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: 409146138, longitude: -746188906 } }
                expect: { json: { $.name: { contains: Berkshire } } }
              - name: too much
                url: grpc://route-guide.test:\(server.port)
                grpc:
                  method: routeguide.RouteGuide/ListFeatures
                  message: { lo: { latitude: 400000000, longitude: -750000000 }, hi: { latitude: 420000000, longitude: -730000000 } }
                options: { max_body: 64 }
            """, ["--resolve", "route-guide.test:\(server.port):127.0.0.1"])
        #expect(resolved.status == 3, "\(resolved.all)")
        #expect(resolved.stdout.contains("✓ by name"), "\(resolved.all)")
        #expect(resolved.all.contains("larger than max_body"), "\(resolved.all)")

        let full = try FullBacklog()
        defer { full.stop() }
        let (_, unreachable) = try await binary.runFile("""
            requests:
              - url: grpc://127.0.0.1:\(full.port)
                grpc: { method: routeguide.RouteGuide/GetFeature }
                options: { connect_timeout: 500ms, timeout: 20s }
            """)
        #expect(unreachable.status == 3, "\(unreachable.all)")
        #expect(unreachable.all.contains("could not connect to 127.0.0.1:\(full.port) within 500ms (connect_timeout"), "\(unreachable.all)")
        let reported = unreachable.stdout.firstMatch(of: #/in 1 file, ([0-9.]+) (ms|s)\)/#).flatMap { match in
            Double(match.output.1).map { match.output.2 == "ms" ? $0 / 1000 : $0 }
        }
        #expect(reported.map { $0 < 10 } == true, "\(unreachable.stdout)")
    }

    @Test("grpc:// to a port that speaks TLS is exit 3 saying to use grpcs://; under a base_url a call needs no url")
    func plainTextToTLS() async throws {
        let certificates = try await TestCertificates.make()
        let server = try await Self.server(reflection: nil, tls: certificates)
        defer { server.stop() }
        // One call and no url, under a base_url of `scheme`.
        func call(_ scheme: String, _ arguments: [String] = []) async throws -> BinaryRunner.Output {
            try await binary.runFile("""
                proto: \(Self.proto)
                base_url: \(scheme)://localhost:\(server.port)
                requests:
                  - name: no url
                    grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: 409146138, longitude: -746188906 } }
                    expect: { json: { $.name: { contains: Berkshire } } }
                """, arguments).output
        }
        let output = try await call("grpc")
        #expect(output.status == 3, "\(output.all)")
        #expect(output.all.contains("localhost:\(server.port) speaks TLS on that port: use grpcs://"), "\(output.all)")
        let secured = try await call("grpcs", ["--cacert", certificates.ca])
        #expect(secured.status == 0, "\(secured.all)")
        let (_, without) = try await binary.runFile("requests:\n  - grpc: { method: routeguide.RouteGuide/GetFeature }\n")
        #expect(without.status == 2 && without.stderr.contains("request 1 needs a 'url'"), "\(without.all)")
    }

    @Test("reflection against Python's grpcio: v1 and v1alpha, v1alpha only, TLS; one that never answers ends at the deadline")
    func reflectionAgainstGRPCIO() async throws {
        guard GRPCIOServer.isAvailable else { return }
        let certificates = try await TestCertificates.make()
        func call(_ url: String, _ arguments: [String] = [], timeout: String = "10s") async throws -> BinaryRunner.Output {
            let (_, output) = try await binary.runFile("""
                requests:
                  - name: say
                    url: \(url)
                    grpc: { method: demo.Echo/Say, message: { text: "héllo" } }
                    options: { timeout: \(timeout) }
                    expect: { json: { $.text: "héllo" } }
                """, arguments)
            return output
        }
        for mode in ["both", "v1alpha"] {
            let server = try GRPCIOServer(reflection: mode)
            defer { server.stop() }
            let output = try await call("grpc://127.0.0.1:\(server.port)")
            #expect(output.status == 0 && output.stdout.contains("✓ say  OK"), "\(mode): \(output.all)")
        }
        let secured = try GRPCIOServer(reflection: "both", tls: certificates)
        defer { secured.stop() }
        let overTLS = try await call("grpcs://localhost:\(secured.port)", ["--cacert", certificates.ca])
        #expect(overTLS.status == 0, "\(overTLS.all)")

        let silent = try GRPCIOServer(reflection: "silent")
        defer { silent.stop() }
        let started = ContinuousClock.now
        let waited = try await call("grpc://127.0.0.1:\(silent.port)", timeout: "1s")
        #expect(ContinuousClock.now - started < .seconds(10), "the request's 1 s bound the reflection")
        #expect(waited.status == 3 && waited.all.contains("did not answer within 1s"), "\(waited.all)")
    }

    @Test("-v shows metadata, messages and trailers with secrets redacted; --dry-run prints grpcurl")
    func verboseAndDryRun() async throws {
        let certificates = try await TestCertificates.make()
        let server = try await Self.server(reflection: nil, tls: certificates, echoesAuthorization: true)
        defer { server.stop() }
        let yaml = """
            proto: \(Self.proto)
            requests:
              - url: grpcs://localhost:\(server.port)
                auth: { bearer: "{{token}}" }
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: 409146138, longitude: -746188906 } }
                expect: { trailers: { x-authorization-seen: { exists: true } } }
            """
        let (file, verbose) = try await binary.runFile(yaml, ["-v", "--cacert", certificates.ca, "--secret", "token=s3cr3t-t0ken"])
        #expect(verbose.status == 0, "\(verbose.all)")
        #expect(!verbose.all.contains("s3cr3t-t0ken"), "\(verbose.all)")
        #expect(verbose.all.contains("> grpcs://localhost:\(server.port) routeguide.RouteGuide/GetFeature"), "\(verbose.all)")
        #expect(verbose.all.contains("> {\"latitude\":409146138,\"longitude\":-746188906}"), "\(verbose.all)")
        #expect(verbose.all.contains("< x-served-by: route-guide"), "\(verbose.all)")
        #expect(verbose.all.contains("< trailer x-cost: 3"), "\(verbose.all)")
        let untrusted = try await binary.run([file, "--secret", "token=x"])
        #expect(untrusted.status == 3, "\(untrusted.all)")
        #expect(untrusted.all.contains("TLS"), "\(untrusted.all)")
        let insecure = try await binary.run([file, "--secret", "token=x", "--insecure"])
        #expect(insecure.status == 0, "\(insecure.all)")
        let dry = try await binary.run([file, "--dry-run", "--cacert", certificates.ca, "--secret", "token=s3cr3t-t0ken"])
        #expect(dry.status == 0, "\(dry.all)")
        #expect(dry.stdout.contains("grpcurl -cacert '\(certificates.ca)' -import-path '\(Fixtures.repositoryRoot)/Examples/RouteGuide' -proto '\(Self.proto)' -d '{\"latitude\":409146138,\"longitude\":-746188906}' -H 'authorization: Bearer [redacted]' 'localhost:\(server.port)' routeguide.RouteGuide/GetFeature"), "\(dry.stdout)")
        #expect(!dry.all.contains("s3cr3t-t0ken"))
    }

    @Test("the test server, stopped while connections arrive, ends without trapping (a cancelled serving task trapped in SwiftNIO)")
    func stopWhileConnecting() async throws {
        let certificates = try await TestCertificates.make()
        for round in 0..<20 {
            let server = try await Self.server(reflection: nil, tls: round % 2 == 0 ? certificates : nil, mutual: round % 4 == 0)
            let sockets = (0..<16).map { _ in LoopbackSocket.connecting(to: server.port) }
            server.stop()
            for socket in sockets { close(socket) }
            _ = await server.task.result
        }
    }

    @Test("mutual TLS: the client certificate options: { tls: } names is presented; without one the call is refused, exit 3")
    func mutualTLS() async throws {
        let certificates = try await TestCertificates.make()
        let server = try await Self.server(reflection: .both, tls: certificates, mutual: true)
        defer { server.stop() }
        func file(_ tls: String) -> String {
            """
            requests:
              - url: grpcs://localhost:\(server.port)
                grpc: { method: routeguide.RouteGuide/GetFeature, message: { latitude: 409146138, longitude: -746188906 } }
                expect: { json: { $.name: { contains: Berkshire } } }
                options: { tls: { \(tls) } }
            """
        }
        let (path, presented) = try await binary.runFile(file("ca: \(certificates.ca), cert: \(certificates.clientCertificate), key: \(certificates.clientKey)"))
        #expect(presented.status == 0, "\(presented.all)")
        let dry = try await binary.run([path, "--dry-run"])
        #expect(dry.stdout.contains("-cert '\(certificates.clientCertificate)' -key '\(certificates.clientKey)'"), "\(dry.stdout)")
        let (_, without) = try await binary.runFile(file("ca: \(certificates.ca)"))
        #expect(without.status == 3, "\(without.all)")
        #expect(without.all.contains("failed: the server asks for a client certificate"), "\(without.all)")
        #expect(!without.all.contains("RPCError") && !without.all.contains("NIOSSL"), "\(without.all)")
    }
}
