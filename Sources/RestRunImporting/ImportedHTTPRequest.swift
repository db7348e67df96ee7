package import RestRun

/// A request read from another tool's format (a curl command, a HAR entry, a Postman item), as
/// `RequestFileWriter` writes it into a request file.
package struct ImportedHTTPRequest: Sendable {
    /// The body, in the request-file key that sends it.
    package enum ImportedBody: Sendable {
        /// `text:`: these characters exactly (the Content-Type is in `headers`).
        case text(String)
        /// `json:`
        case json(DecodedValue)
        /// `form:`
        case form([(name: String, value: String)])
        /// `multipart:`
        case multipart([FormPart])
        /// `file:` (a path relative to the request file, or absolute)
        case file(String)
        /// `base64:`: bytes that are not text, or text rest-run would read as templates.
        case base64([UInt8])
    }

    /// A `multipart:` part.
    package struct FormPart: Sendable {
        package var name: String
        package var value: String?
        package var file: String?
        package var contentType: String?
        package var filename: String?

        package init(name: String, value: String? = nil, file: String? = nil, contentType: String? = nil, filename: String? = nil) {
            self.name = name
            self.value = value
            self.file = file
            self.contentType = contentType
            self.filename = filename
        }
    }

    /// `auth:`
    package enum Auth: Sendable {
        case basic(user: String, password: String)
        case bearer(String)
        case digest(user: String, password: String)
        case awsSigV4(region: String, service: String, accessKey: String, secretKey: String)
        case oauth2(tokenURL: String, clientID: String, clientSecret: String?, scope: String?, grant: String, username: String?, password: String?)
    }

    package var name: String
    package var method: String
    package var url: String
    /// Headers in order; a nil value removes one a body key would add.
    package var headers: [(name: String, value: String?)] = []
    package var body: ImportedBody?
    package var auth: Auth?
    /// `options:` entries, each value already YAML (`true`, `"2500ms"`, `{ca: "x.pem"}`).
    package var options: [(name: String, value: String)] = []
    package var tags: [String] = []
    /// `capture:` entries: a name and a JSONPath.
    package var captures: [(name: String, path: String)] = []
    /// `expect: {status: ...}` as YAML (`200`, `{ "<": 400 }`); nil accepts any status, as the
    /// source tool does.
    package var expectedStatus: String?
    /// Comment lines written above the request (scripts kept as comments, what was left out).
    package var comments: [String] = []

    package init(name: String, method: String, url: String) {
        self.name = name
        self.method = method
        self.url = url
    }
}
