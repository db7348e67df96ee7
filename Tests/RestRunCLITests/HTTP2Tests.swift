import RestRunTestSupport
import Testing

/// HTTP/2 over TLS against a local server that offers h2 by ALPN, and one that does not:
/// `options: { http }`, `--http2`/`--http1.1`, `expect: { version }` and `-v`.
@Suite("HTTP/2")
struct HTTP2Tests {
    let binary = BinaryRunner()

    @Test("auto negotiates HTTP/2 where offered; 1.1 never offers it; version is checked and shown by -v")
    func negotiated() async throws {
        let certificates = try await TestCertificates.make()
        let server = try await TLSServer.start(certificate: certificates.serverCertificate, key: certificates.serverKey, http2: true)
        defer { Task { await server.shutdown() } }
        let url = "https://127.0.0.1:\(server.port)"
        let yaml = """
            options: { tls: { ca: \(certificates.ca) } }
            requests:
              - name: auto
                url: \(url)/auto
                expect: { version: "2", json: { $.version: "2" } }
              - name: two
                url: \(url)/two
                options: { http: 2 }
                expect: { version: 2 }
              - name: old
                url: \(url)/old
                options: { http: "1.1" }
                expect: { version: "1.1", json: { $.version: "1.1" } }
            """
        let (file, output) = try await binary.runFile(yaml, ["-v"])
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stderr.contains("< HTTP/2 200"), "\(output.stderr)")
        #expect(output.stderr.contains("< HTTP/1.1 200"), "\(output.stderr)")
        // --http1.1 is the default for every request without its own http:.
        let flag = try await binary.run([file, "--http1.1"])
        #expect(flag.status == 4, "\(flag.all)")
        #expect(flag.stdout.contains("version"), "\(flag.stdout)")
        let short = try await binary.run([file, "--http1"])
        #expect(short.status == 4, "\(short.all)")
        let both = try await binary.run([file, "--http1.1", "--http2"])
        #expect(both.status == 1 && both.stderr.contains("--http2 and --http1.1"), "\(both.all)")
    }

    @Test("http: 2 against a server without it, or a plain http:// URL, fails with exit 3 and one sentence")
    func refused() async throws {
        let certificates = try await TestCertificates.make()
        let server = try await TLSServer.start(certificate: certificates.serverCertificate, key: certificates.serverKey)
        defer { Task { await server.shutdown() } }
        let (file, output) = try await binary.runFile("""
            options: { tls: { ca: \(certificates.ca) } }
            requests:
              - url: https://127.0.0.1:\(server.port)/x
                options: { http: "2" }
            """)
        #expect(output.status == 3, "\(output.all)")
        #expect(output.stdout.contains("does not offer HTTP/2 (it answered over HTTP/1.1)"), "\(output.stdout)")
        let auto = try await binary.run([file, "--http1.1"])
        #expect(auto.status == 3, "the file's own http: wins over the flag: \(auto.all)")
        let (_, plain) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/x\n    options: { http: \"2\" }\n")
        #expect(plain.status == 3 && plain.stdout.contains("needs an https:// URL"), "\(plain.all)")
        let (_, typo) = try await binary.runFile("requests:\n  - url: http://127.0.0.1:1/x\n    options: { http: 3 }\n")
        #expect(typo.status == 2 && typo.stderr.contains("'http' must be \"2\", \"1.1\" or auto, found '3'"), "\(typo.all)")
    }
}
