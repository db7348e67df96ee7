/// Teaches the run's `Redactor` the credentials a request sends in `Authorization`-like headers, so
/// that a server echoing them back (in a body, a header or a failed expectation) never shows them.
package struct RedactionDelegate: PartialNetworkingDelegate {
    /// The hooks it acts in.
    package var hooks: DelegateHooks.Hooks { .willSend }

    /// The redactor that learns the credentials.
    package let redactor: Redactor

    /// Creates the delegate.
    package init(redactor: Redactor) { self.redactor = redactor }

    /// Adds every sensitive header's value (and the credential after its scheme) as a secret, and
    /// the password of the URL's userinfo.
    package func networking(_ networking: any Networking, willSend request: PreparedRequest, attempt: Int) {
        Self.learnCredentials(in: request.headers, redactor: redactor)
        Self.learnPassword(in: request.url, redactor: redactor)
    }

    /// Adds the password of `url`'s userinfo as a secret, and the Basic credential made from it, so
    /// that a server echoing either (in a body, or the `Authorization` header back) never shows it.
    /// Shorter than 4 characters it would mask too much else; it is masked where the URL is written
    /// all the same.
    package static func learnPassword(in url: String, redactor: Redactor) {
        guard Self.hasAt(url), let (user, password) = URLPassword.credentials(in: url), password.count >= 4 else { return }
        redactor.add(password)
        redactor.add(Base64.encode(Array((user + ":" + password).utf8)))
    }

    /// Whether `url` has an `@`, the sign of userinfo: every request asks, and few have one.
    private static func hasAt(_ url: String) -> Bool {
        url.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "@")) } ?? url.utf8.contains(UInt8(ascii: "@"))
    }

    /// Adds the value of every sensitive header of `headers` to `redactor`: the whole value, the
    /// credential after its scheme, and a Basic credential's password.
    package static func learnCredentials(in headers: Headers, redactor: Redactor) {
        // Every request asks; most send no sensitive header, so the names are looked at in place.
        let sensitive = headers.fields.withUnsafeBufferPointer { fields in
            fields.indices.filter { Redactor.isSensitiveHeader(fields[$0].name) }
        }
        for index in sensitive {
            let field = headers.fields[index]
            if field.value.count >= 4 { redactor.add(field.value) }
            let credential = field.value.split(separator: " ", maxSplits: 1).last.map(String.init) ?? field.value
            guard credential.count >= 4 else { continue }
            redactor.add(credential)
            // Basic credentials: the password (and user) inside the base64 too.
            if field.value.lowercased().hasPrefix("basic "), let decoded = Base64.decode(credential),
               let text = String(validating: decoded, as: UTF8.self), let colon = text.firstIndex(of: ":") {
                let password = String(text[text.index(after: colon)...])
                if password.count >= 4 { redactor.add(password) }
            }
        }
    }
}
