/// Where calls go and how the connection is secured: calls to equal targets share one channel.
package struct CallTarget: Hashable, Sendable {
    /// The server's host name or address (IPv6 without brackets).
    package var host: String
    /// Its port.
    package var port: Int
    /// Whether the connection uses TLS (`grpcs://`).
    package var usesTLS: Bool
    /// A PEM file of the certificate authorities to trust instead of the system's.
    package var caFile: String?
    /// A PEM file of the client certificate (chain) to present.
    package var certificateFile: String?
    /// A PEM file of the client certificate's private key.
    package var keyFile: String?
    /// Whether the server's certificate is not checked.
    package var insecure: Bool

    /// `host:port`, with brackets around an IPv6 address.
    package var authority: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// A target from its parts.
    package init(host: String, port: Int, usesTLS: Bool, caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil, insecure: Bool = false) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.insecure = insecure
    }
}
