import RestRunYAML

/// Reads `options:` mappings, at file level and per request.
struct OptionsLoader {
    let context: LoadContext

    static let keys = ["timeout", "connect_timeout", "retry", "follow_redirects", "insecure", "tls", "delay", "max_body", "skip", "formats", "http"]
    /// `tls:`'s keys.
    static let tlsKeys = ["ca", "cert", "key"]
    static let retryKeys = ["attempts", "delay", "backoff", "max_delay", "on", "methods"]

    func load(_ node: Node, _ what: String) -> RequestOptions {
        var options = RequestOptions()
        guard let entries = context.mapping(node, what, allowed: Self.keys) else { return options }
        for (key, written, _) in entries {
            let name = "'\(key)'"
            let value = context.expanded(written)
            switch key {
            case "timeout": options.transport.timeout = context.duration(value, name)
            case "connect_timeout": options.transport.connectTimeout = context.duration(value, name)
            case "delay": options.delay = context.duration(value, name)
            case "max_body": options.transport.maxBody = context.size(value, name)
            case "insecure": options.transport.insecure = context.bool(value, name)
            case "http":
                // `http: 2` and `http: 1.1` are read as numbers by YAML: their text is what counts.
                guard let text = value.scalarText, let version = HTTPVersionPreference(rawValue: text == "2.0" ? "2" : text) else {
                    context.error("'http' must be \"2\", \"1.1\" or auto, found \(value.scalarText.map { "'\($0)'" } ?? value.kindDescription)", at: value)
                    continue
                }
                options.transport.http = version
            case "tls": readTLS(value, into: &options.transport)
            case "retry": options.retry = retry(value)
            case "follow_redirects":
                switch value.scalarValue {
                case let .bool(follow)?: options.transport.followRedirects = follow ? 50 : 0
                case .integer?: options.transport.followRedirects = context.integer(value, name, minimum: 0)
                default: context.error("'follow_redirects' must be true, false or a number of redirects, found \(value.kindDescription)", at: value)
                }
            case "formats":
                switch value.scalarText {
                case "assert": options.assertsFormats = true
                case "annotate": options.assertsFormats = false
                default: context.error("'formats' must be assert or annotate, found \(value.kindDescription)", at: value)
                }
            case "skip":
                switch value.scalarValue {
                case let .bool(skip)?: options.skip = skip ? "" : nil
                case let .string(reason)?: options.skip = reason
                default: context.error("'skip' must be true, false or a reason, found \(value.kindDescription)", at: value)
                }
            default: break
            }
        }
        return options
    }

    /// `tls: {ca: ca.pem, cert: client.pem, key: client-key.pem}`: paths relative to the file,
    /// each checked now: a file that is missing or holds no PEM block is an error at its line.
    private func readTLS(_ node: Node, into transport: inout TransportOptions) {
        guard let entries = context.mapping(node, "'tls'", allowed: Self.tlsKeys) else { return }
        var paths: [String: String] = [:]
        for (key, value, _) in entries {
            guard let written = context.string(value, "'\(key)'") else { continue }
            let path = FileSystem.path(written, relativeTo: context.source.path)
            if let problem = FileSystem.readableFileProblem(path) {
                context.error("tls \(key) '\(written)': \(problem)", at: value)
                continue
            }
            guard let text = try? FileSystem.readText(path), text.contains("-----BEGIN ") else {
                context.error("tls \(key) '\(written)' is not a PEM file (no '-----BEGIN' line)", at: value)
                continue
            }
            paths[key] = path
        }
        if (paths["cert"] == nil) != (paths["key"] == nil), entries.contains(where: { $0.key == "cert" || $0.key == "key" }) {
            let has = entries.contains { $0.key == "cert" } ? "cert" : "key"
            if paths[has] != nil {
                context.error("tls: a client certificate needs both 'cert' and 'key'; '\(has == "cert" ? "key" : "cert")' is missing", at: node)
            }
        }
        transport.caFile = paths["ca"] ?? transport.caFile
        if let cert = paths["cert"], let key = paths["key"] {
            transport.certFile = cert
            transport.keyFile = key
        }
    }

    /// `retry: 3` or `retry: {attempts, delay, backoff, max_delay, on, methods}`.
    private func retry(_ written: Node) -> RetryPolicy? {
        let node = context.expanded(written)
        if case .integer? = node.scalarValue {
            return context.integer(node, "'retry'", minimum: 1).map { RetryPolicy(attempts: $0) }
        }
        if node.pairs == nil {
            let found = node.scalarText.map { "'\($0)'" } ?? node.kindDescription
            context.error(
                "'retry' takes a number of attempts (retry: 3) or a mapping ({attempts: 3, delay: 1s}), found \(found)", at: node,
                notes: ["the wait between attempts is 'delay': retry: { attempts: 3, delay: 1s }"])
            return nil
        }
        guard let entries = context.mapping(node, "'retry'", allowed: Self.retryKeys) else { return nil }
        var policy = RetryPolicy()
        for (key, written, _) in entries {
            let value = context.expanded(written)
            switch key {
            case "attempts": policy.attempts = context.integer(value, "'attempts'", minimum: 1) ?? policy.attempts
            case "delay": policy.delay = context.duration(value, "'delay'") ?? policy.delay
            case "max_delay": policy.maxDelay = context.duration(value, "'max_delay'") ?? policy.maxDelay
            case "backoff":
                guard let text = value.scalarText, let backoff = RetryPolicy.Backoff(rawValue: text) else {
                    context.error("'backoff' must be 'constant' or 'exponential'", at: value)
                    continue
                }
                policy.backoff = backoff
            case "on":
                guard let items = value.items else {
                    context.error("'on' must be a list such as [network, 503, 5xx, expectations]", at: value)
                    continue
                }
                policy.conditions = Set(items.compactMap(condition))
            case "methods":
                guard let items = value.items else {
                    context.error("'methods' must be a list of methods such as [GET, POST]", at: value)
                    continue
                }
                policy.methods = Set(items.compactMap { written in
                    let item = context.expanded(written)
                    guard let text = item.scalarText, let method = HTTPMethod(rawValue: text) else {
                        context.error("'\(item.scalarText ?? item.kindDescription)' is not an HTTP method", at: item)
                        return nil
                    }
                    return method
                })
            default: break
            }
        }
        return policy
    }

    private func condition(_ written: Node) -> RetryPolicy.Condition? {
        let node = context.expanded(written)
        switch node.scalarValue {
        case let .integer(code)? where (100...599).contains(code): return .status(code)
        case let .string(text)?:
            switch text {
            case "network": return .networkError
            case "expectations": return .expectations
            case "1xx", "2xx", "3xx", "4xx", "5xx": return .statusClass(Int(String(text.prefix(1))) ?? 5)
            default:
                if let name = DeclaredExchangeLoader.kindStatusName(text) { return .named(name) }
            }
        default: break
        }
        context.error("a retry condition is 'network', 'expectations', a status such as 503, a class such as 5xx, or a gRPC status such as UNAVAILABLE", at: node)
        return nil
    }
}
