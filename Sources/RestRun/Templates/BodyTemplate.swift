/// A request body as written in a file, resolved into bytes just before the request is sent.
package enum BodyTemplate: Sendable {
    /// `json:` any YAML value; a scalar that is only `{{name}}` keeps the variable's type.
    case json(ValueTemplate)
    /// `text:` a string.
    case text(Template)
    /// `form:` a mapping sent as `application/x-www-form-urlencoded`.
    case form([QueryItemTemplate])
    /// `multipart:` text and file parts sent as `multipart/form-data`.
    case multipart([MultipartPart])
    /// `file:` a file's bytes, read when the request is sent (path already relative to the request file).
    case file(path: String, location: SourceLocation?)
    /// `base64:` bytes given as Base64 text, decoded when the file loaded.
    case base64([UInt8])

    /// The body with its templates resolved and its files read.
    package func resolve(in scope: Scope) throws(Diagnostic) -> RequestBody {
        switch self {
        case let .json(value):
            return .json(try value.resolve(in: scope))
        case let .text(template):
            return .text(try template.render(in: scope))
        case let .form(items):
            var pairs: [String] = []
            for item in items {
                pairs.append(FormEncoding.encode(item.name) + "=" + FormEncoding.encode(try item.value.render(in: scope)))
            }
            return RequestBody(bytes: Array(pairs.joined(separator: "&").utf8), contentType: "application/x-www-form-urlencoded")
        case let .multipart(parts):
            return try MultipartEncoder.encode(parts, in: scope)
        case let .file(path, location):
            do {
                return RequestBody(bytes: try FileSystem.readBytes(path, limit: FileSystem.bodySizeLimit), contentType: MediaType.forFile(path))
            } catch {
                throw Diagnostic(error.message, at: location)
            }
        case let .base64(bytes):
            return RequestBody(bytes: bytes, contentType: "application/octet-stream")
        }
    }

    /// Calls `visit` with every template inside.
    package func forEachTemplate(_ visit: (Template) -> Void) {
        switch self {
        case let .json(value): value.forEachTemplate(visit)
        case let .text(template): visit(template)
        case let .form(items): for item in items { visit(item.value) }
        case let .multipart(parts): for part in parts { if let value = part.value { visit(value) } }
        case .file, .base64: break
        }
    }
}
