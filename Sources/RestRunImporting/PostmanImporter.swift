import OrderedCollections
import RestRun

/// Turns a Postman collection (v2.0 or v2.1) into requests: folders as tags, collection and folder
/// variables as `variables:` (those the collection leaves to an environment default to
/// `${NAME:-}`), auth (basic, bearer, API key, digest, AWS SigV4, OAuth 2.0), and raw, urlencoded,
/// form-data, GraphQL and file bodies. Scripts are not run: each is a warning and a comment.
package struct PostmanImporter {
    /// Where relative form-data and file paths are read from.
    package var workingDirectory: String
    /// The folder the request file goes to.
    package var outputDirectory: String
    /// One sentence for each thing left out or changed.
    package private(set) var warnings: [String] = []
    /// The collection's and folders' variables, then those it only uses, in order.
    package private(set) var variables: [(String, String)] = []

    package init(workingDirectory: String, outputDirectory: String) {
        self.workingDirectory = workingDirectory
        self.outputDirectory = outputDirectory
    }

    private typealias Object = OrderedDictionary<String, DecodedValue>

    /// The requests of the collection in `bytes`.
    package mutating func requests(from bytes: [UInt8]) throws(ImportProblem) -> [ImportedHTTPRequest] {
        let root: DecodedValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ImportProblem(line: error.line, message: "not a Postman collection: \(error.message)")
        }
        guard case let .object(collection) = root, case .array? = collection["item"] else {
            if case let .object(collection) = root, case .array? = collection["requests"] {
                throw ImportProblem(line: 1, message: "this is a Postman collection in the v1 format (a 'requests' list, no 'item'), which rest-run does not read: in Postman, export it again as Collection v2.1")
            }
            throw ImportProblem(line: 1, message: "not a Postman collection: no 'item' list")
        }
        addVariables(collection["variable"], from: "the collection")
        warnAboutScripts(of: collection, in: "the collection")
        var requests: [ImportedHTTPRequest] = []
        walk(Self.array(collection["item"]), folders: [], auth: Self.object(collection["auth"]), depth: 0, into: &requests)
        // Names used but defined nowhere: the environment's, with an empty default.
        var used = OrderedSet<String>()
        for request in requests { Self.names(in: requestText(request), into: &used) }
        // A collection variable's value may use one defined only in a script or the globals.
        for (_, value) in variables { Self.names(in: value, into: &used) }
        for name in used where !variables.contains(where: { $0.0 == name }) && !name.hasPrefix("$") && TemplateParser.isVariableName(name) {
            variables.append((name, "${\(Self.environmentName(name)):-}"))
        }
        variables = Self.inDependencyOrder(variables)
        return requests
    }

    private mutating func walk(_ items: [DecodedValue], folders: [String], auth: Object?, depth: Int, into requests: inout [ImportedHTTPRequest]) {
        guard depth < 32 else { return }
        for case let .object(item) in items {
            let name = Self.string(item["name"]) ?? "request"
            let ownAuth = Self.object(item["auth"])
            let effectiveAuth = ownAuth.flatMap { Self.string($0["type"]) == "inherit" ? nil : $0 } ?? auth
            if case .array? = item["item"] {
                addVariables(item["variable"], from: "folder '\(name)'")
                warnAboutScripts(of: item, in: "folder '\(name)'")
                walk(Self.array(item["item"]), folders: folders + [name], auth: effectiveAuth, depth: depth + 1, into: &requests)
                continue
            }
            guard let request = item["request"] else { continue }
            // A request's own auth is in the request; `inherit` (or none) takes its folder's.
            let requestAuth = Self.object(Self.object(request)?["auth"])
            let authUsed = requestAuth.map { Self.string($0["type"]) == "inherit" ? effectiveAuth : $0 } ?? effectiveAuth
            var imported = self.request(name: name, request, auth: authUsed)
            // As the file loads with the environment unset (`${HOST:-}ws://...` is ws://).
            let url = CurlImporter.withDefaults(imported.url).lowercased()
            if url.hasPrefix("ws://") || url.hasPrefix("wss://") {
                warnings.append("'\(name)' is a WebSocket request: its messages are not imported; left out")
                continue
            }
            imported.tags = folders.isEmpty ? [] : [folders.joined(separator: "/")]
            for case let .object(event) in Self.array(item["event"]) {
                let lines = Self.array(Self.object(event["script"])?["exec"]).compactMap { Self.string($0) }
                let code = lines.joined(separator: "\n").trimmingTrailingSpace()
                guard !code.isEmpty else { continue }
                let kind = Self.string(event["listen"]) == "test" ? "test" : "pre-request"
                warnings.append("'\(name)': its \(kind) script is not run; it is kept as a comment")
                imported.comments.append("Postman \(kind) script (not run):\n" + code)
            }
            requests.append(imported)
        }
    }

    /// A collection's or folder's own scripts run before and after each of its requests in
    /// Postman; rest-run runs none, and says so as it does for a request's.
    private mutating func warnAboutScripts(of owner: Object, in place: String) {
        for case let .object(event) in Self.array(owner["event"]) {
            let lines = Self.array(Self.object(event["script"])?["exec"]).compactMap { Self.string($0) }
            guard !lines.joined().trimmingTrailingSpace().isEmpty else { continue }
            let kind = Self.string(event["listen"]) == "test" ? "test" : "pre-request"
            warnings.append("\(place): its \(kind) script, run by Postman around each of its requests, is not run")
        }
    }

    private mutating func request(name: String, _ value: DecodedValue, auth: Object?) -> ImportedHTTPRequest {
        // v2.0 allows a request to be only its URL.
        let request: Object = if case let .string(url) = value { ["url": .string(url)] } else { Self.object(value) ?? [:] }
        let method = (Self.string(request["method"]) ?? "GET").uppercased()
        var url = Self.url(request["url"])
        if !url.isEmpty, !url.contains("://"), !url.hasPrefix("{{") { url = "http://" + url }
        var imported = ImportedHTTPRequest(
            name: name, method: HTTPMethod(rawValue: method) != nil ? method : "GET",
            url: url.isEmpty ? "/" : TemplateSafety.sanitized(Self.dynamic(url).replacingLiterally("{ {", with: "{{")))
        if HTTPMethod(rawValue: method) == nil { warnings.append("'\(name)': '\(method)' is not a method rest-run can send: GET instead") }
        var headers: [(name: String, value: String?)] = []
        for case let .object(header) in Self.array(request["header"]) where header["disabled"] != .bool(true) {
            guard let key = Self.string(header["key"]), !key.isEmpty else { continue }
            guard HeaderName.isValid(key) else {
                warnings.append("'\(name)': '\(key)' is not a header name rest-run can send: the header is left out")
                continue
            }
            headers.append((key, Self.dynamic(Self.string(header["value"]) ?? "")))
        }
        func hasHeader(_ name: String) -> Bool { headers.contains { $0.name.lowercased() == name.lowercased() } }
        if let body = Self.object(request["body"]), body["disabled"] != .bool(true) {
            switch Self.string(body["mode"]) {
            case "raw":
                let raw = Self.dynamic(Self.string(body["raw"]) ?? "")
                let language = Self.string(Self.object(Self.object(body["options"])?["raw"])?["language"]) ?? "text"
                let types = ["json": "application/json", "xml": "application/xml", "html": "text/html", "javascript": "application/javascript", "text": "text/plain"]
                if language == "json" || headers.contains(where: { $0.name.lowercased() == "content-type" && ($0.value ?? "").contains("json") }),
                   let parsed = JSONBodyText.value(raw) {
                    imported.body = .json(parsed)
                } else if !raw.isEmpty {
                    imported.body = .text(raw)
                    if !hasHeader("Content-Type") { headers.append(("Content-Type", types[language] ?? "text/plain")) }
                }
            case "urlencoded":
                imported.body = .form(Self.array(body["urlencoded"]).compactMap { field in
                    guard case let .object(entry) = field, entry["disabled"] != .bool(true), let key = Self.string(entry["key"]) else { return nil }
                    return (Self.dynamic(key), Self.dynamic(Self.string(entry["value"]) ?? ""))
                })
                headers.removeAll { $0.name.lowercased() == "content-type" }
            case "formdata":
                var parts: [ImportedHTTPRequest.FormPart] = []
                for case let .object(entry) in Self.array(body["formdata"]) where entry["disabled"] != .bool(true) {
                    guard let key = Self.string(entry["key"]) else { continue }
                    if Self.string(entry["type"]) == "file" {
                        let source = Self.string(entry["src"]) ?? Self.array(entry["src"]).compactMap { Self.string($0) }.first ?? ""
                        if let file = existing(source) {
                            parts.append(ImportedHTTPRequest.FormPart(name: Self.dynamic(key), file: file, contentType: Self.string(entry["contentType"]).map(Self.dynamic)))
                        } else {
                            warnings.append("'\(name)': the file '\(source)' of part '\(key)' is not there; the part is sent empty")
                            parts.append(ImportedHTTPRequest.FormPart(name: Self.dynamic(key), value: ""))
                        }
                    } else {
                        parts.append(ImportedHTTPRequest.FormPart(
                            name: Self.dynamic(key), value: Self.dynamic(Self.string(entry["value"]) ?? ""),
                            contentType: Self.string(entry["contentType"]).map(Self.dynamic)))
                    }
                }
                imported.body = .multipart(parts)
                headers.removeAll { $0.name.lowercased() == "content-type" }
            case "graphql":
                let graphql = Self.object(body["graphql"]) ?? [:]
                var members: Object = ["query": .string(Self.dynamic(Self.string(graphql["query"]) ?? ""))]
                if let variables = Self.string(graphql["variables"]).map(Self.dynamic), !variables.trimmingTrailingSpace().isEmpty {
                    members["variables"] = JSONBodyText.value(variables) ?? .string(variables)
                }
                imported.body = .json(.object(members))
            case "file":
                let source = Self.string(Self.object(body["file"])?["src"]) ?? ""
                if let file = existing(source) {
                    imported.body = .file(file)
                } else {
                    warnings.append("'\(name)': the body file '\(source)' is not there; no body is sent")
                }
            default:
                break
            }
        }
        if let auth { apply(auth, to: &imported, headers: &headers, name: name) }
        // Postman's auth takes the place of an Authorization header the request also sets (its
        // runtime removes the header before it signs): what it sends is the auth's.
        if imported.auth != nil, let given = headers.first(where: { $0.name.lowercased() == "authorization" }) {
            headers.removeAll { $0.name.lowercased() == "authorization" }
            warnings.append("'\(name)': its Authorization header is left out: Postman sends its auth in its place")
            imported.comments.append("Postman sent the auth below in place of this request's own \(given.name) header, which is left out")
        }
        imported.headers = headers
        return imported
    }

    private mutating func apply(_ auth: Object, to request: inout ImportedHTTPRequest, headers: inout [(name: String, value: String?)], name: String) {
        let type = Self.string(auth["type"]) ?? "noauth"
        // v2.1 lists `{key, value}`; v2.0 has an object.
        var fields: [String: String] = [:]
        switch auth[type] {
        case let .array(items)?:
            for case let .object(item) in items {
                if let key = Self.string(item["key"]) { fields[key] = Self.string(item["value"]) ?? Self.scalarText(item["value"]) }
            }
        case let .object(members)?:
            for (key, value) in members { fields[key] = Self.string(value) ?? Self.scalarText(value) }
        default:
            break
        }
        let user = Self.dynamic(fields["username"] ?? ""), password = Self.dynamic(fields["password"] ?? "")
        switch type {
        case "noauth": break
        case "basic": request.auth = .basic(user: user, password: password)
        case "digest": request.auth = .digest(user: user, password: password)
        case "bearer": request.auth = .bearer(Self.dynamic(fields["token"] ?? ""))
        case "apikey":
            let key = fields["key"] ?? "X-API-Key", value = Self.dynamic(fields["value"] ?? "")
            if fields["in"] == "query" {
                request.url += (request.url.contains("?") ? "&" : "?") + URLBuilder.encode(key) + "=" + value
            } else if HeaderName.isValid(key) {
                headers.append((key, value))
            }
        case "awsv4":
            request.auth = .awsSigV4(
                region: fields["region"] ?? "us-east-1", service: fields["service"] ?? "execute-api",
                accessKey: Self.dynamic(fields["accessKey"] ?? ""), secretKey: Self.dynamic(fields["secretKey"] ?? ""))
            if fields["sessionToken"].map({ !$0.isEmpty }) == true { warnings.append("'\(name)': the AWS session token is left out") }
        case "oauth2":
            if let token = fields["accessToken"], !token.isEmpty {
                request.auth = .bearer(Self.dynamic(token))
            } else if let tokenURL = fields["accessTokenUrl"], let clientID = fields["clientId"] {
                let hasPassword = fields["username"] != nil && fields["password"] != nil
                let grant = fields["grant_type"] == "password_credentials" && hasPassword ? "password" : "client_credentials"
                request.auth = .oauth2(
                    tokenURL: Self.dynamic(tokenURL), clientID: Self.dynamic(clientID), clientSecret: fields["clientSecret"].map(Self.dynamic),
                    scope: fields["scope"].map(Self.dynamic), grant: grant, username: fields["username"].map(Self.dynamic),
                    password: fields["password"].map(Self.dynamic))
                if let other = fields["grant_type"], !["client_credentials", "password_credentials"].contains(other) {
                    warnings.append("'\(name)': OAuth 2.0 grant '\(other)' needs a browser; client_credentials is used")
                }
            } else {
                warnings.append("'\(name)': its OAuth 2.0 auth has neither a token nor a token URL and client id: left out")
            }
        default:
            warnings.append("'\(name)': auth '\(type)' has no equivalent in rest-run: left out")
        }
    }

    private mutating func addVariables(_ value: DecodedValue?, from place: String) {
        for case let .object(variable) in Self.array(value) where variable["disabled"] != .bool(true) {
            guard let key = Self.string(variable["key"] ?? variable["id"]), !key.isEmpty else { continue }
            guard TemplateParser.isVariableName(key) else {
                warnings.append("variable '\(key)' of \(place) is not a name rest-run can use (letters, digits, '_', '-', '.'): left out")
                continue
            }
            let text = Self.string(variable["value"]) ?? Self.scalarText(variable["value"]) ?? ""
            if let index = variables.firstIndex(where: { $0.0 == key }) {
                if variables[index].1 != text { warnings.append("variable '\(key)' of \(place) differs from an earlier one; the first is kept") }
                continue
            }
            variables.append((key, Self.dynamic(text)))
        }
    }

    /// A form-data or body file, as the request file reaches it; nil when it is not there.
    private func existing(_ source: String) -> String? {
        guard !source.isEmpty else { return nil }
        let full = source.hasPrefix("/") ? source : workingDirectory + "/" + source
        return FileSystem.exists(full) ? FileSystem.relativePath(of: full, from: outputDirectory) : nil
    }

    /// Every text of `request` that the written file reads as a template: names, values, bodies
    /// (keys too), credentials and options, so that each variable they use is declared.
    private func requestText(_ request: ImportedHTTPRequest) -> String {
        // The name is written without references (`RequestFileWriter`).
        var texts = [request.url]
        for (name, value) in request.headers { texts += [name, value ?? ""] }
        switch request.body {
        case let .text(body)?: texts.append(body)
        case let .json(value)?: Self.strings(in: value, into: &texts)
        case let .form(fields)?: for (name, value) in fields { texts += [name, value] }
        case let .multipart(parts)?:
            for part in parts { texts += [part.name, part.value ?? "", part.file ?? "", part.contentType ?? "", part.filename ?? ""] }
        case let .file(path)?: texts.append(path)
        case .base64?, nil: break
        }
        switch request.auth {
        case let .basic(user, password)?, let .digest(user, password)?: texts += [user, password]
        case let .bearer(token)?: texts.append(token)
        case let .awsSigV4(region, service, accessKey, secretKey)?: texts += [region, service, accessKey, secretKey]
        case let .oauth2(tokenURL, clientID, clientSecret, scope, grant, username, password)?:
            texts += [tokenURL, clientID, clientSecret ?? "", scope ?? "", grant, username ?? "", password ?? ""]
        case nil: break
        }
        for (name, value) in request.options { texts += [name, value] }
        for (name, path) in request.captures { texts += [name, path] }
        return texts.joined(separator: "\n")
    }

    /// Every key and string of `value`, as it is (a JSON or YAML text of it would escape some).
    static func strings(in value: DecodedValue, into texts: inout [String]) {
        switch value {
        case let .string(text): texts.append(text)
        case let .array(items): for item in items { strings(in: item, into: &texts) }
        case let .object(members):
            for (key, member) in members {
                texts.append(key)
                strings(in: member, into: &texts)
            }
        default: break
        }
    }

    /// `variables` with each one after those its value uses (a variable is read where it is
    /// declared), otherwise in their order; a cycle keeps its order.
    static func inDependencyOrder(_ variables: [(String, String)]) -> [(String, String)] {
        var remaining = variables
        var ordered: [(String, String)] = []
        while !remaining.isEmpty {
            let waiting = Set(remaining.map(\.0))
            func uses(_ value: String) -> [String] {
                var used = OrderedSet<String>()
                names(in: value, into: &used)
                return used.filter(waiting.contains)
            }
            if let ready = remaining.firstIndex(where: { uses($0.1).isEmpty }) {
                ordered.append(remaining.remove(at: ready))
                continue
            }
            // A cycle (`x: "{{x}}/a"`): Postman sends what it cannot resolve as written, so the
            // first one's references are made plain text.
            let (name, value) = remaining.removeFirst()
            ordered.append((name, value.replacingLiterally("{{", with: "{ {")))
        }
        return ordered
    }

    /// Postman's dynamic variables rest-run has: `{{$guid}}` → `{{$uuid}}`, `{{$randomInt}}` →
    /// `{{$random_int}}`; any other `{{`/`${` rest-run cannot read is broken up (`{ {`, `$ {`),
    /// as Postman would have sent it unreplaced.
    static func dynamic(_ text: String) -> String {
        var text = text
        if text.contains("{{$") {
            text = text.replacingLiterally("{{$guid}}", with: "{{$uuid}}").replacingLiterally("{{$randomUUID}}", with: "{{$uuid}}")
                .replacingLiterally("{{$randomInt}}", with: "{{$random_int}}")
        }
        return TemplateSafety.sanitized(text) { $0 == "{{" ? "{ {" : "$ {" }
    }

    /// The `{{name}}` names in `text`.
    static func names(in text: String, into names: inout OrderedSet<String>) {
        var rest = text[...]
        while let open = rest.literalRange(of: "{{") {
            guard let close = rest[open.upperBound...].literalRange(of: "}}") else { return }
            let name = rest[open.upperBound..<close.lowerBound].trimmingTrailingSpace()
            if !name.isEmpty, !name.contains("{") { names.append(String(name)) }
            rest = rest[close.upperBound...]
        }
    }

    /// `baseUrl` → `BASEURL`: the environment variable a Postman variable defaults to.
    static func environmentName(_ name: String) -> String {
        let upper = String(name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return upper.first?.isNumber == false ? upper : "_" + upper
    }

    /// A URL as a string or as Postman's object (`raw`, else its parts), its `:name` path segments
    /// replaced by the values of the object's `variable` list, as Postman sends them.
    static func url(_ value: DecodedValue?) -> String {
        switch value {
        case let .string(text)?: return text
        case let .object(members)?:
            var values: [String: String] = [:]
            for case let .object(variable) in array(members["variable"]) where variable["disabled"] != .bool(true) {
                guard let key = string(variable["key"]) ?? string(variable["id"]), let text = string(variable["value"]) ?? scalarText(variable["value"]),
                      !text.isEmpty else { continue }
                values[key] = text
            }
            return pathVariablesReplaced(in: partsURL(members), values)
        default:
            return ""
        }
    }

    /// `url` with each path segment `:name` that `values` has replaced by its value.
    static func pathVariablesReplaced(in url: String, _ values: [String: String]) -> String {
        guard !values.isEmpty else { return url }
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let start = url.literalRange(of: "://").map { url[$0.upperBound...].firstIndex(of: "/") ?? end } ?? url.startIndex
        guard start < end else { return url }
        let segments = url[start..<end].split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix(":"), let value = values[String(segment.dropFirst())] else { return String(segment) }
            return value
        }
        return String(url[..<start]) + segments.joined(separator: "/") + String(url[end...])
    }

    /// The URL an object's `raw` gives, else the one its parts make.
    private static func partsURL(_ members: Object) -> String {
        if let raw = string(members["raw"]) { return raw }
        let scheme = string(members["protocol"]).map { $0 + "://" } ?? ""
        let host = array(members["host"]).compactMap { string($0) }.joined(separator: ".")
        let path = array(members["path"]).compactMap { string($0) }.joined(separator: "/")
        let query = array(members["query"]).compactMap { item -> String? in
            guard case let .object(entry) = item, entry["disabled"] != .bool(true), let key = string(entry["key"]) else { return nil }
            return key + "=" + (string(entry["value"]) ?? "")
        }.joined(separator: "&")
        return scheme + host + (path.isEmpty ? "" : "/" + path) + (query.isEmpty ? "" : "?" + query)
    }

    private static func object(_ value: DecodedValue?) -> Object? {
        if case let .object(members)? = value { members } else { nil }
    }

    private static func array(_ value: DecodedValue?) -> [DecodedValue] {
        if case let .array(items)? = value { items } else { [] }
    }

    private static func string(_ value: DecodedValue?) -> String? {
        if case let .string(text)? = value { text } else { nil }
    }

    private static func scalarText(_ value: DecodedValue?) -> String? {
        switch value {
        case let .integer(number)?: String(number)
        case let .number(number)?: String(number)
        case let .bool(flag)?: flag ? "true" : "false"
        default: nil
        }
    }
}

private extension StringProtocol {
    func trimmingTrailingSpace() -> String {
        String(drop { $0 == " " || $0 == "\n" || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" }.reversed())
    }
}
