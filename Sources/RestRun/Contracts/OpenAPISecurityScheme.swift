/// How an operation's credentials travel, as a spec's `securitySchemes` declare them.
package enum OpenAPISecurityScheme: Sendable, Equatable, CustomStringConvertible {
    /// `Authorization: Bearer ...`: HTTP bearer, OAuth 2.0 and OpenID Connect.
    case bearer
    /// `Authorization: Basic ...`.
    case basic
    /// An API key in a header, the query or a cookie, by name.
    case apiKey(name: String, location: String)
    /// Any other kind (Digest, mutual TLS): no credentials of it are made up.
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
    package var header: String? {
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
}
