package import RestRunHelperProtocol
import SwiftProtobuf

/// The well-known types whose JSON form is special (a string for a `Timestamp`, the bare value for
/// a wrapper, any JSON for a `Value`), converted by swift-protobuf's own implementation of the
/// mapping, which is tested against protobuf's conformance suite.
enum WellKnownJSON {
    static let types: [String: any SwiftProtobuf.Message.Type] = [
        "google.protobuf.Timestamp": Google_Protobuf_Timestamp.self,
        "google.protobuf.Duration": Google_Protobuf_Duration.self,
        "google.protobuf.FieldMask": Google_Protobuf_FieldMask.self,
        "google.protobuf.Struct": Google_Protobuf_Struct.self,
        "google.protobuf.Value": Google_Protobuf_Value.self,
        "google.protobuf.ListValue": Google_Protobuf_ListValue.self,
        "google.protobuf.DoubleValue": Google_Protobuf_DoubleValue.self,
        "google.protobuf.FloatValue": Google_Protobuf_FloatValue.self,
        "google.protobuf.Int64Value": Google_Protobuf_Int64Value.self,
        "google.protobuf.UInt64Value": Google_Protobuf_UInt64Value.self,
        "google.protobuf.Int32Value": Google_Protobuf_Int32Value.self,
        "google.protobuf.UInt32Value": Google_Protobuf_UInt32Value.self,
        "google.protobuf.BoolValue": Google_Protobuf_BoolValue.self,
        "google.protobuf.StringValue": Google_Protobuf_StringValue.self,
        "google.protobuf.BytesValue": Google_Protobuf_BytesValue.self,
    ]

    /// What the JSON of each type looks like, for an error message.
    static let forms: [String: String] = [
        "google.protobuf.Timestamp": "an RFC 3339 time in quotes, like \"1972-01-01T10:00:20.021Z\"",
        "google.protobuf.Duration": "seconds with an s in quotes, like \"1.5s\"",
        "google.protobuf.FieldMask": "field paths separated by commas, like \"user.displayName,photo\"",
        "google.protobuf.Struct": "a JSON object",
        "google.protobuf.ListValue": "a JSON array",
        "google.protobuf.DoubleValue": "a number",
        "google.protobuf.FloatValue": "a number",
        "google.protobuf.Int64Value": "an integer",
        "google.protobuf.UInt64Value": "an integer of at least 0",
        "google.protobuf.Int32Value": "an integer",
        "google.protobuf.UInt32Value": "an integer of at least 0",
        "google.protobuf.BoolValue": "true or false",
        "google.protobuf.StringValue": "a string",
        "google.protobuf.BytesValue": "base64 in quotes",
    ]

    struct Mismatch: Error {}

    /// The JSON of a message of `type` whose binary encoding is `bytes`.
    static func json(of bytes: ArraySlice<UInt8>, type: any SwiftProtobuf.Message.Type) throws(Mismatch) -> JSONValue {
        do {
            let text = try printed(bytes, type)
            return try JSONValueReader.parse(text.utf8)
        } catch {
            throw Mismatch()
        }
    }

    private static func printed<M: SwiftProtobuf.Message>(_ bytes: ArraySlice<UInt8>, _ type: M.Type) throws -> String {
        try M(serializedBytes: Array(bytes)).jsonString()
    }

    /// The binary encoding of `json`, a message of `type` in its JSON form.
    static func bytes(of json: JSONValue, type: any SwiftProtobuf.Message.Type) throws(Mismatch) -> [UInt8] {
        do {
            return try encoded(json.text, type)
        } catch {
            throw Mismatch()
        }
    }

    private static func encoded<M: SwiftProtobuf.Message>(_ text: String, _ type: M.Type) throws -> [UInt8] {
        try M(jsonString: text).serializedBytes()
    }
}
