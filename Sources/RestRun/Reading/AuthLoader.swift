import RestRunYAML

/// Reads a request's or a file's `auth:` into the template that `RequestAuth` applies when sending.
enum AuthLoader {
    /// `auth:`'s keys (a request's, a file's or an MCP server's).
    static let authKeys = ["basic", "bearer", "oauth2", "aws_sigv4", "digest"]
    /// `oauth2:`'s keys.
    static let oauth2Keys = ["token_url", "client_id", "client_secret", "scope", "grant", "username", "password", "refresh_token", "client_auth"]
    /// `aws_sigv4:`'s keys.
    static let sigV4Keys = ["region", "service", "access_key", "secret_key", "session_token"]

    /// Reads `auth:`: `{basic: [user, password]}`, `{bearer: token}`, `{digest: [user, password]}`,
    /// `{oauth2: {...}}` or `{aws_sigv4: {...}}`.
    static func load(_ node: Node, context: LoadContext) -> AuthTemplate? {
        guard let entries = context.mapping(node, "'auth'", allowed: authKeys) else { return nil }
        guard entries.count == 1, let (key, value, _) = entries.first else {
            context.error("'auth' takes exactly one of 'basic', 'bearer', 'digest', 'oauth2' or 'aws_sigv4'", at: node)
            return nil
        }
        switch key {
        case "bearer":
            return context.template(value, "'bearer'").map(AuthTemplate.bearer)
        case "oauth2":
            return oauth2(value, context: context).map(AuthTemplate.oauth2)
        case "aws_sigv4":
            return sigV4(value, context: context).map(AuthTemplate.awsSigV4)
        default:
            guard let items = value.items, items.count == 2,
                  let user = context.template(items[0], "the user"), let password = context.template(items[1], "the password")
            else {
                context.error("'\(key)' takes a list of two: [user, password]", at: value)
                return nil
            }
            return key == "digest" ? .digest(user: user, password: password) : .basic(user: user, password: password)
        }
    }

    /// Reads `oauth2: {token_url, client_id, client_secret, scope, grant, ...}`.
    private static func oauth2(_ node: Node, context: LoadContext) -> OAuth2Template? {
        guard let entries = context.mapping(node, "'oauth2'", allowed: oauth2Keys) else { return nil }
        var templates: [String: Template] = [:]
        var grant = OAuth2Settings.Grant.clientCredentials
        var clientAuthentication = OAuth2Settings.ClientAuthentication.basic
        var valid = true
        for (key, value, _) in entries {
            switch key {
            case "grant":
                guard let chosen: OAuth2Settings.Grant = choice(value, "'grant' is one of client_credentials, password or refresh_token", context: context) else {
                    valid = false
                    continue
                }
                grant = chosen
            case "client_auth":
                let message = "'client_auth' is basic (the client's id and secret in an Authorization header) or body (in the form)"
                guard let chosen: OAuth2Settings.ClientAuthentication = choice(value, message, context: context) else {
                    valid = false
                    continue
                }
                clientAuthentication = chosen
            default:
                if let template = context.template(value, "'\(key)'") { templates[key] = template } else { valid = false }
            }
        }
        var missing = ["token_url", "client_id"].filter { templates[$0] == nil }
        switch grant {
        case .password: missing += ["username", "password"].filter { templates[$0] == nil }
        case .refreshToken: missing += ["refresh_token"].filter { templates[$0] == nil }
        case .clientCredentials: break
        }
        if !missing.isEmpty {
            let what = missing.map { "'\($0)'" }.joined(separator: " and ")
            context.error("'oauth2' with grant \(grant.rawValue) needs \(what)", at: node)
            return nil
        }
        guard valid, let tokenURL = templates["token_url"], let clientID = templates["client_id"] else { return nil }
        return OAuth2Template(
            tokenURL: tokenURL, clientID: clientID, clientSecret: templates["client_secret"], scope: templates["scope"], grant: grant,
            username: templates["username"], password: templates["password"], refreshToken: templates["refresh_token"],
            clientAuthentication: clientAuthentication)
    }

    /// Reads `aws_sigv4: {region, service, access_key, secret_key, session_token}`.
    private static func sigV4(_ node: Node, context: LoadContext) -> SigV4Template? {
        guard let entries = context.mapping(node, "'aws_sigv4'", allowed: sigV4Keys) else { return nil }
        var templates: [String: Template] = [:]
        for (key, value, _) in entries {
            guard let template = context.template(value, "'\(key)'") else { return nil }
            templates[key] = template
        }
        let missing = ["region", "service", "access_key", "secret_key"].filter { templates[$0] == nil }
        guard missing.isEmpty, let region = templates["region"], let service = templates["service"],
              let accessKey = templates["access_key"], let secretKey = templates["secret_key"] else {
            context.error("'aws_sigv4' needs " + missing.map { "'\($0)'" }.joined(separator: ", "), at: node)
            return nil
        }
        return SigV4Template(region: region, service: service, accessKey: accessKey, secretKey: secretKey, sessionToken: templates["session_token"])
    }

    /// The value of `node` among `Choice`'s, or `message` as the error.
    private static func choice<Choice: RawRepresentable>(_ node: Node, _ message: String, context: LoadContext) -> Choice? where Choice.RawValue == String {
        guard let text = node.scalarText, let chosen = Choice(rawValue: text) else {
            context.error(message, at: node)
            return nil
        }
        return chosen
    }

}
