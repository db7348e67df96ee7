/// Teaches the run's `Redactor` the credentials a request sends in `Authorization`-like headers, so
/// that a server echoing them back (in a body, a header or a failed expectation) never shows them.
public struct RedactionDelegate: NetworkingDelegate {
    /// The redactor that learns the credentials.
    public let redactor: Redactor

    /// Creates the delegate.
    public init(redactor: Redactor) { self.redactor = redactor }

    /// Adds every sensitive header's value (and the credential after its scheme) as a secret.
    public func networking(_ networking: any Networking, willSend request: PreparedRequest, attempt: Int) {
        for field in request.headers where Redactor.sensitiveHeaders.contains(field.name.lowercased()) {
            let credential = field.value.split(separator: " ", maxSplits: 1).last.map(String.init) ?? field.value
            if credential.count >= 4 { redactor.add(credential) }
        }
    }
}
