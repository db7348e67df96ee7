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
    /// The HTTP version asked for; `nil` is `auto`.
    public var http: HTTPVersionPreference?
    /// The `tls:` files, boxed: every request's options are copied several times, and most
    /// have none, so one optional reference costs less to copy than three optional strings.
    private var tlsFiles: TLSFiles?

    /// The `tls:` files of one level of options.
    private final class TLSFiles: Sendable, Equatable {
        let ca: String?, cert: String?, key: String?
        init(ca: String?, cert: String?, key: String?) {
            self.ca = ca
            self.cert = cert
            self.key = key
        }
        static func == (lhs: TLSFiles, rhs: TLSFiles) -> Bool { lhs.ca == rhs.ca && lhs.cert == rhs.cert && lhs.key == rhs.key }
        /// A box for the three, or nil when none is set.
        static func make(ca: String?, cert: String?, key: String?) -> TLSFiles? {
            ca == nil && cert == nil && key == nil ? nil : TLSFiles(ca: ca, cert: cert, key: key)
        }
    }

    /// A PEM file of the certificate authorities trusted instead of the system's (`tls: {ca}`,
    /// `--cacert`).
    public var caFile: String? {
        get { tlsFiles?.ca }
        set { tlsFiles = .make(ca: newValue, cert: certFile, key: keyFile) }
    }
    /// A PEM client certificate (chain) for mutual TLS (`tls: {cert}`), with `keyFile`.
    public var certFile: String? {
        get { tlsFiles?.cert }
        set { tlsFiles = .make(ca: caFile, cert: newValue, key: keyFile) }
    }
    /// The client certificate's PEM private key (`tls: {key}`).
    public var keyFile: String? {
        get { tlsFiles?.key }
        set { tlsFiles = .make(ca: caFile, cert: certFile, key: newValue) }
    }

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
        insecure: Bool? = nil, maxBody: Int? = nil, caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil,
        http: HTTPVersionPreference? = nil
    ) {
        tlsFiles = .make(ca: caFile, cert: certFile, key: keyFile)
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.followRedirects = followRedirects
        self.insecure = insecure
        self.maxBody = maxBody
        self.http = http
    }

    /// These options, with every unset one taken from `defaults`.
    public func applying(defaults: TransportOptions) -> TransportOptions {
        var result = TransportOptions(
            timeout: timeout ?? defaults.timeout,
            connectTimeout: connectTimeout ?? defaults.connectTimeout,
            followRedirects: followRedirects ?? defaults.followRedirects,
            insecure: insecure ?? defaults.insecure,
            maxBody: maxBody ?? defaults.maxBody, http: http ?? defaults.http)
        // Most requests set no TLS files: then the box is shared, not rebuilt.
        switch (tlsFiles, defaults.tlsFiles) {
        case (nil, let inherited): result.tlsFiles = inherited
        case (let own?, nil): result.tlsFiles = own
        case (let own?, let inherited?):
            // A certificate and its key come together, from one level.
            let ownIdentity = own.cert != nil || own.key != nil
            result.tlsFiles = .make(
                ca: own.ca ?? inherited.ca, cert: ownIdentity ? own.cert : inherited.cert, key: ownIdentity ? own.key : inherited.key)
        }
        return result
    }

    /// Whether nothing is set here.
    package var isUnset: Bool {
        timeout == nil && connectTimeout == nil && followRedirects == nil && insecure == nil && maxBody == nil && tlsFiles == nil && http == nil
    }

    /// The timeout in force.
    public var effectiveTimeout: Duration { timeout ?? Self.defaultTimeout }
    /// Whether the request must not offer HTTP/2.
    var isHTTP1Only: Bool { http == .http1_1 }
    /// The body limit in force.
    public var effectiveMaxBody: Int { maxBody ?? Self.defaultMaxBody }
}
