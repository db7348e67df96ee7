import OrderedCollections

/// The rows of a `for_each: {file: ...}` data file: a CSV file whose first row names the fields
/// (every value a string), or a JSON or YAML list.
enum DataFile {
    /// The rows of the file at `path` (relative to the working directory); `shownAs` names it in
    /// messages as the request file wrote it.
    static func rows(path: String, shownAs written: String) throws(DiagnosticList) -> [DecodedValue] {
        let (bytes, text) = try YAMLDocument.readText(path)
        let lowered = path.lowercased()
        if lowered.hasSuffix(".csv") {
            return try csvRows(text, written: written)
        }
        let value: DecodedValue
        if lowered.hasSuffix(".json") {
            do {
                value = try JSONParser.parse(bytes)
            } catch {
                throw DiagnosticList([Diagnostic("'\(written)' is not valid JSON: \(error)")])
            }
        } else if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") {
            value = DecodedValue(node: try YAMLDocument.parse(text: text, path: path).root)
        } else {
            throw DiagnosticList([Diagnostic("'\(written)' is not a data file rest-run reads: name a .csv, .json, .yaml or .yml file")])
        }
        guard case let .array(items) = value else {
            throw DiagnosticList([Diagnostic("'\(written)' must hold a list (of mappings, or of values), found \(value.phrase)")])
        }
        return items
    }

    private static func csvRows(_ text: String, written: String) throws(DiagnosticList) -> [DecodedValue] {
        let rows: [[String]]
        do {
            rows = try CSVTable.rows(text)
        } catch {
            throw DiagnosticList([Diagnostic("'\(written)' line \(error.line): \(error.message)")])
        }
        guard let header = rows.first else { return [] }
        var seen: Set<String> = []
        for name in header where !seen.insert(name).inserted || name.isEmpty {
            throw DiagnosticList([Diagnostic(
                "'\(written)' line 1 names the fields, and " + (name.isEmpty ? "one is empty" : "'\(name)' is there twice"))])
        }
        var result: [DecodedValue] = []
        for (offset, row) in rows.dropFirst().enumerated() {
            if row == [""] { continue }
            guard row.count == header.count else {
                throw DiagnosticList([Diagnostic(
                    "'\(written)' row \(offset + 2) has \(row.count) field\(row.count == 1 ? "" : "s"), but the header names \(header.count)")])
            }
            var object = OrderedDictionary<String, DecodedValue>()
            for (name, value) in zip(header, row) { object[name] = .string(value) }
            result.append(.object(object))
        }
        return result
    }
}
