import Foundation

/// A certificate authority, a server certificate (for `api.test`, `localhost` and 127.0.0.1) and a
/// client certificate it signed, made by `openssl` in a new folder for each test run.
public struct TestCertificates: Sendable {
    /// The folder holding `ca.pem`, `server.pem`, `server.key`, `client.pem`, `client.key`.
    public let folder: String
    /// The CA's certificate.
    public var ca: String { folder + "/ca.pem" }
    /// The server's certificate and key.
    public var serverCertificate: String { folder + "/server.pem" }
    public var serverKey: String { folder + "/server.key" }
    /// The client's certificate and key.
    public var clientCertificate: String { folder + "/client.pem" }
    public var clientKey: String { folder + "/client.key" }

    /// Makes the files; throws when openssl is missing or fails.
    public static func make() async throws -> TestCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = """
            set -e
            cd '\(folder)'
            openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj '/CN=rest-run test CA' 2>/dev/null
            for name in server client; do
                openssl req -newkey rsa:2048 -nodes -keyout $name.key -out $name.csr -subj "/CN=rest-run test $name" 2>/dev/null
            done
            printf 'subjectAltName=DNS:api.test,DNS:localhost,IP:127.0.0.1\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n' > server.ext
            printf 'basicConstraints=CA:FALSE\\nextendedKeyUsage=clientAuth\\n' > client.ext
            for name in server client; do
                openssl x509 -req -in $name.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out $name.pem -days 2 -extfile $name.ext 2>/dev/null
            done
            """
        let status = try await BinaryRunner.shell(script)
        guard status == 0 else { throw CertificateError(description: "openssl could not make the test certificates (exit \(status))") }
        return TestCertificates(folder: folder)
    }

    /// openssl failed.
    public struct CertificateError: Error, CustomStringConvertible {
        public var description: String
    }
}
