/// What the transport needs to send one request: time limits, redirects, TLS checking and the
/// body limit. `nil` means "not set here"; the `effective` values fill in the defaults.
public struct TransportOptions: Sendable, Equatable {
    /// The whole request, from sending to the last byte, must finish within this time.
    public var timeout: Duration?
    /// Connecting must finish within this time.
    public var connectTimeout: Duration?
    /// How many redirects to follow; 0 follows none (the default, like curl and Hurl).
    public var followRedirects: Int?
    /// Whether TLS certificates go unchecked.
    public var insecure: Bool?
    /// The largest body accepted, in bytes; a larger one fails the request.
    public var maxBody: Int?
    /// A PEM file of the certificate authorities trusted instead of the system's (`tls: {ca}`,
    /// `--cacert`).
    public var caFile: String?
    /// A PEM client certificate (chain) for mutual TLS (`tls: {cert}`), with `keyFile`.
    public var certFile: String?
    /// The client certificate's PEM private key (`tls: {key}`).
    public var keyFile: String?

    /// Whether anything changes TLS from the client's defaults.
    var customizesTLS: Bool { insecure == true || caFile != nil || certFile != nil }

    /// The default timeout when none is set.
    public static let defaultTimeout: Duration = .seconds(30)
    /// The default connect timeout when none is set.
    public static let defaultConnectTimeout: Duration = .seconds(10)
    /// The default body limit when none is set: 64 MiB.
    public static let defaultMaxBody = 64 * 1024 * 1024

    /// Creates options; every setting defaults to unset.
    public init(
        timeout: Duration? = nil, connectTimeout: Duration? = nil, followRedirects: Int? = nil,
        insecure: Bool? = nil, maxBody: Int? = nil, caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil
    ) {
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.followRedirects = followRedirects
        self.insecure = insecure
        self.maxBody = maxBody
    }

    /// These options, with every unset one taken from `defaults`.
    public func applying(defaults: TransportOptions) -> TransportOptions {
        TransportOptions(
            timeout: timeout ?? defaults.timeout,
            connectTimeout: connectTimeout ?? defaults.connectTimeout,
            followRedirects: followRedirects ?? defaults.followRedirects,
            insecure: insecure ?? defaults.insecure,
            maxBody: maxBody ?? defaults.maxBody,
            caFile: caFile ?? defaults.caFile,
            // A certificate and its key come together, from one level.
            certFile: certFile ?? (keyFile == nil ? defaults.certFile : nil),
            keyFile: keyFile ?? (certFile == nil ? defaults.keyFile : nil))
    }

    /// The timeout in force.
    public var effectiveTimeout: Duration { timeout ?? Self.defaultTimeout }
    /// The body limit in force.
    public var effectiveMaxBody: Int { maxBody ?? Self.defaultMaxBody }
}
