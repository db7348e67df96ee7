/// Content types guessed from file extensions, for `file:` bodies and multipart file parts.
package enum MediaType {
    private static let byExtension: [String: String] = [
        "json": "application/json", "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
        "xml": "application/xml", "csv": "text/csv", "yaml": "application/yaml", "yml": "application/yaml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "svg": "image/svg+xml",
        "webp": "image/webp", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "bin": "application/octet-stream", "pb": "application/x-protobuf",
    ]

    /// A Content-Type without its parameters, lower-cased: `text/event-stream; charset=utf-8` is
    /// `text/event-stream`.
    package static func essence(_ contentType: String) -> String {
        contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: " ").lowercased() } ?? ""
    }

    /// The `boundary` parameter of a Content-Type (unquoted), or nil when it has none.
    package static func boundaryParameter(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: " ").lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: " ")
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The content type for a file's extension; `application/octet-stream` when unknown.
    public static func forFile(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
