import OrderedCollections
import RestRunYAML

/// A request file's snapshots, `__snapshots__/<file name>.snap.yaml` beside it: one YAML mapping
/// from request name to `{status, headers, body}`, entries and members sorted, JSON bodies as
/// indented JSON (which YAML reads too), so that a file changes only where a response did and
/// reads well in a diff.
package enum SnapshotFile {
    /// The first line of every snapshot file.
    static let heading = "# rest-run snapshots: one entry per request, rewritten by --update-snapshots. Review changes like code.\n"

    /// Where the snapshots of the request file at `path` live.
    package static func path(for requestFile: String) -> String {
        guard let slash = requestFile.lastIndex(of: "/") else { return "__snapshots__/" + requestFile + ".snap.yaml" }
        return requestFile[...slash] + "__snapshots__/" + requestFile[requestFile.index(after: slash)...] + ".snap.yaml"
    }

    /// The text of a snapshot file holding `entries`.
    package static func text(of entries: [String: SnapshotEntry]) -> String {
        var text = heading
        for name in SnapshotDiff.sortedNames(entries.keys) {
            guard let entry = entries[name] else { continue }
            text += YAMLText.blockEntry(name, "", indent: "", keepsUnicode: true).dropLast() + "\n"
            text += "  status: \(entry.status)\n"
            if let headers = entry.headers {
                if headers.isEmpty {
                    text += "  headers: {}\n"
                } else {
                    text += "  headers:\n"
                    for header in SnapshotDiff.sortedNames(headers.keys) {
                        text += YAMLText.blockEntry(header, quoted(headers[header] ?? ""), indent: "    ", keepsUnicode: true) + "\n"
                    }
                }
            }
            text += "  body:" + body(entry.body) + "\n"
        }
        return text
    }

    /// A body after `body:`: a scalar on the same line, text with line breaks as a literal block,
    /// an object or array as indented JSON on the lines below.
    private static func body(_ value: DecodedValue) -> String {
        switch value {
        case let .string(text):
            return literalBlock(text) ?? " " + quoted(text)
        case let .object(members) where !members.isEmpty:
            return "\n    " + flow(value, indent: 4)
        case let .array(items) where !items.isEmpty:
            return "\n    " + flow(value, indent: 4)
        default:
            return " " + flow(value, indent: 4)
        }
    }

    /// Text with line breaks as a literal block (`|2-` and its lines), when YAML gives back every
    /// character of it that way; nil for text that must be quoted.
    private static func literalBlock(_ text: String) -> String? {
        guard text.contains("\n"), text.unicodeScalars.allSatisfy({ (" "..."~").contains($0) || $0 == "\n" || YAMLText.isPrintedAsIs($0) }) else {
            return nil
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The last element is what follows the last line break: empty when the text ends with one.
        let chomping: String
        if lines.last?.isEmpty == false {
            chomping = "-"
        } else if lines.count >= 2, lines[lines.count - 2].isEmpty {
            chomping = "+"
            lines.removeLast()
        } else {
            chomping = ""
            lines.removeLast()
        }
        var block = " |2" + chomping
        for line in lines { block += line.isEmpty ? "\n" : "\n    " + line }
        return block
    }

    private static func quoted(_ text: String) -> String { YAMLText.quoted(text, keepsUnicode: true) }

    /// `value` as indented JSON with sorted members, its lines after the first at `indent`.
    private static func flow(_ value: DecodedValue, indent: Int) -> String {
        let inner = String(repeating: " ", count: indent + 2)
        let closing = String(repeating: " ", count: indent)
        switch value {
        case let .string(text):
            return quoted(text)
        case let .array(items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + flow($0, indent: indent + 2) }.joined(separator: ",\n") + "\n" + closing + "]"
        case let .object(members):
            guard !members.isEmpty else { return "{}" }
            let lines = SnapshotDiff.sortedNames(members.keys).map { name in
                inner + YAMLText.flowKey(name, keepsUnicode: true) + ": " + flow(members[name] ?? .null, indent: indent + 2)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + closing + "}"
        default:
            return value.jsonText
        }
    }
}

extension SnapshotFile {
    /// The entries of the snapshot file at `path`; nil when there is none. A file that cannot be
    /// read or is not a snapshot file is one diagnostic, at its line.
    package static func read(_ path: String) throws(DiagnosticList) -> [String: SnapshotEntry]? {
        guard FileSystem.exists(path) else { return nil }
        let text = try YAMLDocument.readText(path).text
        return try entries(in: text, path: path)
    }

    /// The entries in a snapshot file's `text`; `path` names it in messages.
    package static func entries(in text: String, path: String) throws(DiagnosticList) -> [String: SnapshotEntry] {
        let document = try YAMLDocument.parse(text: text, path: path)
        func problem(_ message: String, at node: Node) -> DiagnosticList {
            DiagnosticList([Diagnostic(message, at: document.source.location(node.mark))])
        }
        if document.root.isNull { return [:] }
        guard let pairs = document.root.pairs else {
            throw problem("a snapshot file is a mapping from request names to snapshots, found \(document.root.kindDescription)", at: document.root)
        }
        var entries: [String: SnapshotEntry] = [:]
        for pair in pairs {
            guard let name = pair.key.scalarText else { throw problem("a snapshot's name must be a string", at: pair.key) }
            guard let fields = pair.value.pairs else {
                throw problem("the snapshot \"\(name)\" must be a mapping with status and body, found \(pair.value.kindDescription)", at: pair.value)
            }
            var status: Int?
            var headers: OrderedDictionary<String, String>?
            var body: DecodedValue?
            for field in fields {
                switch field.key.scalarText {
                case "status":
                    guard case let .integer(code)? = field.value.scalarValue else {
                        throw problem("the status of \"\(name)\" must be a whole number, found \(field.value.kindDescription)", at: field.value)
                    }
                    status = code
                case "headers":
                    var recorded = OrderedDictionary<String, String>()
                    if !field.value.isNull {
                        guard let headerPairs = field.value.pairs else {
                            throw problem("the headers of \"\(name)\" must be a mapping, found \(field.value.kindDescription)", at: field.value)
                        }
                        for header in headerPairs {
                            guard let headerName = header.key.scalarText, let value = header.value.scalarText, !header.value.isNull else {
                                throw problem("each header of \"\(name)\" must be a name and a string", at: header.key)
                            }
                            recorded[headerName] = value
                        }
                    }
                    headers = recorded
                case "body":
                    body = value(of: field.value)
                default:
                    throw problem("unknown key '\(field.key.description)' in the snapshot \"\(name)\" (it holds status, headers and body)", at: field.key)
                }
            }
            guard let status else { throw problem("the snapshot \"\(name)\" has no status", at: pair.key) }
            guard let body else { throw problem("the snapshot \"\(name)\" has no body", at: pair.key) }
            entries[name] = SnapshotEntry(status: status, headers: headers, body: body)
        }
        return entries
    }

    /// A body as written: a quoted or block scalar is a string; a plain one is read as JSON reads
    /// it (so `1.10` and `12345678901234567890` keep JSON's meaning), else as YAML does.
    private static func value(of node: Node) -> DecodedValue {
        switch node.content {
        case let .scalar(text, style):
            if style == .plain, let value = try? JSONParser.parse(text) { return value }
            return style == .plain ? DecodedValue(node: node) : .string(text)
        case let .sequence(items):
            return .array(items.map(value(of:)))
        case let .mapping(pairs):
            var members = OrderedDictionary<String, DecodedValue>()
            for pair in pairs { members[pair.key.scalarText ?? pair.key.description] = value(of: pair.value) }
            return .object(members)
        }
    }
}
