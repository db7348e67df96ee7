import Foundation
import RestRun
import RestRunMock
import RestRunTestSupport
import Testing

/// Real networks on loopback: a private CA, mutual TLS, --resolve, and HTTP proxies from the
/// environment and --proxy, with NO_PROXY.
@Suite("proxies and TLS")
struct NetworkTests {
    let binary = BinaryRunner()

    @Test("--cacert and tls: { ca } trust a private CA; without it the certificate is refused")
    func privateCA() async throws {
        let certificates = try await TestCertificates.make()
        let server = try await TLSServer.start(certificate: certificates.serverCertificate, key: certificates.serverKey)
        defer { Task { await server.shutdown() } }
        let yaml = "requests:\n  - url: https://127.0.0.1:\(server.port)/ping\n    expect: { json: { $.ok: true } }\n"
        let (file, refused) = try await binary.runFile(yaml)
        #expect(refused.status == 3, "\(refused.all)")
        #expect(refused.stdout.lowercased().contains("certificate"), "\(refused.stdout)")
        let trusted = try await binary.run([file, "--cacert", certificates.ca])
        #expect(trusted.status == 0, "\(trusted.all)")
        let (_, inFile) = try await binary.runFile("options: { tls: { ca: \(certificates.ca) } }\n" + yaml)
        #expect(inFile.status == 0, "\(inFile.all)")
        let (_, missing) = try await binary.runFile("options: { tls: { ca: no-such.pem } }\n" + yaml)
        #expect(missing.status == 2 && missing.stderr.contains("tls ca 'no-such.pem'"), "\(missing.all)")
    }

    @Test("mutual TLS: a server that asks for a client certificate gets the one tls: { cert, key } names")
    func mutualTLS() async throws {
        let certificates = try await TestCertificates.make()
        let server = try await TLSServer.start(certificate: certificates.serverCertificate, key: certificates.serverKey, clientCA: certificates.ca)
        defer { Task { await server.shutdown() } }
        let request = "requests:\n  - url: https://127.0.0.1:\(server.port)/me\n    expect: { json: { $.ok: true } }\n"
        let (_, without) = try await binary.runFile("options: { tls: { ca: \(certificates.ca) } }\n" + request)
        #expect(without.status == 3, "no client certificate, no answer: \(without.all)")
        let withCertificate = """
            options:
              tls: { ca: \(certificates.ca), cert: \(certificates.clientCertificate), key: \(certificates.clientKey) }
            """
        let (_, with) = try await binary.runFile(withCertificate + "\n" + request)
        #expect(with.status == 0, "\(with.all)")
        // Per request too, over the file's.
        let perRequest = "options: { tls: { ca: \(certificates.ca) } }\nrequests:\n  - url: https://127.0.0.1:\(server.port)/me\n"
            + "    options: { tls: { cert: \(certificates.clientCertificate), key: \(certificates.clientKey) } }\n"
        let (_, request2) = try await binary.runFile(perRequest)
        #expect(request2.status == 0, "\(request2.all)")
    }

    @Test("--resolve HOST:PORT:ADDR connects to ADDR while the certificate is checked for HOST")
    func resolve() async throws {
        let certificates = try await TestCertificates.make()
        let server = try await TLSServer.start(certificate: certificates.serverCertificate, key: certificates.serverKey)
        defer { Task { await server.shutdown() } }
        let (file, output) = try await binary.runFile(
            "requests:\n  - url: https://api.test:\(server.port)/hello\n    expect: { json: { $.path: /hello } }\n",
            ["--cacert", certificates.ca, "--resolve", "api.test:\(server.port):127.0.0.1"])
        #expect(output.status == 0, "\(output.all)")
        let bad = try await binary.run([file, "--resolve", "api.test:x:127.0.0.1"])
        #expect(bad.status == 1 && bad.stderr.contains("is invalid for '--resolve <HOST:PORT:ADDR>'"), "\(bad.all)")
    }

    @Test("HTTP_PROXY and --proxy carry http:// requests, HTTPS_PROXY tunnels https:// ones with CONNECT, NO_PROXY skips them")
    func proxies() async throws {
        let proxy = try ForwardProxy()
        defer { proxy.stop() }
        let certificates = try await TestCertificates.make()
        let tls = try await TLSServer.start(certificate: certificates.serverCertificate, key: certificates.serverKey)
        defer { Task { await tls.shutdown() } }
        let routes = "routes:\n  - path: /api/items\n    json: { ok: true }\n"
        try await MockServer.serving(routes) { server in
            let yaml = "requests:\n  - url: \(server.url)/api/items\n    expect: { json: { $.ok: true } }\n"
            let (file, viaEnvironment) = try await binary.runFile(yaml, environment: ["HTTP_PROXY": proxy.url])
            #expect(viaEnvironment.status == 0, "\(viaEnvironment.all)")
            // AsyncHTTPClient tunnels http:// requests with CONNECT too.
            let target = server.url.dropFirst("http://".count)
            #expect(proxy.requestLines == ["CONNECT \(target) HTTP/1.1"] || proxy.requestLines == ["GET \(server.url)/api/items HTTP/1.1"], "\(proxy.requestLines)")
            let skipped = try await binary.run([file], environment: ["HTTP_PROXY": proxy.url, "NO_PROXY": "example.com, 127.0.0.1"])
            #expect(skipped.status == 0, "\(skipped.all)")
            #expect(proxy.requestLines.count == 1, "NO_PROXY went direct")
            let flagged = try await binary.run([file, "--proxy", "http://ada:s3cret@127.0.0.1:\(proxy.port)", "-v"])
            #expect(flagged.status == 0, "\(flagged.all)")
            #expect(proxy.requestLines.count == 2)
            #expect(proxy.authorizations.last == "Basic " + Data("ada:s3cret".utf8).base64EncodedString())
            #expect(!flagged.all.contains("s3cret"), "the proxy's password is never printed")
            let off = try await binary.run([file, "--proxy", ""], environment: ["HTTP_PROXY": proxy.url])
            #expect(off.status == 0 && proxy.requestLines.count == 2, "--proxy '' goes direct")
        }
        let httpsYAML = "requests:\n  - url: https://127.0.0.1:\(tls.port)/secure\n    expect: { json: { $.path: /secure } }\n"
        let (_, tunnelled) = try await binary.runFile(httpsYAML, ["--cacert", certificates.ca], environment: ["HTTPS_PROXY": proxy.url])
        #expect(tunnelled.status == 0, "\(tunnelled.all)")
        #expect(proxy.requestLines.last == "CONNECT 127.0.0.1:\(tls.port) HTTP/1.1", "\(proxy.requestLines)")
        let (_, badProxy) = try await binary.runFile(httpsYAML, ["--proxy", "socks5://127.0.0.1:1"])
        #expect(badProxy.status == 1 && badProxy.stderr.contains("only http:// proxies"), "\(badProxy.all)")
    }
}
