/// How an operation's credentials travel, as a spec's `securitySchemes` declare them.
package enum OpenAPISecurityScheme: Sendable, Equatable, CustomStringConvertible {
    /// `Authorization: Bearer ...`: HTTP bearer, OAuth 2.0 and OpenID Connect.
    case bearer
    /// `Authorization: Basic ...`.
    case basic
    /// An API key in a header, the query or a cookie, by name.
    case apiKey(name: String, location: String)
    /// Any other kind (Digest, mutual TLS): the fuzzer does not make up credentials for it.
    case other(String)

    /// The scheme a `securitySchemes` entry declares.
    static func read(_ members: [String: DecodedValue]) -> OpenAPISecurityScheme {
        let type = members["type"]?.stringValue?.lowercased() ?? ""
        switch type {
        case "http":
            switch members["scheme"]?.stringValue?.lowercased() {
            case "bearer": return .bearer
            case "basic": return .basic
            case let scheme: return .other("http " + (scheme ?? ""))
            }
        case "oauth2", "openidconnect": return .bearer
        case "apikey":
            guard let name = members["name"]?.stringValue, !name.isEmpty,
                  let location = members["in"]?.stringValue, ["header", "query", "cookie"].contains(location) else { return .other(type) }
            return .apiKey(name: name, location: location)
        default: return .other(type)
        }
    }

    /// The header the credentials travel in, if they travel in one.
    var header: String? {
        switch self {
        case .bearer, .basic: "Authorization"
        case let .apiKey(name, "header"): name
        case .apiKey(_, "cookie"): "Cookie"
        case let .other(kind): kind.hasPrefix("http") ? "Authorization" : nil
        case .apiKey: nil
        }
    }

    /// `bearer`, `basic`, `API key 'X-Key' (header)`, ...
    package var description: String {
        switch self {
        case .bearer: "bearer"
        case .basic: "basic"
        case let .apiKey(name, location): "API key '\(name)' (\(location))"
        case let .other(kind): kind
        }
    }

    /// Whether `parameter` is where these credentials travel.
    func carries(_ parameter: FuzzCase.Parameter) -> Bool {
        switch self {
        case let .apiKey(name, location): parameter.location == location && parameter.name.lowercased() == name.lowercased()
        default: parameter.location == "header" && parameter.name.lowercased() == header?.lowercased()
        }
    }

    /// Credentials of this scheme that no server issued, as the header (or query parameter, or
    /// cookie) that carries them; nil for a scheme the fuzzer does not make up credentials for.
    var madeUpCredentials: (location: String, name: String, value: String)? {
        switch self {
        case .bearer: ("header", "Authorization", "Bearer rest-run-fuzz-invalid-token")
        case .basic: ("header", "Authorization", "Basic " + Base64.encode(Array("rest-run-fuzz:invalid-password".utf8)))
        case let .apiKey(name, location): (location, name, "rest-run-fuzz-invalid-key")
        case .other: nil
        }
    }
}
