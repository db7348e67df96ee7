import OrderedCollections

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

    /// The kind of the file at `path`, from the whole of it (a published spec may name its
    /// `openapi:` after megabytes of `info:`); a file that cannot be read is a request file, so
    /// loading it reports why.
    package static func of(path: String) -> FileKind {
        guard let bytes = try? FileSystem.readBytes(path) else { return .requests }
        return of(bytes: bytes)
    }

    /// The kind of a file with these bytes. YAML's top-level lines name its keys, so an ASCII line
    /// that starts with a space or a tab is skipped without being decoded; a line with other bytes
    /// is read as text, split at every Unicode line break. A file written in JSON (an object from
    /// its first byte) is read as JSON: its keys are not at the starts of lines.
    package static func of(bytes: some Collection<UInt8>) -> FileKind {
        if let keys = jsonKeys(bytes) { return of(topLevelKeys: keys) }
        let scan = bytes.withContiguousStorageIfAvailable(scanLines) ?? Array(bytes).withUnsafeBufferPointer(scanLines)
        return scan.kind ?? of(topLevelKeys: scan.keys)
    }

    /// The top-level keys of a JSON object (each with its value's text when it is a string or a
    /// number), or nil when the bytes are not one.
    private static func jsonKeys(_ bytes: some Collection<UInt8>) -> [Substring: Substring]? {
        let first = bytes.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.first
        guard first == UInt8(ascii: "{"), case let .object(members)? = try? JSONParser.parse(bytes) else { return nil }
        var keys: [Substring: Substring] = [:]
        for (key, value) in members {
            switch value {
            case let .string(text): keys[Substring(key)] = Substring(text)
            case .integer, .number: keys[Substring(key)] = Substring(value.interpolationText)
            default: keys[Substring(key)] = ""
            }
        }
        return keys
    }

    /// The kind of a file that is not a list, from its top-level keys and the start of their values.
    static func of(topLevelKeys keys: [Substring: Substring]) -> FileKind {
        for name in ["openapi", "swagger"] where keys[Substring(name)]?.first?.isNumber == true { return .openAPI }
        if keys["exports"] != nil || keys["parameters"] != nil { return .flow }
        if keys["routes"] != nil, keys["requests"] == nil { return .mockRoutes }
        if !keys.isEmpty, keys["requests"] == nil, keys.keys.allSatisfy({ RequestFileLoader.settingsKeys.contains(String($0)) }) {
            return .settings
        }
        return .requests
    }

    /// Reads the top-level lines of `bytes`, stopping early when one tells the kind.
    private static func scanLines(_ bytes: UnsafeBufferPointer<UInt8>) -> TopLevelKeys {
        var scan = TopLevelKeys()
        var start = 0
        while start < bytes.count {
            var end = start
            var isASCII = true
            // A line ends at a line feed, vertical tab, form feed or carriage return.
            while end < bytes.count, bytes[end] < 0x0A || bytes[end] > 0x0D {
                if bytes[end] >= 0x80 { isASCII = false }
                end += 1
            }
            if end > start {
                if isASCII, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
                    scan.sawContent = true
                } else {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    for line in text.split(whereSeparator: \.isNewline) where scan.kind == nil { scan.read(line) }
                    if scan.kind != nil { return scan }
                }
            }
            start = end + 1
        }
        return scan
    }
}
