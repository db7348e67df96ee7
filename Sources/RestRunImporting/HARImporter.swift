import OrderedCollections
import RestRun

/// Turns a HAR 1.2 log (browser devtools, `--report-har`) into requests: one per entry, static
/// assets and other hosts left out as asked, bodies as `json:` or `form:` where the MIME type says
/// so, and values an earlier response gave that a later request sends again (an id, a token) turned
/// into captures and `{{name}}` references, so the file runs against a fresh server.
package struct HARImporter {
    /// Hosts to keep (all when empty).
    package var includeHosts: [String] = []
    /// MIME types or extensions to leave out besides the static assets (`image`, `css`, `.map`);
    /// `none` keeps the static assets too.
    package var excludeTypes: [String] = []
    /// Whether each request expects the status it got.
    package var expectsStatus = false
    /// One sentence for each entry left out or changed.
    package private(set) var warnings: [String] = []

    package init() {}

    /// Response types and URL extensions that are static assets.
    static let staticTypes = ["image/", "font/", "text/css", "javascript", "ecmascript", "video/", "audio/", "application/wasm", "text/html"]
    static let staticExtensions = [".js", ".mjs", ".css", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".ico", ".webp", ".woff", ".woff2", ".ttf", ".otf", ".map", ".mp4", ".webm", ".html", ".htm"]
    /// Headers the client sets itself, or that only a browser sends.
    static let droppedHeaders: Set<String> = ["host", "content-length", "connection", "accept-encoding", "keep-alive", "transfer-encoding", "te", "upgrade", "proxy-connection"]

    /// The requests of the log in `bytes`.
    package mutating func requests(from bytes: [UInt8]) throws(ImportProblem) -> [ImportedHTTPRequest] {
        let root: DecodedValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ImportProblem(line: error.line, message: "not a HAR file: \(error.message)")
        }
        guard case let .object(top) = root, case let .object(log)? = top["log"], case let .array(entries)? = log["entries"] else {
            throw ImportProblem(line: 1, message: "not a HAR file: no log.entries")
        }
        var requests: [ImportedHTTPRequest] = []
        // Values responses gave: the value's text → (the request that got it, the capture's name and JSONPath).
        var given: [String: (request: Int, name: String, path: String)] = [:]
        var usedNames = Set<String>()
        for (number, entry) in entries.enumerated() {
            guard case let .object(fields) = entry, case let .object(request)? = fields["request"],
                  case let .string(method)? = request["method"], case let .string(url)? = request["url"] else {
                warnings.append("entry \(number + 1) has no request method and URL: left out")
                continue
            }
            let response = Self.object(fields["response"])
            guard keeps(url: url, responseType: Self.string(Self.object(response["content"])["mimeType"]) ?? "") else { continue }
            guard HTTPMethod(rawValue: method) != nil else {
                warnings.append("entry \(number + 1): '\(method)' is not a method rest-run can send: left out")
                continue
            }
            guard URLBuilder.isAbsolute(url), !url.hasPrefix("data:"), !url.hasPrefix("blob:") else { continue }
            if url.lowercased().hasPrefix("ws://") || url.lowercased().hasPrefix("wss://") {
                warnings.append("entry \(number + 1) is a WebSocket (\(url)): its messages are not imported; left out")
                continue
            }
            let path = String((URLParts(url)?.path ?? "/").prefix { $0 != "?" })
            var imported = ImportedHTTPRequest(name: "\(method) \(path.isEmpty ? "/" : path)", method: method, url: TemplateSafety.sanitized(url, keeping: .nothing))
            var headers: [(name: String, value: String?)] = []
            var contentType: String?
            for case let .object(header) in Self.array(request["headers"]) {
                guard let name = Self.string(header["name"]), let value = Self.string(header["value"]),
                      !name.hasPrefix(":"), !Self.droppedHeaders.contains(name.lowercased()), HeaderName.isValid(name) else { continue }
                guard TemplateSafety.isSafe(value, keeping: .nothing) else {
                    warnings.append("entry \(number + 1): the \(name) header holds '{{' or '${', which rest-run reads as a template; left out")
                    continue
                }
                if name.lowercased() == "content-type" { contentType = value }
                headers.append((name, value))
            }
            let postData = Self.object(request["postData"])
            if let text = Self.string(postData["text"]) {
                let mimeType = Self.string(postData["mimeType"]) ?? contentType ?? ""
                let essence = MediaType.essence(mimeType)
                if (essence == "application/json" || essence.hasSuffix("+json")), let value = JSONBodyText.value(text),
                   TemplateSafety.isSafe(YAMLText.flow(value), keeping: .nothing), !YAMLText.flow(value).contains("{{") {
                    imported.body = .json(value)
                } else if essence == "application/x-www-form-urlencoded", let fields = Self.formFields(text) {
                    // As a form, the way a HAR's `params` are: names and values readable.
                    imported.body = .form(fields)
                    // `form:` sends this type; one with parameters (a charset) is kept as it was sent.
                    headers.removeAll { $0.name.lowercased() == "content-type" && $0.value?.lowercased() == "application/x-www-form-urlencoded" }
                } else {
                    imported.body = CurlImporter.textBody(text, keeping: .nothing)
                    // The MIME type is text of the file too: a `{{` in it must not read as a template.
                    if contentType == nil, !mimeType.isEmpty { headers.append(("Content-Type", CurlImporter.plain(mimeType, keeping: .nothing))) }
                }
            } else if case let .array(params)? = postData["params"], !params.isEmpty {
                imported.body = .form(params.compactMap { param in
                    guard case let .object(fields) = param, let name = Self.string(fields["name"]) else { return nil }
                    return (CurlImporter.plain(name, keeping: .nothing), CurlImporter.plain(Self.string(fields["value"]) ?? "", keeping: .nothing))
                })
                headers.removeAll { $0.name.lowercased() == "content-type" }
            }
            imported.headers = headers
            if expectsStatus, case let .integer(status)? = response["status"], status >= 100 { imported.expectedStatus = String(status) }
            // Values earlier responses gave, sent again here, become references.
            link(&imported, given: given, into: &requests)
            requests.append(imported)
            // What this response gives, for the requests after it.
            let content = Self.object(response["content"])
            if let text = Self.string(content["text"]), Self.string(content["encoding"]) == nil,
               let body = try? JSONParser.parse(Array(text.utf8)) {
                Self.collect(body, path: "$", depth: 0) { value, path, key in
                    guard given[value] == nil else { return }
                    var name = Self.captureName(key)
                    var suffix = 2
                    while usedNames.contains(name) {
                        name = Self.captureName(key) + "_\(suffix)"
                        suffix += 1
                    }
                    usedNames.insert(name)
                    given[value] = (requests.count - 1, name, path)
                }
            }
        }
        return requests
    }

    /// Puts `{{name}}` where `request` sends a value an earlier response gave, and the capture on
    /// that earlier request.
    private func link(
        _ request: inout ImportedHTTPRequest, given: [String: (request: Int, name: String, path: String)], into requests: inout [ImportedHTTPRequest]
    ) {
        func reference(_ text: String) -> String? {
            guard let source = given[text] else { return nil }
            if !requests[source.request].captures.contains(where: { $0.name == source.name }) {
                requests[source.request].captures.append((source.name, source.path))
            }
            return "{{\(source.name)}}"
        }
        // The URL's path segments and query values.
        do {
            let queryStart = request.url.firstIndex(of: "?") ?? request.url.endIndex
            let head = String(request.url[..<queryStart]), query = String(request.url[queryStart...])
            let origin = String(URLBuilder.origin(of: head))
            let segments = head.dropFirst(origin.count).split(separator: "/", omittingEmptySubsequences: false).map { segment in
                reference(URLBuilder.decode(String(segment))) ?? String(segment)
            }
            var newQuery = query
            if query.count > 1 {
                newQuery = "?" + query.dropFirst().split(separator: "&", omittingEmptySubsequences: false).map { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard parts.count == 2, let replaced = reference(URLBuilder.decode(String(parts[1]))) else { return String(pair) }
                    return String(parts[0]) + "=" + replaced
                }.joined(separator: "&")
            }
            request.url = origin + segments.joined(separator: "/") + newQuery
        }
        for index in request.headers.indices {
            guard let value = request.headers[index].value else { continue }
            if let replaced = reference(value) {
                request.headers[index].value = replaced
            } else if let space = value.firstIndex(of: " "), let replaced = reference(String(value[value.index(after: space)...])) {
                request.headers[index].value = String(value[...space]) + replaced
            }
        }
        if case let .json(body)? = request.body {
            request.body = .json(Self.replacing(body) { reference($0) })
        }
    }

    private static func replacing(_ value: DecodedValue, _ reference: (String) -> String?) -> DecodedValue {
        switch value {
        case let .string(text): reference(text).map(DecodedValue.string) ?? value
        case let .integer(number) where number >= 100 || number <= -100: reference(String(number)).map(DecodedValue.string) ?? value
        case let .array(items): .array(items.map { replacing($0, reference) })
        case let .object(members): .object(members.mapValues { replacing($0, reference) })
        default: value
        }
    }

    /// Calls `found` with each scalar of a response worth capturing (text of 4 characters or more,
    /// an integer of 3 digits or more), its JSONPath and its key.
    private static func collect(_ value: DecodedValue, path: String, depth: Int, key: String = "value", _ found: (String, String, String) -> Void) {
        guard depth < 8 else { return }
        switch value {
        case let .string(text) where text.count >= 4 && text.count <= 4096 && !text.contains("{{"):
            found(text, path, key)
        case let .integer(number) where number >= 100 || number <= -100:
            found(String(number), path, key)
        case let .object(members):
            for (name, member) in members.prefix(200) {
                collect(member, path: path + "[\(YAMLText.singleQuotedJSONPath(name))]", depth: depth + 1, key: name, found)
            }
        case let .array(items):
            for (index, item) in items.prefix(20).enumerated() { collect(item, path: path + "[\(index)]", depth: depth + 1, key: key, found) }
        default:
            break
        }
    }

    /// A capture's name from the key that held the value: letters, digits and `_`.
    static func captureName(_ key: String) -> String {
        var name = String(key.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if name.first?.isNumber != false { name = "v_" + name }
        return name
    }

    /// The fields of a form-encoded text (`+` a space, `%xx` a byte), or nil when one does not
    /// decode to text or holds what rest-run would read as a template: such a body stays text.
    static func formFields(_ text: String) -> [(name: String, value: String)]? {
        guard !text.isEmpty else { return nil }
        func decoded(_ part: Substring) -> String? {
            let spaced = part.replacingLiterally("+", with: " ")
            let value = URLBuilder.decode(spaced)
            // `decode` turns bytes that are not UTF-8 into U+FFFD: such a field is not text.
            if value.contains("\u{FFFD}"), !spaced.contains("\u{FFFD}") { return nil }
            return CurlImporter.plain(value, keeping: .nothing) == value && !value.contains("{{") ? value : nil
        }
        var fields: [(name: String, value: String)] = []
        for piece in text.split(separator: "&", omittingEmptySubsequences: false) {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decoded(pair[0]), !name.isEmpty, let value = decoded(pair.count > 1 ? pair[1] : "") else { return nil }
            fields.append((name, value))
        }
        return fields
    }

    private func keeps(url: String, responseType: String) -> Bool {
        if !includeHosts.isEmpty {
            // The host rest-run would connect to: a URL it cannot send has none.
            guard URLParts.problem(url) == nil, !url.contains("\\"), let parts = URLParts(url) else { return false }
            let host = Self.normalizedHost(parts.host)
            let port = parts.portText ?? (url.lowercased().hasPrefix("https://") ? "443" : "80")
            let matches = includeHosts.contains { given in
                let (name, wanted) = Self.hostAndPort(given)
                return !name.isEmpty && (host == name || host.hasSuffix("." + name)) && (wanted == nil || wanted == port)
            }
            guard matches else { return false }
        }
        let path = String((URLParts(url)?.path ?? "").prefix { $0 != "?" }).lowercased()
        let type = responseType.lowercased()
        if excludeTypes.contains(where: { !$0.isEmpty && $0 != "none" && (type.contains($0.lowercased()) || path.hasSuffix($0.lowercased())) }) { return false }
        if excludeTypes.contains("none") { return true }
        return !Self.staticTypes.contains { type.hasPrefix($0) || type.contains($0) } && !Self.staticExtensions.contains { path.hasSuffix($0) }
    }

    /// A host as compared: lower-case, without brackets or a trailing dot.
    static func normalizedHost(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }

    /// An `--include-host` value as a host and, when it names one, a port: `api.example.com`,
    /// `api.example.com:8443`, `[::1]:8080`, or a URL (`https://api.example.com/v1`).
    static func hostAndPort(_ given: String) -> (host: String, port: String?) {
        if given.contains("://"), let parts = URLParts(given) { return (normalizedHost(parts.host), parts.portText) }
        if given.hasPrefix("["), let close = given.firstIndex(of: "]") {
            let rest = given[given.index(after: close)...]
            return (normalizedHost(String(given[...close])), rest.hasPrefix(":") ? String(rest.dropFirst()) : nil)
        }
        let pieces = given.split(separator: ":", omittingEmptySubsequences: false)
        if pieces.count == 2, !pieces[1].isEmpty, pieces[1].allSatisfy(\.isNumber) { return (normalizedHost(String(pieces[0])), String(pieces[1])) }
        return (normalizedHost(given), nil)
    }

    private static func object(_ value: DecodedValue?) -> OrderedDictionary<String, DecodedValue> {
        if case let .object(members)? = value { members } else { [:] }
    }

    private static func array(_ value: DecodedValue?) -> [DecodedValue] {
        if case let .array(items)? = value { items } else { [] }
    }

    private static func string(_ value: DecodedValue?) -> String? {
        if case let .string(text)? = value { text } else { nil }
    }
}
