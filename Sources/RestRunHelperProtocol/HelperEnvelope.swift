/// How every line between rest-run and a helper is framed: one JSON object a line, whose first
/// member is `"id"`, the number rest-run gave the request, which its answer repeats; answers come
/// in any order. `{"id":N,"op":"cancel"}` asks the helper to give up request N (its answer, if
/// one still comes, is ignored). An answer may carry an attachment after a tab (compact JSON has
/// no raw tab): text rest-run takes as it is, never parsed by this framing.
package enum HelperEnvelope {
    /// The line of request `id` (with its newline): `request`'s members after the id.
    package static func line(id: Int, _ request: JSONValue) -> [UInt8] {
        var members = [JSONValue.Property("id", .integer(id))]
        if case .object(let more) = request { members += more.filter { $0.key != "id" } }
        return Array((JSONValue.object(members).text + "\n").utf8)
    }

    /// The line that cancels request `id`.
    package static func cancelLine(id: Int) -> [UInt8] {
        Array("{\"id\":\(id),\"op\":\"cancel\"}\n".utf8)
    }

    /// Whether `request` is a cancel line.
    package static func isCancel(_ request: JSONValue) -> Bool { request["op"]?.string == "cancel" }

    /// The answer line (without its newline): `answer`'s members after the id, when there is one,
    /// then the attachment after a tab.
    package static func answerText(id: Int?, _ answer: JSONValue, attachment: String? = nil) -> String {
        var members: [JSONValue.Property] = id.map { [JSONValue.Property("id", .integer($0))] } ?? []
        if case .object(let more) = answer { members += more.filter { $0.key != "id" } }
        let text = JSONValue.object(members).text
        return attachment.map { text + "\t" + $0 } ?? text
    }

    /// The id a line starts with (`{"id":N`, spaces allowed), read from its first bytes alone: a
    /// line that is too long or not JSON still names the request it belongs to.
    package static func id(atStartOf line: some Collection<UInt8>) -> Int? {
        var bytes = line.prefix(64).makeIterator()
        var next = bytes.next()
        func skipSpace() {
            while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { next = bytes.next() }
        }
        func expect(_ text: String) -> Bool {
            for expected in text.utf8 {
                guard next == expected else { return false }
                next = bytes.next()
            }
            return true
        }
        skipSpace()
        guard expect("{") else { return nil }
        skipSpace()
        guard expect("\"id\"") else { return nil }
        skipSpace()
        guard expect(":") else { return nil }
        skipSpace()
        var id = 0
        var digits = 0
        while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            id = id * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            guard digits <= 15 else { return nil }
            next = bytes.next()
        }
        guard digits > 0 else { return nil }
        skipSpace()
        guard let end = next, end == UInt8(ascii: ",") || end == UInt8(ascii: "}") else { return nil }
        return id
    }

    /// An answer line split at its tab: the JSON object and the attachment, if any; nil when the
    /// part before the tab is not a JSON object.
    package static func answer(_ line: some Collection<UInt8>) -> (answer: JSONValue, attachment: ArraySlice<UInt8>?)? {
        let bytes = Array(line)
        let tab = bytes.firstIndex(of: UInt8(ascii: "\t"))
        guard let answer = try? JSONValueReader.parse(bytes[..<(tab ?? bytes.endIndex)]), case .object = answer else { return nil }
        return (answer, tab.map { bytes[($0 + 1)...] })
    }
}
