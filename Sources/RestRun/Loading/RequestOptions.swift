/// A request file's `options:`, at file or request level: what the transport needs, and what the
/// runner does around sending (`retry`, `delay`, `skip`). `nil` means "not set here"; the loader
/// applies defaults once, in the order docs/request-format.md gives.
package struct RequestOptions: Sendable, Equatable {
    /// Timeouts, redirects, TLS and the body limit, handed to the networker.
    package var transport = TransportOptions()
    /// How to retry a failed attempt or failed checks.
    package var retry: RetryPolicy?
    /// A wait before the request is sent.
    package var delay: Duration?
    /// Why the request is skipped; an empty string skips with no reason given.
    package var skip: String?
    /// `formats: assert`: `schema:` checks `format` (dates, e-mails, UUIDs, ...); by default
    /// `format` is an annotation, as JSON Schema 2020-12 says.
    package var assertsFormats: Bool?

    /// Creates options; every setting defaults to unset.
    package init(
        transport: TransportOptions = TransportOptions(), retry: RetryPolicy? = nil, delay: Duration? = nil, skip: String? = nil,
        assertsFormats: Bool? = nil
    ) {
        self.transport = transport
        self.retry = retry
        self.delay = delay
        self.skip = skip
        self.assertsFormats = assertsFormats
    }

    /// Options with nothing set: a request's until its `options:` are read. Made once, because
    /// every request of a file starts from it.
    package static let unset = RequestOptions()

    /// These options, with every unset one taken from `defaults`.
    package func applying(defaults: RequestOptions) -> RequestOptions {
        // Most requests set no options of their own: then they are the defaults as they are.
        if retry == nil, delay == nil, skip == nil, assertsFormats == nil, transport.isUnset { return defaults }
        return RequestOptions(
            transport: transport.applying(defaults: defaults.transport),
            retry: retry ?? defaults.retry,
            delay: delay ?? defaults.delay,
            skip: skip ?? defaults.skip,
            assertsFormats: assertsFormats ?? defaults.assertsFormats)
    }
}
