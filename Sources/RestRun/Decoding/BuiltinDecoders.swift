import OrderedCollections
/// `decode: JSON`: any JSON document.
package struct JSONResponseDecoder: ResponseDecoder {
    /// `JSON`
    package static let typeName = "JSON"
    /// Creates the decoder.
    package init() {}
    /// Parses the body as JSON.
    package func decode(_ response: Response) throws -> DecodedValue {
        try decode(response, keeping: nil)
    }

    /// Parses the body as JSON, building only what `selection` keeps when given (see
    /// `JSONParser.parse(_:keeping:)`).
    package func decode(_ response: Response, keeping selection: JSONParser.Selection?) throws -> DecodedValue {
        do {
            if let selection { return try JSONParser.parse(response.body, keeping: selection) }
            return try JSONParser.parse(response.body)
        } catch {
            let empty = response.body.isEmpty ? "the body is empty" : "the body is not JSON: \(error)"
            throw DecodingFailure(decoder: Self.typeName, message: empty)
        }
    }
}

/// `decode: Text`: the body as a UTF-8 string.
package struct TextResponseDecoder: ResponseDecoder {
    /// `Text`
    package static let typeName = "Text"
    /// Creates the decoder.
    package init() {}
    /// The body as a string; bytes that are not UTF-8 are an error.
    package func decode(_ response: Response) throws -> DecodedValue {
        guard let text = String(validating: response.body, as: UTF8.self) else {
            throw DecodingFailure(decoder: Self.typeName, message: "the body is not valid UTF-8")
        }
        return .string(text)
    }
}

/// `decode: Bytes`: any body, as `{size, base64}`.
package struct BytesResponseDecoder: ResponseDecoder {
    /// `Bytes`
    package static let typeName = "Bytes"
    /// Creates the decoder.
    package init() {}
    /// `{"size": N, "base64": "..."}`
    package func decode(_ response: Response) throws -> DecodedValue {
        .object(["size": .integer(response.body.count), "base64": .string(Base64.encode(response.body))])
    }
}
