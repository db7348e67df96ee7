package import OrderedCollections

/// A form body's fields as a server reads them: `application/x-www-form-urlencoded` pairs or
/// `multipart/form-data` parts, each field's text typed by the schema's property (a string where
/// it takes one, else the number, boolean or comma-separated list the text spells), so that the
/// schema a spec declares for a form checks it as it checks JSON.
package enum FormFields {
    /// The fields of `body`, sent as `contentType`, or nil when it is not a form (or not one that
    /// can be read: a multipart body without a boundary). A name given twice keeps its values
    /// joined by commas, as a list is read.
    package static func fields(of body: [UInt8], contentType: String) -> OrderedDictionary<String, DecodedValue>? {
        switch MediaType.essence(contentType) {
        case "application/x-www-form-urlencoded":
            var fields = OrderedDictionary<String, String>()
            for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    .map { URLBuilder.decode(String($0).replacing("+", with: " ")) }
                guard let name = parts.first, !name.isEmpty else { continue }
                add(name, parts.count > 1 ? parts[1] : "", to: &fields)
            }
            return fields.mapValues(DecodedValue.string)
        case "multipart/form-data":
            guard let boundary = MediaType.boundaryParameter(contentType) else { return nil }
            var fields = OrderedDictionary<String, String>()
            for part in parts(of: body, boundary: boundary) { add(part.name, part.text, to: &fields) }
            return fields.mapValues(DecodedValue.string)
        default:
            return nil
        }
    }

    private static func add(_ name: String, _ value: String, to fields: inout OrderedDictionary<String, String>) {
        if let earlier = fields[name] { fields[name] = earlier + "," + value } else { fields[name] = value }
    }

    /// The named parts of a multipart body: each part's `name` and its content as text.
    private static func parts(of body: [UInt8], boundary: String) -> [(name: String, text: String)] {
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [(String, String)] = []
        var starts: [Int] = []
        var index = 0
        while index + delimiter.count <= body.count {
            if body[index] == delimiter[0], body[index..<(index + delimiter.count)].elementsEqual(delimiter) {
                starts.append(index)
                index += delimiter.count
            } else {
                index += 1
            }
        }
        for (start, end) in zip(starts, starts.dropFirst()) {
            var part = Array(body[(start + delimiter.count)..<end])
            // The CRLF after the delimiter line, and the one before the next delimiter.
            if part.starts(with: [13, 10]) { part.removeFirst(2) }
            if part.suffix(2) == [13, 10] { part.removeLast(2) }
            guard let headEnd = part.firstRange(of: [13, 10, 13, 10]) else { continue }
            let head = String(decoding: part[..<headEnd.lowerBound], as: UTF8.self)
            guard let name = dispositionName(head) else { continue }
            parts.append((name, String(decoding: part[headEnd.upperBound...], as: UTF8.self)))
        }
        return parts
    }

    /// The `name` of a part's `Content-Disposition: form-data; name="..."`.
    private static func dispositionName(_ head: String) -> String? {
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " ") }
                guard pair.count == 2, pair[0].lowercased() == "name" else { continue }
                return pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") ? String(pair[1].dropFirst().dropLast()) : pair[1]
            }
        }
        return nil
    }

    /// `members` (each a field's text) as a server reads them against `shape`, a form's schema.
    package static func asRead(_ members: OrderedDictionary<String, DecodedValue>, shape: SchemaShape) -> DecodedValue {
        var read = members
        for (name, value) in members {
            let text = ExampleValue.text(value)
            let property = shape.properties.first { $0.name == name }.map { SchemaShape($0.schema) }
            let types = property?.types
            if types == nil || types?.contains("string") == true {
                read[name] = .string(text)
            } else if types?.contains("array") == true {
                read[name] = .array(text.split(separator: ",", omittingEmptySubsequences: false).map { scalar(String($0)) })
            } else {
                read[name] = scalar(text)
            }
        }
        return .object(read)
    }

    private static func scalar(_ text: String) -> DecodedValue {
        if let integer = Int(text) { return .integer(integer) }
        if let number = Double(text), number.isFinite { return .number(number) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        return .string(text)
    }
}
