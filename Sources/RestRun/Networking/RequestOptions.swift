/// Per-request settings; a file's `options:` gives the defaults, a request's own override them.
/// `nil` means "not set here".
public struct RequestOptions: Sendable, Equatable {
    /// The whole request, from sending to the last byte, must finish within this time.
    public var timeout: Duration?
    /// Connecting must finish within this time.
    public var connectTimeout: Duration?
    /// How to retry a failed attempt.
    public var retry: RetryPolicy?
    /// How many redirects to follow; 0 follows none (the default, like curl and Hurl).
    public var followRedirects: Int?
    /// Whether TLS certificates go unchecked.
    public var insecure: Bool?
    /// A wait before the request is sent.
    public var delay: Duration?
    /// The largest body accepted, in bytes; a larger one fails the request.
    public var maxBody: Int?
    /// Why the request is skipped; an empty string skips with no reason given.
    public var skip: String?

    /// The default timeout when none is set.
    public static let defaultTimeout: Duration = .seconds(30)
    /// The default connect timeout when none is set.
    public static let defaultConnectTimeout: Duration = .seconds(10)
    /// The default body limit when none is set: 64 MiB.
    public static let defaultMaxBody = 64 * 1024 * 1024

    /// Creates options; every setting defaults to unset.
    public init(
        timeout: Duration? = nil, connectTimeout: Duration? = nil, retry: RetryPolicy? = nil,
        followRedirects: Int? = nil, insecure: Bool? = nil, delay: Duration? = nil, maxBody: Int? = nil,
        skip: String? = nil
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.retry = retry
        self.followRedirects = followRedirects
        self.insecure = insecure
        self.delay = delay
        self.maxBody = maxBody
        self.skip = skip
    }

    /// These options, with every unset one taken from `defaults`.
    public func applying(defaults: RequestOptions) -> RequestOptions {
        RequestOptions(
            timeout: timeout ?? defaults.timeout,
            connectTimeout: connectTimeout ?? defaults.connectTimeout,
            retry: retry ?? defaults.retry,
            followRedirects: followRedirects ?? defaults.followRedirects,
            insecure: insecure ?? defaults.insecure,
            delay: delay ?? defaults.delay,
            maxBody: maxBody ?? defaults.maxBody,
            skip: skip ?? defaults.skip)
    }

    /// The timeout in force.
    public var effectiveTimeout: Duration { timeout ?? Self.defaultTimeout }
    /// The body limit in force.
    public var effectiveMaxBody: Int { maxBody ?? Self.defaultMaxBody }
}
