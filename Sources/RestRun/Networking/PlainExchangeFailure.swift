/// Why an exchange on rest-run's own HTTP/1.1 connection failed, and whether any of an answer had
/// come: a kept-alive connection that closed before the answer began may have been closed by the
/// server as the request went out, and the request is sent again on another.
struct PlainExchangeFailure: Error {
    /// What went wrong (a NIO or AsyncHTTPClient error, as `NetworkError(classifying:)` reads them).
    var underlying: any Error
    /// Whether the answer's head had arrived.
    var answered: Bool
}
