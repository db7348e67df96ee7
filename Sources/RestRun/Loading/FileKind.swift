/// What a YAML file found in a directory (or by `--glob`) holds, told from its top-level keys
/// without loading it: only request files run; flows run where a file uses them.
package enum FileKind: Sendable, Equatable {
    /// A request file (anything not recognised below, so a typo in one is still reported).
    case requests
    /// A flow: it declares `exports:` or `parameters:`.
    case flow
    /// An OpenAPI or Swagger document: a top-level `openapi:` or `swagger:` with a version.
    case openAPI
    /// A mock routes file: a top-level `routes:` and no `requests:`.
    case mockRoutes
    /// A data file for `for_each:`: its top level is a list.
    case data
    /// Settings for `include:`: no `requests:`, and only keys an included file may have.
    case settings

    /// The kind of the file at `path`, from its first 256 KB; a file that cannot be read is a
    /// request file, so loading it reports why.
    package static func of(path: String) -> FileKind {
        guard let bytes = try? FileSystem.readBytes(path) else { return .requests }
        return of(bytes: bytes.prefix(256 * 1024))
    }

    /// The kind of a file with these bytes.
    package static func of(bytes: some Collection<UInt8>) -> FileKind {
        let text = String(decoding: bytes, as: UTF8.self)
        var keys: [Substring: Substring] = [:]
        var sawContent = false
        for line in text.split(whereSeparator: \.isNewline) {
            var rest = line.drop { $0 == "\u{FEFF}" }
            if rest.isEmpty || rest.first == "#" || rest.first == "%" || rest.hasPrefix("---") || rest.hasPrefix("...") { continue }
            if !sawContent {
                sawContent = true
                if rest.first == "[" || rest == "-" || rest.hasPrefix("- ") || rest.hasPrefix("-\t") { return .data }
                if rest.first == "{" { rest = rest.dropFirst().drop { $0 == " " } }
            }
            guard let first = rest.first, first != " ", first != "\t", first != "-" else { continue }
            guard let colon = rest.firstIndex(of: ":") else { continue }
            let key = rest[..<colon].trimmingQuotes()
            keys[key] = rest[rest.index(after: colon)...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
        }
        for name in ["openapi", "swagger"] where keys[Substring(name)]?.first?.isNumber == true { return .openAPI }
        if keys["exports"] != nil || keys["parameters"] != nil { return .flow }
        if keys["routes"] != nil, keys["requests"] == nil { return .mockRoutes }
        if !keys.isEmpty, keys["requests"] == nil, keys.keys.allSatisfy({ RequestFileLoader.settingsKeys.contains(String($0)) }) {
            return .settings
        }
        return .requests
    }
}

extension Substring {
    /// The text without one pair of surrounding quotes.
    fileprivate func trimmingQuotes() -> Substring {
        guard count >= 2, let first, first == "\"" || first == "'", last == first else { return self }
        return dropFirst().dropLast()
    }
}
