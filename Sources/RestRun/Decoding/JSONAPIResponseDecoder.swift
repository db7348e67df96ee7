import OrderedCollections
/// `decode: JSONAPI`: a JSON:API document (jsonapi.org): a top-level object with `data`, `errors`
/// or `meta`, whose resource objects each have a string `type` and `id`.
package struct JSONAPIResponseDecoder: ResponseDecoder {
    /// `JSONAPI`
    package static let typeName = "JSONAPI"
    /// Creates the decoder.
    package init() {}

    /// Parses the body and checks the document's structure.
    package func decode(_ response: Response) throws -> DecodedValue {
        let value: DecodedValue
        do {
            value = try JSONParser.parse(response.body)
        } catch {
            throw DecodingFailure(decoder: Self.typeName, message: "the body is not JSON: \(error)")
        }
        guard case let .object(document) = value else {
            throw failure("", expected: "a JSON:API document (an object)", found: value)
        }
        guard document["data"] != nil || document["errors"] != nil || document["meta"] != nil else {
            throw DecodingFailure(decoder: Self.typeName, message: "a JSON:API document needs 'data', 'errors' or 'meta'")
        }
        if document["data"] != nil, document["errors"] != nil {
            throw DecodingFailure(decoder: Self.typeName, message: "a JSON:API document cannot hold both 'data' and 'errors'")
        }
        switch document["data"] {
        case nil, .null?: break
        case let .array(items)?:
            for (index, item) in items.enumerated() { try checkResource(item, path: "data[\(index)]") }
        case let resource?:
            try checkResource(resource, path: "data")
        }
        if let included = document["included"] {
            guard case let .array(items) = included else { throw failure("included", expected: "Array", found: included) }
            for (index, item) in items.enumerated() { try checkResource(item, path: "included[\(index)]") }
        }
        if let errors = document["errors"] {
            guard case let .array(items) = errors else { throw failure("errors", expected: "Array", found: errors) }
            for (index, item) in items.enumerated() {
                guard case .object = item else { throw failure("errors[\(index)]", expected: "Object", found: item) }
            }
        }
        return value
    }

    private func checkResource(_ value: DecodedValue, path: String) throws {
        guard case let .object(resource) = value else { throw failure(path, expected: "a resource object", found: value) }
        guard let type = resource["type"] else { throw DecodingFailure(decoder: Self.typeName, path: "\(path).type", message: "missing") }
        guard case .string = type else { throw failure("\(path).type", expected: "String", found: type) }
        guard let id = resource["id"] else { throw DecodingFailure(decoder: Self.typeName, path: "\(path).id", message: "missing") }
        guard case .string = id else { throw failure("\(path).id", expected: "String", found: id) }
        for key in ["attributes", "relationships", "links", "meta"] {
            if let member = resource[key], member != .null {
                guard case .object = member else { throw failure("\(path).\(key)", expected: "Object", found: member) }
            }
        }
    }

    private func failure(_ path: String, expected: String, found: DecodedValue) -> DecodingFailure {
        DecodingFailure(decoder: Self.typeName, path: path, message: "expected \(expected), found \(found.jsonTypeWord)")
    }
}

extension DecodedValue {
    /// The JSON kind in one word, the way decoding errors name it: `null`, `string`, `number`, ...
    var jsonTypeWord: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
