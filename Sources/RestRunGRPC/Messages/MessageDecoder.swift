package import RestRunHelperProtocol
import SwiftProtobuf

/// Reads a message in the protobuf binary encoding through its descriptor and writes it in the
/// proto3 JSON mapping as protobuf's reference printer does: lowerCamelCase names, fields at their
/// default value left out (unless they have presence), enums by name, 64-bit integers as strings,
/// `bytes` in base64, the well-known types in their special forms, fields in number order, and
/// fields the descriptor does not know dropped.
package struct MessageDecoder {
    /// Why the bytes cannot be read as the message.
    package struct DecodeFailure: Error {
        /// One sentence.
        package var message: String
    }

    let pool: DescriptorPool

    /// The JSON of `bytes`, a message of type `name`.
    func decode(_ bytes: ArraySlice<UInt8>, as name: String, depth: Int = 0) throws(DecodeFailure) -> JSONValue {
        guard depth < MessageEncoder.depthLimit else { throw DecodeFailure(message: "messages are nested more than \(MessageEncoder.depthLimit) deep") }
        if let type = WellKnownJSON.types[name] {
            do throws(WellKnownJSON.Mismatch) {
                return try WellKnownJSON.json(of: bytes, type: type)
            } catch {
                throw DecodeFailure(message: "a \(MessageEncoder.shortName(name)) holds a value its JSON form cannot write")
            }
        }
        if name == "google.protobuf.Any" { return try decodeAny(bytes, depth: depth) }
        guard let message = pool.messages[name] else { throw DecodeFailure(message: "\(name) is not a known message") }
        // What arrived for each field, by its index: the last value of a singular scalar, every
        // item of a repeated field, the concatenated encodings of a singular message (which
        // protobuf merges).
        var singles: [Int: WireReader.WireValue] = [:]
        var repeated: [Int: [JSONValue]] = [:]
        var merged: [Int: [UInt8]] = [:]
        var oneofChoice: [Int: Int] = [:]
        var reader = WireReader(bytes)
        do {
            while let (number, value) = try Self.reading(name, { () throws(WireReader.Malformed) in try reader.next() }) {
                guard let index = message.byNumber[number] else { continue }
                let field = message.fields[index]
                if let oneof = field.oneof, let previous = oneofChoice[oneof], previous != index {
                    singles[previous] = nil
                    merged[previous] = nil
                }
                if let oneof = field.oneof { oneofChoice[oneof] = index }
                if field.isRepeated {
                    if case .bytes(let packed) = value, Self.isPackable(field.type) {
                        var inner = WireReader(packed)
                        while !inner.isAtEnd {
                            let item: WireReader.WireValue
                            switch field.type {
                            case .fixed32, .sfixed32, .float:
                                var raw: UInt32 = 0
                                let four = try Self.reading(name, { () throws(WireReader.Malformed) in try inner.takeBytes(4) })
                                for (shift, byte) in four.enumerated() { raw |= UInt32(byte) << UInt32(8 * shift) }
                                item = .fixed32(raw)
                            case .fixed64, .sfixed64, .double:
                                var raw: UInt64 = 0
                                let eight = try Self.reading(name, { () throws(WireReader.Malformed) in try inner.takeBytes(8) })
                                for (shift, byte) in eight.enumerated() { raw |= UInt64(byte) << UInt64(8 * shift) }
                                item = .fixed64(raw)
                            default:
                                item = .varint(try Self.reading(name, { () throws(WireReader.Malformed) in try inner.varint() }))
                            }
                            if let json = try scalar(field, item) { repeated[index, default: []].append(json) }
                        }
                    } else if field.type == .message || field.type == .group {
                        switch value {
                        case .bytes(let payload) where field.type == .message:
                            repeated[index, default: []].append(try decode(payload, as: field.typeName, depth: depth + 1))
                        case .group(let payload) where field.type == .group:
                            repeated[index, default: []].append(try decode(payload, as: field.typeName, depth: depth + 1))
                        default:
                            continue
                        }
                    } else if let json = try scalar(field, value) {
                        repeated[index, default: []].append(json)
                    }
                    continue
                }
                switch (field.type, value) {
                case (.message, .bytes(let payload)), (.group, .group(let payload)):
                    merged[index, default: []] += payload
                case (.message, _), (.group, _):
                    continue
                default:
                    if try scalar(field, value) != nil { singles[index] = value }
                }
            }
        }
        var members: [JSONValue.Property] = []
        for (index, field) in message.fields.enumerated() {
            if field.isRepeated {
                guard let items = repeated[index], !items.isEmpty else { continue }
                if let entry = pool.messages[field.typeName], entry.isMapEntry {
                    members.append(JSONValue.Property(field.jsonName, try mapObject(items, entry: entry)))
                } else {
                    members.append(JSONValue.Property(field.jsonName, .array(items)))
                }
            } else if let payload = merged[index] {
                members.append(JSONValue.Property(field.jsonName, try decode(payload[...], as: field.typeName, depth: depth + 1)))
            } else if let value = singles[index], let json = try scalar(field, value) {
                if !field.hasPresence, Self.isDefault(value, field) { continue }
                members.append(JSONValue.Property(field.jsonName, json))
            }
        }
        return .object(members)
    }

    /// A map field's entries (already decoded as `{"key":..., "value":...}` objects) as one
    /// object; a later entry with the same key wins.
    private func mapObject(_ entries: [JSONValue], entry: DescriptorPool.MessageType) throws(DecodeFailure) -> JSONValue {
        var members: [JSONValue.Property] = []
        var positions: [String: Int] = [:]
        guard entry.fields.count == 2 else { return .object([]) }
        let keyField = entry.fields[0], valueField = entry.fields[1]
        for item in entries {
            let key: String
            switch item["key"] {
            case .string(let text)?: key = text
            case .number(let text)?: key = text
            case .bool(let value)?: key = value ? "true" : "false"
            default: key = keyField.type == .bool ? "false" : keyField.type == .string ? "" : "0"
            }
            var value = item["value"]
            if value == nil {
                value = try defaultJSON(valueField)
            }
            guard let value else { continue }
            if let position = positions[key] {
                members[position].value = value
            } else {
                positions[key] = members.count
                members.append(JSONValue.Property(key, value))
            }
        }
        return .object(members)
    }

    /// The JSON of a map value that was left out of its entry.
    private func defaultJSON(_ field: DescriptorPool.FieldInfo) throws(DecodeFailure) -> JSONValue? {
        switch field.type {
        case .message, .group: return try decode([], as: field.typeName, depth: 1)
        case .enum: return try scalar(field, .varint(0))
        case .string: return .string("")
        case .bytes: return .string("")
        case .bool: return .bool(false)
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: return .string("0")
        default: return .number("0")
        }
    }

    private static func isPackable(_ type: Google_Protobuf_FieldDescriptorProto.TypeEnum) -> Bool {
        ![.string, .bytes, .message, .group].contains(type)
    }

    private static func isDefault(_ value: WireReader.WireValue, _ field: DescriptorPool.FieldInfo) -> Bool {
        switch value {
        case .varint(let raw): raw == 0 || (field.type == .int32 || field.type == .enum) && UInt32(truncatingIfNeeded: raw) == 0
        case .fixed32(let raw): raw == 0
        case .fixed64(let raw): raw == 0
        case .bytes(let bytes): bytes.isEmpty
        case .group: false
        }
    }

    private static func reading<T>(_ name: String, _ body: () throws(WireReader.Malformed) -> T) throws(DecodeFailure) -> T {
        do {
            return try body()
        } catch {
            throw DecodeFailure(message: "\(MessageEncoder.shortName(name)) is malformed: \(error.message)")
        }
    }

    private func decodeAny(_ bytes: ArraySlice<UInt8>, depth: Int) throws(DecodeFailure) -> JSONValue {
        var url = ""
        var payload: [UInt8] = []
        var reader = WireReader(bytes)
        do throws(WireReader.Malformed) {
            while let (number, value) = try reader.next() {
                if number == 1, case .bytes(let text) = value { url = String(decoding: text, as: UTF8.self) }
                if number == 2, case .bytes(let data) = value { payload = Array(data) }
            }
        } catch {
            throw DecodeFailure(message: "an Any is malformed: \(error.message)")
        }
        if url.isEmpty, payload.isEmpty { return .object([]) }
        let typeName = url.split(separator: "/").last.map(String.init) ?? url
        guard pool.messages[typeName] != nil || WellKnownJSON.types[typeName] != nil || typeName == "google.protobuf.Any" else {
            throw DecodeFailure(message: "an Any holds a \(typeName), a type no schema declares")
        }
        let inner = try decode(payload[...], as: typeName, depth: depth + 1)
        if WellKnownJSON.types[typeName] != nil || typeName == "google.protobuf.Any" {
            return .object([JSONValue.Property("@type", .string(url)), JSONValue.Property("value", inner)])
        }
        guard case .object(let members) = inner else { return inner }
        return .object([JSONValue.Property("@type", .string(url))] + members)
    }

    /// The JSON of one scalar, or nil when its wire type does not fit the field (protobuf keeps
    /// such a field as unknown, and the printer leaves it out).
    private func scalar(_ field: DescriptorPool.FieldInfo, _ value: WireReader.WireValue) throws(DecodeFailure) -> JSONValue? {
        switch (field.type, value) {
        case (.int32, .varint(let raw)): return .number(String(Int32(truncatingIfNeeded: raw)))
        case (.sint32, .varint(let raw)):
            let bits = UInt32(truncatingIfNeeded: raw)
            return .number(String(Int32(bitPattern: bits >> 1) ^ -Int32(bitPattern: bits & 1)))
        case (.uint32, .varint(let raw)): return .number(String(UInt32(truncatingIfNeeded: raw)))
        case (.int64, .varint(let raw)): return .string(String(Int64(bitPattern: raw)))
        case (.sint64, .varint(let raw)): return .string(String(Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)))
        case (.uint64, .varint(let raw)): return .string(String(raw))
        case (.bool, .varint(let raw)): return .bool(raw != 0)
        case (.enum, .varint(let raw)):
            let number = Int32(truncatingIfNeeded: raw)
            if field.typeName == "google.protobuf.NullValue" { return .null }
            if let name = pool.enums[field.typeName]?.byNumber[number] { return .string(name) }
            return .number(String(number))
        case (.fixed32, .fixed32(let raw)): return .number(String(raw))
        case (.sfixed32, .fixed32(let raw)): return .number(String(Int32(bitPattern: raw)))
        case (.float, .fixed32(let raw)): return Self.number(Double(Float(bitPattern: raw)), text: Float(bitPattern: raw).description)
        case (.fixed64, .fixed64(let raw)): return .string(String(raw))
        case (.sfixed64, .fixed64(let raw)): return .string(String(Int64(bitPattern: raw)))
        case (.double, .fixed64(let raw)): return Self.number(Double(bitPattern: raw), text: Double(bitPattern: raw).description)
        case (.string, .bytes(let bytes)): return .string(String(decoding: bytes, as: UTF8.self))
        case (.bytes, .bytes(let bytes)): return .string(ProtoBase64.encode(bytes))
        default: return nil
        }
    }

    private static func number(_ value: Double, text: String) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value == .infinity { return .string("Infinity") }
        if value == -.infinity { return .string("-Infinity") }
        return .number(text)
    }
}
