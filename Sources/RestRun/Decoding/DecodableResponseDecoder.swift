#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Decodes a JSON body into a Swift `Decodable` type to prove it has that shape, then hands the
/// JSON value tree to expectations and captures. Registered with one line:
/// `try registry.register(Articles.self)`.
///
/// A failure reads like "Articles: data[2].attributes.name: expected String, found null".
package struct DecodableResponseDecoder<Value: Decodable>: ResponseDecoder {
    /// The name the type is registered under.
    package let name: String

    /// A decoder for `Value`, named `name` (by default the type's own name).
    package init(_ type: Value.Type = Value.self, name: String? = nil) {
        self.name = name ?? String(describing: Value.self)
    }

    /// Decodes the body as `Value`; the value tree is the body's JSON.
    package func decode(_ response: Response) throws -> DecodedValue {
        let tree: DecodedValue
        do {
            tree = try JSONParser.parse(response.body)
        } catch {
            throw DecodingFailure(decoder: name, message: response.body.isEmpty ? "the body is empty" : "the body is not JSON: \(error)")
        }
        do {
            _ = try JSONDecoder().decode(Value.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw Self.failure(error, decoder: name, tree: tree)
        }
        return tree
    }

    /// The decoded Swift value itself, for library users who want it typed.
    package func value(from response: Response) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw Self.failure(error, decoder: name, tree: (try? JSONParser.parse(response.body)) ?? .null)
        } catch {
            throw DecodingFailure(decoder: name, message: "the body is not JSON")
        }
    }

    /// Turns Foundation's `DecodingError` into a failure that names the JSON path and what was found there.
    static func failure(_ error: DecodingError, decoder: String, tree: DecodedValue) -> DecodingFailure {
        switch error {
        case let .typeMismatch(type, context):
            let found = tree.value(at: context.codingPath)?.jsonTypeWord ?? "nothing"
            return DecodingFailure(decoder: decoder, path: path(context.codingPath), message: "expected \(typeWord(type)), found \(found)")
        case let .valueNotFound(type, context):
            let found = tree.value(at: context.codingPath) == nil ? "nothing" : "null"
            return DecodingFailure(decoder: decoder, path: path(context.codingPath), message: "expected \(typeWord(type)), found \(found)")
        case let .keyNotFound(key, context):
            return DecodingFailure(decoder: decoder, path: path(context.codingPath + [key]), message: "missing")
        case let .dataCorrupted(context):
            return DecodingFailure(decoder: decoder, path: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            return DecodingFailure(decoder: decoder, message: "\(error)")
        }
    }

    /// `data[2].attributes.name`
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func typeWord(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array<") { return "Array" }
        if name.hasPrefix("Dictionary<") || name.hasPrefix("KeyedDecodingContainer") { return "Object" }
        if name.hasPrefix("Optional<") { return String(name.dropFirst("Optional<".count).dropLast()) }
        return name
    }
}

extension DecodedValue {
    /// The value at a coding path, if there is one.
    func value(at codingPath: [any CodingKey]) -> DecodedValue? {
        var current: DecodedValue? = self
        for key in codingPath {
            switch current {
            case let .array(items)?:
                guard let index = key.intValue, items.indices.contains(index) else { return nil }
                current = items[index]
            case let .object(members)?:
                current = members[key.stringValue]
            default:
                return nil
            }
        }
        return current
    }
}

extension DecoderRegistry {
    /// Registers a `Decodable` type by its name (or `name`), so a request file can say
    /// `decode: Articles`; a name already taken is an error.
    public mutating func register<Value: Decodable>(_ type: Value.Type, as name: String? = nil, origin: Origin = .plugin) throws(Clash) {
        let decoder = DecodableResponseDecoder(type, name: name)
        try register(decoder, as: decoder.name, origin: origin)
    }
}
