/// `decode: JSON`: any JSON document.
public struct JSONResponseDecoder: ResponseDecoder {
    /// `JSON`
    public static let typeName = "JSON"
    /// Creates the decoder.
    public init() {}
    /// Parses the body as JSON.
    public func decode(_ response: Response) throws -> DecodedValue {
        do {
            return try JSONParser.parse(response.body)
        } catch {
            let empty = response.body.isEmpty ? "the body is empty" : "the body is not JSON: \(error)"
            throw DecodingFailure(decoder: Self.typeName, message: empty)
        }
    }
}

/// `decode: Text`: the body as a UTF-8 string.
public struct TextResponseDecoder: ResponseDecoder {
    /// `Text`
    public static let typeName = "Text"
    /// Creates the decoder.
    public init() {}
    /// The body as a string; bytes that are not UTF-8 are an error.
    public func decode(_ response: Response) throws -> DecodedValue {
        guard let text = String(validating: response.body, as: UTF8.self) else {
            throw DecodingFailure(decoder: Self.typeName, message: "the body is not valid UTF-8")
        }
        return .string(text)
    }
}

/// `decode: Bytes`: any body, as `{size, base64}`.
public struct BytesResponseDecoder: ResponseDecoder {
    /// `Bytes`
    public static let typeName = "Bytes"
    /// Creates the decoder.
    public init() {}
    /// `{"size": N, "base64": "..."}`
    public func decode(_ response: Response) throws -> DecodedValue {
        .object(["size": .integer(response.body.count), "base64": .string(Base64.encode(response.body))])
    }
}
