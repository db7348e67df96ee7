import OrderedCollections
package import RestRun

/// A body text that an importer writes as `json:` only when the value sends the same JSON: it
/// parses, and no object in it names a key twice (a parsed object keeps one of the two, so such a
/// body is written as text, byte for byte).
package enum JSONBodyText {
    /// The value of `text` when it can be written as `json:`; nil otherwise.
    package static func value(_ text: String) -> DecodedValue? {
        let bytes = Array(text.utf8)
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        return memberCount(value) == keyCount(bytes) ? value : nil
    }

    /// How many members the objects in `value` have, all together.
    private static func memberCount(_ value: DecodedValue) -> Int {
        switch value {
        case let .object(members): members.count + members.values.reduce(0) { $0 + memberCount($1) }
        case let .array(items): items.reduce(0) { $0 + memberCount($1) }
        default: 0
        }
    }

    /// How many object keys the JSON text `bytes` has: in valid JSON, a string followed by a colon
    /// is a key, and nothing else is.
    private static func keyCount(_ bytes: [UInt8]) -> Int {
        var count = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
            var next = index
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: ":") { count += 1 }
        }
        return count
    }
}
