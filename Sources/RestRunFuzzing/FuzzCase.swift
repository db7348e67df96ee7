import OrderedCollections
package import RestRun

/// One request the fuzzer sends: values for an operation's parameters and body, and, for a
/// negative case, the one thing made invalid.
package struct FuzzCase: Sendable, Equatable {
    /// The operation, by its place in the spec.
    package var operation: Int
    package var parameters: [RequestParameter]
    package var body: ExampleBody?
    /// What was made invalid (nil for a case the schemas allow).
    package var negation: String?
    /// The part made invalid: `query limit`, `body`, ... (a shrinker leaves it as it is).
    package var negatedPart: String?
    /// A method the spec does not declare on the operation's path, sent in its place.
    package var method: String?

    /// Whether the schemas allow the case.
    package var isPositive: Bool { negation == nil }

    /// The required header the case leaves out, when that is what it breaks.
    package var leftOutHeader: String? {
        guard let negatedPart, negatedPart.hasPrefix("header "), negation?.hasPrefix("without the required") == true else { return nil }
        return String(negatedPart.dropFirst("header ".count))
    }

    /// The path and query the case sends to, relative to the base URL; a parameter named in
    /// `literal` (a path parameter by its name, a query one as `query name`) is written as that
    /// text as it is (a `{{capture}}` in a saved file).
    package func target(_ operation: OpenAPIOperation, literal: [String: String] = [:]) -> String {
        // A `${` written in the spec's path would read as an environment variable in the saved
        // finding's URL: percent-encoded, it names the same path.
        var path = operation.path.replacingLiterally("${", with: "%24{")
        for parameter in parameters where parameter.location == "path" {
            path = path.replacingLiterally(
                "{\(parameter.name)}", with: literal[parameter.name] ?? Self.escape(ExampleValue.text(parameter.value)))
        }
        var query: [String] = []
        for parameter in parameters where parameter.location == "query" {
            // Arrays are exploded, as `form` style is by default: `id=1&id=2`.
            let values = if case let .array(items) = parameter.value { items } else { [parameter.value] }
            if let template = literal["query \(parameter.name)"] {
                query.append(Self.escape(parameter.name) + "=" + template)
                continue
            }
            for value in values { query.append(Self.escape(parameter.name) + "=" + Self.escape(ExampleValue.text(value))) }
        }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    /// The case as a request to `baseURL` (`http://host/v1`) for `operation`.
    package func request(to baseURL: String, operation: OpenAPIOperation) -> PreparedRequest {
        let url = (baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL) + target(operation)
        var headers = Headers()
        for parameter in parameters where parameter.location == "header" { headers.add(parameter.name, ExampleValue.text(parameter.value)) }
        let cookies = parameters.filter { $0.location == "cookie" }.map { "\($0.name)=\(Self.escape(ExampleValue.text($0.value)))" }
        if !cookies.isEmpty { headers.add("Cookie", cookies.joined(separator: "; ")) }
        var body: RequestBody?
        switch self.body {
        case let .json(value, mediaType)?:
            body = RequestBody(bytes: value.jsonBytes, contentType: mediaType)
        case let .form(fields, mediaType)?:
            let text = fields.map { "\(FormEncoding.encode($0.name))=\(FormEncoding.encode(ExampleValue.text($0.value)))" }.joined(separator: "&")
            body = RequestBody(bytes: Array(text.utf8), contentType: mediaType)
        case let .raw(bytes, mediaType)?:
            body = RequestBody(bytes: bytes, contentType: mediaType)
        case let .multipart(fields)?:
            var bytes: [UInt8] = []
            for field in fields {
                let values = if case let .array(items) = field.value { items } else { [field.value] }
                for value in values {
                    bytes += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(field.name)\"\r\n\r\n".utf8)
                    bytes += Array(ExampleValue.text(value).utf8) + [0x0D, 0x0A]
                }
            }
            bytes += Array("--\(Self.boundary)--\r\n".utf8)
            body = RequestBody(bytes: bytes, contentType: "multipart/form-data; boundary=\(Self.boundary)")
        case nil:
            break
        }
        let method = HTTPMethod(rawValue: self.method ?? operation.method) ?? .get
        return PreparedRequest(name: operation.name, method: method, url: url, headers: headers, body: body)
    }

    /// The boundary of a multipart body the fuzzer sends (no generated text holds it: texts are short).
    static let boundary = "rest-run-fuzz-7d3b9a"

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    static func escape(_ text: String) -> String { URLBuilder.encode(text) }
}

extension FuzzCase {
    /// Whether the case can be written to a request file as it is: no text holds `{{` or `${`,
    /// which a request file reads as templates.
    var isWritable: Bool {
        func plain(_ value: DecodedValue) -> Bool {
            switch value {
            case let .string(text): !text.contains("{{") && !text.contains("${")
            case let .array(items): items.allSatisfy(plain)
            case let .object(members): members.allSatisfy { plain(.string($0.key)) && plain($0.value) }
            default: true
            }
        }
        guard parameters.allSatisfy({ plain($0.value) && plain(.string($0.name)) }) else { return false }
        // The media type too: it is written as the Content-Type header's value.
        switch body {
        case let .json(value, mediaType)?: return plain(value) && plain(.string(mediaType))
        case let .form(fields, mediaType)?:
            return plain(.string(mediaType)) && fields.allSatisfy {
                plain($0.value) && plain(.string($0.name)) && !ExampleValue.text($0.value).contains(FuzzCase.boundary)
            }
        case let .multipart(fields)?:
            return fields.allSatisfy { plain($0.value) && plain(.string($0.name)) && !ExampleValue.text($0.value).contains(FuzzCase.boundary) }
        case let .raw(bytes, mediaType)?: return plain(.string(String(decoding: bytes, as: UTF8.self))) && plain(.string(mediaType))
        case nil: return true
        }
    }
}

extension FuzzCase {
    /// The value the case sends at `key` (`path`'s keys are parameter names; others are
    /// `query name`, `header name` or `body name`, a top-level JSON property or form field).
    func value(at key: String) -> DecodedValue? {
        let (location, name) = Self.split(key)
        guard location == "body" else { return parameters.first { $0.location == location && $0.name == name }?.value }
        switch body {
        case let .json(.object(members), _)?: return members[name]
        case let .form(fields, _)?, let .multipart(fields)?: return fields.first { $0.name == name }?.value
        default: return nil
        }
    }

    /// The case with `value` at `key`; nil when its body has no such field to set.
    func setting(_ value: DecodedValue, at key: String) -> FuzzCase? {
        let (location, name) = Self.split(key)
        var changed = self
        guard location == "body" else {
            if let place = parameters.firstIndex(where: { $0.location == location && $0.name == name }) {
                changed.parameters[place].value = value
            } else {
                changed.parameters.append(RequestParameter(location: location, name: name, value: value))
            }
            return changed
        }
        switch body {
        case .json(.object(var members), let mediaType)?:
            members[name] = value
            changed.body = .json(.object(members), mediaType: mediaType)
        case .form(var fields, let mediaType)?:
            guard let place = fields.firstIndex(where: { $0.name == name }) else { return nil }
            fields[place].value = value
            changed.body = .form(fields, mediaType: mediaType)
        case var .multipart(fields)?:
            guard let place = fields.firstIndex(where: { $0.name == name }) else { return nil }
            fields[place].value = value
            changed.body = .multipart(fields)
        default:
            return nil
        }
        return changed
    }

    /// `query limit` → (`query`, `limit`); a bare name is a path parameter's.
    static func split(_ key: String) -> (location: String, name: String) {
        for location in ["query", "header", "cookie", "body"] where key.hasPrefix(location + " ") {
            return (location, String(key.dropFirst(location.count + 1)))
        }
        return ("path", key)
    }
}
