/// Where gRPC calls go and how the connection is made and secured: calls to equal targets share
/// one channel.
package struct GRPCTarget: Hashable, Sendable {
    /// The server's host name or address (IPv6 without brackets), as the URL names it: the TLS
    /// server name and the `:authority`.
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
    /// The address to connect to instead of resolving `host` (`--resolve`).
    package var address: String?
    /// How long making the connection may take (`connect_timeout`).
    package var connectTimeout: Duration?

    /// `host:port`, with brackets around an IPv6 address.
    package var authority: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// A target from its parts.
    package init(
        host: String, port: Int, usesTLS: Bool, caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil,
        insecure: Bool = false, address: String? = nil, connectTimeout: Duration? = nil
    ) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.insecure = insecure
        self.address = address
        self.connectTimeout = connectTimeout
    }

    /// The target as a request carries it.
    package var json: JSONValue {
        .members([
            ("host", .string(host)), ("port", .integer(port)), ("tls", .bool(usesTLS)), ("insecure", .bool(insecure)),
            ("ca", caFile.map(JSONValue.string)), ("cert", certificateFile.map(JSONValue.string)), ("key", keyFile.map(JSONValue.string)),
            ("address", address.map(JSONValue.string)), ("connectTimeout", connectTimeout.map(JSONValue.seconds)),
        ])
    }

    /// The target `json` describes, or nil when it names no host and port.
    package init?(json: JSONValue?) {
        guard let json, let host = json["host"]?.string, let port = json["port"]?.integer, (1...65535).contains(port) else { return nil }
        self.init(
            host: host, port: port, usesTLS: json["tls"]?.isTrue ?? false, caFile: json["ca"]?.string,
            certificateFile: json["cert"]?.string, keyFile: json["key"]?.string, insecure: json["insecure"]?.isTrue ?? false,
            address: json["address"]?.string, connectTimeout: json["connectTimeout"]?.double.flatMap(HelperLimits.duration(seconds:)))
    }
}
