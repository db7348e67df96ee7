package import RestRunHelperProtocol
import SwiftProtobuf

/// Writes a message given in the proto3 JSON mapping in the protobuf binary encoding, through its
/// descriptor, and collects every problem on the way rather than stopping at the first: field
/// names (JSON or original), enum names or numbers, 64-bit integers as strings or numbers,
/// base64 bytes, and the well-known types in their special forms.
///
/// When checking a file before anything is sent, a string holding `{{` is a template whose value
/// is not known yet: it passes for any type.
struct MessageEncoder {
    private let pool: DescriptorPool
    private let allowTemplates: Bool
    private(set) var problems: [MessageProblem] = []

    /// How deep messages may nest, as protobuf's own parsers allow.
    static let depthLimit = 100

    init(pool: DescriptorPool, allowTemplates: Bool) {
        self.pool = pool
        self.allowTemplates = allowTemplates
    }

    private mutating func problem(_ path: [MessageProblem.PathStep], _ message: String, unknown: String? = nil, candidates: [String]? = nil, atKey: Bool? = nil) {
        guard problems.count < 100 else { return }
        problems.append(MessageProblem(path: path, message: message, unknown: unknown, candidates: candidates, atKey: atKey))
    }

    private func isTemplate(_ json: JSONValue) -> Bool {
        guard allowTemplates, case .string(let text) = json else { return false }
        return text.contains("{{")
    }

    /// The encoding of `json` as a message of type `name` (a full name).
    mutating func encode(_ json: JSONValue, as name: String, path: [MessageProblem.PathStep] = [], depth: Int = 0) -> [UInt8] {
        guard depth < Self.depthLimit else {
            problem(path, "messages are nested more than \(Self.depthLimit) deep")
            return []
        }
        if isTemplate(json) { return [] }
        if let type = WellKnownJSON.types[name] {
            if allowTemplates, Self.holdsTemplate(json) { return [] }
            do throws(WellKnownJSON.Mismatch) {
                return try WellKnownJSON.bytes(of: json, type: type)
            } catch {
                let short = name.split(separator: ".").last.map(String.init) ?? name
                problem(path, "a \(short) is written as \(WellKnownJSON.forms[name] ?? "its JSON form"), not \(Self.describe(json))")
                return []
            }
        }
        if name == "google.protobuf.Any" { return encodeAny(json, path: path, depth: depth) }
        guard let message = pool.messages[name] else {
            problem(path, "\(name) is not a known message")
            return []
        }
        guard case .object(let members) = json else {
            problem(path, "\(Self.shortName(name)) is written as a JSON object, not \(Self.describe(json))")
            return []
        }
        var writer = WireWriter()
        var seen: [Int: String] = [:]
        var oneofs: [Int: String] = [:]
        for member in members {
            let memberPath = path + [.key(member.key)]
            guard let index = message.byName[member.key] else {
                problem(memberPath, "\(Self.shortName(name)) has no field \(member.key)", unknown: member.key, candidates: message.fields.map(\.jsonName), atKey: true)
                continue
            }
            let field = message.fields[index]
            if let other = seen[index] {
                problem(memberPath, "field \(field.name) is given twice (as \(other) and \(member.key))", atKey: true)
                continue
            }
            seen[index] = member.key
            if case .null = member.value, !["google.protobuf.Value", "google.protobuf.NullValue"].contains(field.typeName) || field.isRepeated { continue }
            if let oneof = field.oneof {
                if let other = oneofs[oneof] {
                    problem(memberPath, "\(other) and \(member.key) are both set, but they are in the same oneof \(message.oneofs[oneof])", atKey: true)
                    continue
                }
                oneofs[oneof] = member.key
            }
            encodeField(field, member.value, path: memberPath, depth: depth, into: &writer)
        }
        for (index, field) in message.fields.enumerated() where field.isRequired && seen[index] == nil {
            problem(path, "\(Self.shortName(name)) needs its required field \(field.jsonName)")
        }
        return writer.bytes
    }

    static func shortName(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }

    private static func holdsTemplate(_ json: JSONValue) -> Bool {
        switch json {
        case .string(let text): text.contains("{{")
        case .array(let items): items.contains(where: holdsTemplate)
        case .object(let members): members.contains { holdsTemplate($0.value) }
        default: false
        }
    }

    static func describe(_ json: JSONValue) -> String {
        switch json {
        case .string(let text): "the string \"\(text.count > 40 ? String(text.prefix(40)) + "..." : text)\""
        case .number(let text): "the number \(text)"
        case .bool(let value): value ? "true" : "false"
        default: json.kindName
        }
    }

    private mutating func encodeAny(_ json: JSONValue, path: [MessageProblem.PathStep], depth: Int) -> [UInt8] {
        guard case .object(let members) = json else {
            problem(path, "an Any is written as a JSON object with \"@type\", not \(Self.describe(json))")
            return []
        }
        if members.isEmpty { return [] }
        guard case .string(let url)? = json["@type"] else {
            problem(path, "an Any needs \"@type\": the URL of its message's type, like \"type.googleapis.com/package.Message\"")
            return []
        }
        if allowTemplates, url.contains("{{") { return [] }
        let typeName = url.split(separator: "/").last.map(String.init) ?? url
        guard pool.messages[typeName] != nil || WellKnownJSON.types[typeName] != nil else {
            problem(path + [.key("@type")], "an Any's type \(typeName) is not a known message", unknown: typeName, candidates: pool.messages.keys.sorted())
            return []
        }
        let payload: [UInt8]
        if WellKnownJSON.types[typeName] != nil || typeName == "google.protobuf.Any" {
            payload = encode(json["value"] ?? .object([]), as: typeName, path: path + [.key("value")], depth: depth + 1)
        } else {
            payload = encode(.object(members.filter { $0.key != "@type" }), as: typeName, path: path, depth: depth + 1)
        }
        var writer = WireWriter()
        writer.tag(1, 2)
        writer.lengthDelimited(Array(url.utf8))
        if !payload.isEmpty {
            writer.tag(2, 2)
            writer.lengthDelimited(payload)
        }
        return writer.bytes
    }

    private mutating func encodeField(_ field: DescriptorPool.FieldInfo, _ json: JSONValue, path: [MessageProblem.PathStep], depth: Int, into writer: inout WireWriter) {
        if field.isRepeated, let entry = pool.messages[field.typeName], entry.isMapEntry {
            guard case .object(let members) = json else {
                if !isTemplate(json) { problem(path, "\(field.jsonName) is a map, written as a JSON object, not \(Self.describe(json))") }
                return
            }
            guard entry.fields.count == 2 else { return }
            for member in members {
                var entryWriter = WireWriter()
                encodeMapKey(entry.fields[0], member.key, path: path + [.key(member.key)], into: &entryWriter)
                if case .null = member.value, entry.fields[1].typeName != "google.protobuf.Value" {
                    problem(path + [.key(member.key)], "a map's value cannot be null")
                    continue
                }
                encodeSingle(entry.fields[1], member.value, path: path + [.key(member.key)], depth: depth, into: &entryWriter)
                writer.tag(field.number, 2)
                writer.lengthDelimited(entryWriter.bytes)
            }
            return
        }
        if field.isRepeated {
            guard case .array(let items) = json else {
                if !isTemplate(json) { problem(path, "\(field.jsonName) is repeated, written as a JSON array, not \(Self.describe(json))") }
                return
            }
            if field.isPacked {
                var packed = WireWriter()
                for (index, item) in items.enumerated() {
                    if case .null = item {
                        problem(path + [.index(index)], "an item of a repeated field cannot be null")
                        continue
                    }
                    encodeScalar(field, item, path: path + [.index(index)], into: &packed, tagged: false)
                }
                if !packed.bytes.isEmpty {
                    writer.tag(field.number, 2)
                    writer.lengthDelimited(packed.bytes)
                }
            } else {
                for (index, item) in items.enumerated() {
                    if case .null = item, field.typeName != "google.protobuf.Value" {
                        problem(path + [.index(index)], "an item of a repeated field cannot be null")
                        continue
                    }
                    encodeSingle(field, item, path: path + [.index(index)], depth: depth, into: &writer)
                }
            }
            return
        }
        encodeSingle(field, json, path: path, depth: depth, into: &writer)
    }

    private mutating func encodeSingle(_ field: DescriptorPool.FieldInfo, _ json: JSONValue, path: [MessageProblem.PathStep], depth: Int, into writer: inout WireWriter) {
        switch field.type {
        case .message:
            let payload = encode(json, as: field.typeName, path: path, depth: depth + 1)
            writer.tag(field.number, 2)
            writer.lengthDelimited(payload)
        case .group:
            let payload = encode(json, as: field.typeName, path: path, depth: depth + 1)
            writer.tag(field.number, 3)
            writer.append(payload)
            writer.tag(field.number, 4)
        default:
            encodeScalar(field, json, path: path, into: &writer, tagged: true)
        }
    }

    private mutating func encodeMapKey(_ field: DescriptorPool.FieldInfo, _ key: String, path: [MessageProblem.PathStep], into writer: inout WireWriter) {
        if allowTemplates, key.contains("{{") { return }
        switch field.type {
        case .string:
            encodeScalar(field, .string(key), path: path, into: &writer, tagged: true)
        case .bool:
            guard key == "true" || key == "false" else {
                problem(path, "a map with bool keys takes \"true\" or \"false\", not \"\(key)\"", atKey: true)
                return
            }
            encodeScalar(field, .bool(key == "true"), path: path, into: &writer, tagged: true)
        default:
            encodeScalar(field, .string(key), path: path, into: &writer, tagged: true)
        }
    }

    private mutating func encodeScalar(_ field: DescriptorPool.FieldInfo, _ json: JSONValue, path: [MessageProblem.PathStep], into writer: inout WireWriter, tagged: Bool) {
        if isTemplate(json) { return }
        func wrong(_ expected: String) {
            problem(path, "\(field.jsonName) is \(expected), not \(Self.describe(json))")
        }
        switch field.type {
        case .int32, .sint32, .sfixed32:
            guard let value = integer(json, field: field, path: path, range: Int64(Int32.min)...Int64(Int32.max)) else { return }
            let value32 = Int32(value)
            switch field.type {
            case .int32:
                if tagged { writer.tag(field.number, 0) }
                writer.varint(UInt64(bitPattern: Int64(value32)))
            case .sint32:
                if tagged { writer.tag(field.number, 0) }
                writer.varint(UInt64(UInt32(bitPattern: (value32 << 1) ^ (value32 >> 31))))
            default:
                if tagged { writer.tag(field.number, 5) }
                writer.fixed32(UInt32(bitPattern: value32))
            }
        case .uint32, .fixed32:
            guard let value = integer(json, field: field, path: path, range: 0...Int64(UInt32.max)) else { return }
            if field.type == .uint32 {
                if tagged { writer.tag(field.number, 0) }
                writer.varint(UInt64(value))
            } else {
                if tagged { writer.tag(field.number, 5) }
                writer.fixed32(UInt32(value))
            }
        case .int64, .sint64, .sfixed64:
            guard let value = integer(json, field: field, path: path, range: Int64.min...Int64.max) else { return }
            switch field.type {
            case .int64:
                if tagged { writer.tag(field.number, 0) }
                writer.varint(UInt64(bitPattern: value))
            case .sint64:
                if tagged { writer.tag(field.number, 0) }
                writer.varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
            default:
                if tagged { writer.tag(field.number, 1) }
                writer.fixed64(UInt64(bitPattern: value))
            }
        case .uint64, .fixed64:
            guard let value = unsigned64(json, field: field, path: path) else { return }
            if field.type == .uint64 {
                if tagged { writer.tag(field.number, 0) }
                writer.varint(value)
            } else {
                if tagged { writer.tag(field.number, 1) }
                writer.fixed64(value)
            }
        case .bool:
            guard case .bool(let value) = json else { return wrong("true or false") }
            if tagged { writer.tag(field.number, 0) }
            writer.varint(value ? 1 : 0)
        case .float, .double:
            guard let value = floating(json) else { return wrong("a number (or \"NaN\", \"Infinity\", \"-Infinity\")") }
            if field.type == .float {
                guard !value.isFinite || abs(value) <= Double(Float.greatestFiniteMagnitude) else {
                    problem(path, "\(field.jsonName) is a float: \(Self.describe(json)) is out of its range")
                    return
                }
                if tagged { writer.tag(field.number, 5) }
                writer.fixed32(Float(value).bitPattern)
            } else {
                if tagged { writer.tag(field.number, 1) }
                writer.fixed64(value.bitPattern)
            }
        case .string:
            guard case .string(let text) = json else { return wrong("a string") }
            if tagged { writer.tag(field.number, 2) }
            writer.lengthDelimited(Array(text.utf8))
        case .bytes:
            guard case .string(let text) = json, let bytes = ProtoBase64.decode(text) else { return wrong("base64 in quotes") }
            if tagged { writer.tag(field.number, 2) }
            writer.lengthDelimited(bytes)
        case .enum:
            guard let number = enumNumber(field, json, path: path) else { return }
            if tagged { writer.tag(field.number, 0) }
            writer.varint(UInt64(bitPattern: Int64(number)))
        default:
            problem(path, "\(field.jsonName) has a type rest-run cannot write")
        }
    }

    /// The number an enum value is written as: its name, or a number; nil (with a problem) when
    /// it is neither.
    private mutating func enumNumber(_ field: DescriptorPool.FieldInfo, _ json: JSONValue, path: [MessageProblem.PathStep]) -> Int32? {
        func wrongEnum(_ expected: String) -> Int32? {
            problem(path, "\(field.jsonName) is \(expected), not \(Self.describe(json))")
            return nil
        }
        guard let enumeration = pool.enums[field.typeName] else { return nil }
        var number: Int32
        switch json {
        case .string(let name):
            guard let known = enumeration.byName[name] else {
                if let parsed = Int32(name), enumeration.byNumber[parsed] != nil {
                    number = parsed
                    break
                }
                problem(path, "\(Self.shortName(enumeration.fullName)) has no value \(name)", unknown: name, candidates: enumeration.values.map(\.name))
                return nil
            }
            number = known
        case .number(let text):
            guard let parsed = Int32(text) else { return wrongEnum("an enum value's name or a 32-bit number") }
            number = parsed
        case .null where enumeration.fullName == "google.protobuf.NullValue":
            number = 0
        default:
            return wrongEnum("the name of a value of \(Self.shortName(enumeration.fullName))")
        }
        return number
    }

    /// The integer `json` holds (a number or a string of one, exponents allowed when the value
    /// is whole), within `range`.
    private mutating func integer(_ json: JSONValue, field: DescriptorPool.FieldInfo, path: [MessageProblem.PathStep], range: ClosedRange<Int64>) -> Int64? {
        let text: String
        switch json {
        case .number(let number): text = number
        case .string(let string): text = string
        default:
            problem(path, "\(field.jsonName) is an integer, not \(Self.describe(json))")
            return nil
        }
        var value = Int64(text)
        if value == nil, let double = Double(text), double.isFinite, double.rounded() == double, abs(double) < 9.2e18 {
            value = Int64(double)
        }
        guard let value else {
            if UInt64(text) != nil || Double(text).map({ $0.rounded() == $0 }) == true {
                problem(path, "\(field.jsonName) is a \(Self.typeName(field)): \(text) is out of its range")
            } else {
                problem(path, "\(field.jsonName) is an integer, not \(Self.describe(json))")
            }
            return nil
        }
        guard range.contains(value) else {
            problem(path, "\(field.jsonName) is a \(Self.typeName(field)): \(text) is out of its range")
            return nil
        }
        return value
    }

    private mutating func unsigned64(_ json: JSONValue, field: DescriptorPool.FieldInfo, path: [MessageProblem.PathStep]) -> UInt64? {
        let text: String
        switch json {
        case .number(let number): text = number
        case .string(let string): text = string
        default:
            problem(path, "\(field.jsonName) is an integer, not \(Self.describe(json))")
            return nil
        }
        if let value = UInt64(text) { return value }
        if let double = Double(text), double.isFinite, double.rounded() == double, double >= 0, double < 1.8e19 { return UInt64(double) }
        if Int64(text) != nil || Double(text) != nil {
            problem(path, "\(field.jsonName) is a \(Self.typeName(field)): \(text) is out of its range")
        } else {
            problem(path, "\(field.jsonName) is an integer, not \(Self.describe(json))")
        }
        return nil
    }

    private func floating(_ json: JSONValue) -> Double? {
        switch json {
        case .number(let text): return Double(text)
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .string(let text):
            guard let first = text.unicodeScalars.first, first == "-" || ("0"..."9").contains(first), let value = Double(text), value.isFinite else { return nil }
            return value
        default: return nil
        }
    }

    static func typeName(_ field: DescriptorPool.FieldInfo) -> String {
        switch field.type {
        case .int32: "int32"
        case .sint32: "sint32"
        case .sfixed32: "sfixed32"
        case .uint32: "uint32"
        case .fixed32: "fixed32"
        case .int64: "int64"
        case .sint64: "sint64"
        case .sfixed64: "sfixed64"
        case .uint64: "uint64"
        case .fixed64: "fixed64"
        default: "number"
        }
    }
}
