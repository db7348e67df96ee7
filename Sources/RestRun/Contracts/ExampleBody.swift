/// A request body, as it is sent.
package enum ExampleBody: Sendable, Equatable {
    /// A JSON value.
    case json(DecodedValue, mediaType: String)
    /// Form fields (`application/x-www-form-urlencoded`).
    case form([RequestParameter], mediaType: String)
    /// Form fields as the parts of a `multipart/form-data` body.
    case multipart([RequestParameter])
    /// Bytes as they are: a malformed JSON document, or a media type the fuzzer does not build.
    case raw([UInt8], mediaType: String)
}
