import NIOSSL
import Synchronization

/// The client certificates (`tls: {cert, key}`) of a run, each read from its PEM files once.
final class ClientIdentities: Sendable {
    /// A certificate chain and its private key.
    struct Identity: @unchecked Sendable {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
    }

    private let loaded = Mutex<[String: Identity]>([:])

    /// The identity in `certificate` and `key`, or nil when they cannot be read (the handshake
    /// then fails with the server's reason; the loader checked both files already).
    func identity(certificate: String, key: String) -> Identity? {
        let name = certificate + "\u{0}" + key
        if let known = loaded.withLock({ $0[name] }) { return known }
        guard let chain = try? NIOSSLCertificate.fromPEMFile(certificate), !chain.isEmpty,
              let privateKey = try? NIOSSLPrivateKey(file: key, format: .pem)
        else { return nil }
        let identity = Identity(chain: chain, key: privateKey)
        loaded.withLock { $0[name] = identity }
        return identity
    }
}
