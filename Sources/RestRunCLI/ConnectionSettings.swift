import ArgumentParser
import RestRun

/// The options `run` and `load` share about where requests go and which run: headers, TLS,
/// the proxy, `--resolve` and the request filter, applied to a session alike.
struct ConnectionSettings {
    var headers: [HeaderArgument]
    var insecure: Bool
    var cacert: String?
    var proxy: String?
    var resolve: [ResolveArgument]
    var tags: [String], excludedTags: [String], names: [String]

    /// `session` with these settings; a proxy that cannot be read is a usage error.
    func apply(to session: inout RunSession, environment: [String: String]) throws {
        session.headers = headers.map { ($0.name, $0.value) }
        if insecure { session.defaults.insecure = true }
        session.defaults.caFile = cacert
        do {
            session.proxy = try ProxyRules.from(flag: proxy, environment: environment)
        } catch {
            throw ValidationError(error.description)
        }
        for entry in resolve { session.resolve[entry.host] = entry.address }
        session.filter = RequestFilter(tags: Set(tags), namePatterns: names, excludedTags: Set(excludedTags))
    }
}
