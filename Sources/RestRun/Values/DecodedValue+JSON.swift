import OrderedCollections
import RestRunHelperProtocol
extension DecodedValue {
    /// Compact JSON text (`{"a":1}`).
    public var jsonText: String {
        var output = ""
        write(to: &output, indent: nil, level: 0)
        return output
    }

    /// Compact JSON text, stopping soon after `limit` bytes: enough to show a value cut short
    /// (`truncatedForDisplay`) without writing out a whole large body first.
    package func jsonText(limit: Int) -> String {
        var output = ""
        write(to: &output, indent: nil, level: 0, limit: limit)
        return output
    }

    /// Indented JSON text, two spaces per level.
    public var prettyJSONText: String {
        var output = ""
        write(to: &output, indent: "  ", level: 0)
        return output
    }

    /// The value as UTF-8 JSON bytes, for request bodies.
    public var jsonBytes: [UInt8] { Array(jsonText.utf8) }

    private func write(to output: inout String, indent: String?, level: Int, limit: Int = .max) {
        if limit != .max, output.utf8.count > limit { return }
        switch self {
        case .null: output += "null"
        case let .bool(value): output += value ? "true" : "false"
        case let .integer(value): output += String(value)
        case let .number(value):
            if value.isFinite {
                output += value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
            } else {
                output += "null"
            }
        case let .string(value): Self.writeString(value, to: &output)
        case let .array(items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent: indent, level: level + 1)
                item.write(to: &output, indent: indent, level: level + 1, limit: limit)
                if limit != .max, output.utf8.count > limit { return }
            }
            newline(&output, indent: indent, level: level)
            output += "]"
        case let .object(members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent: indent, level: level + 1)
                Self.writeString(member.key, to: &output)
                output += indent == nil ? ":" : ": "
                member.value.write(to: &output, indent: indent, level: level + 1, limit: limit)
                if limit != .max, output.utf8.count > limit { return }
            }
            newline(&output, indent: indent, level: level)
            output += "}"
        }
    }

    private func newline(_ output: inout String, indent: String?, level: Int) {
        guard let indent else { return }
        output += "\n" + String(repeating: indent, count: level)
    }

    /// One escaper for all the JSON rest-run writes: the helpers' lines and bodies alike.
    private static func writeString(_ value: String, to output: inout String) {
        JSONValue.writeString(value, to: &output)
    }
}

extension String {
    /// The string cut to `limit` characters with an ellipsis, for messages that must stay short.
    package func truncatedForDisplay(_ limit: Int = 200) -> String {
        count > limit ? String(prefix(limit)) + "…" : self
    }
}
