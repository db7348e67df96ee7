import RestRun

/// Writes imported requests as a request file: every string double-quoted and escaped (so any
/// text reads back as it was), one request after another with its comments above it.
package enum RequestFileWriter {
    /// The file's text: `comments` at the top, then `base_url:`, `openapi:`, `variables:` (each
    /// with its default) when given, `headers:` and `auth:` shared by every request, and `requests:`.
    package static func text(
        _ requests: [ImportedHTTPRequest], comments: [String] = [], variables: [(String, String)] = [], baseURL: String? = nil,
        headers: [(String, String)] = [], auth: ImportedHTTPRequest.Auth? = nil, openAPI: String? = nil
    ) -> String {
        var lines = comments.map { "# " + commentText($0) }
        if let baseURL { lines.append("base_url: \(YAMLText.quoted(baseURL))") }
        if let openAPI { lines.append("openapi: \(YAMLText.quoted(openAPI))") }
        if !variables.isEmpty {
            lines.append("variables:")
            for (name, value) in variables { lines.append(YAMLText.blockEntry(name, YAMLText.quoted(value), indent: "  ")) }
        }
        if !headers.isEmpty {
            lines.append("headers:")
            for (name, value) in headers { lines.append(YAMLText.blockEntry(name, YAMLText.quoted(value), indent: "  ")) }
        }
        if let auth { lines.append("auth: " + authText(auth)) }
        lines.append("requests:")
        for request in requests {
            for comment in request.comments {
                for line in comment.split(separator: "\n", omittingEmptySubsequences: false) { lines.append("  # " + commentText(String(line))) }
            }
            // A name is a template too; one shown as the source wrote it keeps no reference.
            lines.append("  - name: \(YAMLText.quoted(CurlImporter.plain(request.name, keeping: .nothing)))")
            lines.append("    method: \(methodText(request.method))")
            lines.append("    url: \(YAMLText.quoted(request.url))")
            if !request.tags.isEmpty {
                // A tag is read for `${NAME}` as any text is (a folder named `Notes ${x}`).
                lines.append("    tags: [" + request.tags.map { YAMLText.quoted(CurlImporter.plain($0, keeping: .nothing)) }.joined(separator: ", ") + "]")
            }
            if !request.headers.isEmpty {
                lines.append("    headers:")
                for (name, value) in mergedHeaders(request.headers) {
                    lines.append(YAMLText.blockEntry(name, value.map { YAMLText.quoted($0) } ?? "null", indent: "      "))
                }
            }
            if let auth = request.auth { lines.append("    auth: " + authText(auth)) }
            switch request.body {
            case let .text(text)?: lines.append("    text: \(YAMLText.quoted(text))")
            case let .json(value)?: lines.append("    json: \(YAMLText.flow(value))")
            case let .form(fields)? where !fields.isEmpty:
                lines.append("    form:")
                // A name given twice is a list of one-key mappings: a mapping cannot repeat a key.
                let repeats = Set(fields.map(\.0)).count < fields.count
                for (name, value) in fields {
                    guard repeats else {
                        lines.append(YAMLText.blockEntry(name, YAMLText.quoted(value), indent: "      "))
                        continue
                    }
                    let entry = YAMLText.blockEntry(name, YAMLText.quoted(value), indent: "        ")
                    lines.append("      - " + entry.dropFirst(8))
                }
            case let .multipart(parts)? where !parts.isEmpty:
                lines.append("    multipart:")
                for part in parts {
                    var entries = ["name: \(YAMLText.quoted(part.name))"]
                    if let value = part.value { entries.append("value: \(YAMLText.quoted(value))") }
                    if let file = part.file { entries.append("file: \(YAMLText.quoted(file))") }
                    if let contentType = part.contentType { entries.append("content_type: \(YAMLText.quoted(contentType))") }
                    if let filename = part.filename { entries.append("filename: \(YAMLText.quoted(filename))") }
                    lines.append("      - { " + entries.joined(separator: ", ") + " }")
                }
            case let .file(path)?: lines.append("    file: \(YAMLText.quoted(path))")
            case let .base64(bytes)?: lines.append("    base64: \(YAMLText.quoted(Base64.encode(bytes)))")
            // An empty form or multipart body sends nothing.
            case .form?, .multipart?, nil: break
            }
            if !request.captures.isEmpty {
                lines.append("    capture:")
                for (name, path) in request.captures { lines.append(YAMLText.blockEntry(name, YAMLText.quoted(path), indent: "      ")) }
            }
            if !request.options.isEmpty {
                lines.append("    options:")
                for (name, value) in request.options { lines.append("      \(name): \(value)") }
            }
            // Without an expectation a request passes on any answer, as the source's did.
            lines.append("    expect:")
            lines.append("      status: " + (request.expectedStatus ?? "{ \">=\": 100 }"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The usual methods as they are; any other token quoted, since YAML reads some (`-`, `NULL`,
    /// `123`) as something other than text.
    static func methodText(_ method: String) -> String {
        ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"].contains(method) ? method : YAMLText.quoted(method)
    }

    /// Headers with each name once: a repeated one's values joined with `, ` (what a list-valued
    /// header means either way), a removal kept only when nothing sets the header.
    static func mergedHeaders(_ headers: [(name: String, value: String?)]) -> [(name: String, value: String?)] {
        var merged: [(name: String, value: String?)] = []
        for (name, value) in headers {
            guard let index = merged.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
                merged.append((name, value))
                continue
            }
            switch (merged[index].value, value) {
            case let (first?, second?): merged[index].value = first + ", " + second
            case (nil, let second?): merged[index].value = second
            default: break
            }
        }
        return merged
    }

    /// A comment's text on one line, its control characters (which YAML refuses) shown as `?`.
    static func commentText(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar in
            scalar == "\t" || (scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80..<0xA0).contains(scalar.value))
                && scalar != "\u{2028}" && scalar != "\u{2029}" && scalar != "\u{FEFF}" ? Character(scalar) : "?"
        })
    }

    private static func authText(_ auth: ImportedHTTPRequest.Auth) -> String {
        switch auth {
        case let .basic(user, password): "{ basic: [\(YAMLText.quoted(user)), \(YAMLText.quoted(password))] }"
        case let .bearer(token): "{ bearer: \(YAMLText.quoted(token)) }"
        case let .digest(user, password): "{ digest: [\(YAMLText.quoted(user)), \(YAMLText.quoted(password))] }"
        case let .oauth2(tokenURL, clientID, clientSecret, scope, grant, username, password):
            "{ oauth2: { " + [
                ("token_url", tokenURL), ("client_id", clientID), ("client_secret", clientSecret), ("scope", scope), ("grant", grant),
                ("username", username), ("password", password),
            ].compactMap { key, value in value.map { "\(key): \(YAMLText.quoted($0))" } }.joined(separator: ", ") + " } }"
        case let .awsSigV4(region, service, accessKey, secretKey):
            "{ aws_sigv4: { region: \(YAMLText.quoted(region)), service: \(YAMLText.quoted(service)), access_key: \(YAMLText.quoted(accessKey)), secret_key: \(YAMLText.quoted(secretKey)) } }"
        }
    }
}
