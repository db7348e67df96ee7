import RestRun

extension OpenAPISecurityScheme {
    /// Whether `parameter` is where these credentials travel.
    func carries(_ parameter: RequestParameter) -> Bool {
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
