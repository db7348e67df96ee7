import Crypto
package import OrderedCollections

/// What a snapshot records of one response: its status, the headers the request names, and its
/// body (JSON as its value, text as a string, anything else as `{sha256, length}`), secrets
/// already replaced with `[redacted]`.
package struct SnapshotEntry: Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// The headers named by `headers:`, by the names written there; nil when it names none.
    package var headers: OrderedDictionary<String, String>?
    /// The body.
    package var body: DecodedValue

    /// An entry as given.
    package init(status: Int, headers: OrderedDictionary<String, String>? = nil, body: DecodedValue) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// What `declaration` records of `response`: `decoded` is the body as the request's own
    /// decoder read it, if it has one; secrets are hidden with `redactor`.
    package init(response: Response, declaration: SnapshotDeclaration, decoded: DecodedValue?, redactor: Redactor) {
        status = response.status
        if !declaration.headers.isEmpty {
            var headers = OrderedDictionary<String, String>()
            for name in declaration.headers {
                let values = response.headers.values(for: name)
                guard !values.isEmpty else { continue }
                headers[name] = Redactor.isSensitiveHeader(name) ? Redactor.mask : redactor.redact(values.joined(separator: ", "))
            }
            self.headers = headers
        }
        body = redactor.redact(decoded ?? Self.body(of: response))
    }

    /// A body as a snapshot holds it: JSON when the response says it is (or, without a
    /// Content-Type, when it is an object or an array), text when it is UTF-8 without control
    /// characters, else its SHA-256 and length.
    static func body(of response: Response) -> DecodedValue {
        let bytes = response.body
        let type = MediaType.essence(response.headers["Content-Type"] ?? "")
        let firstByte = bytes.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }
        let saysJSON = type == "application/json" || type == "text/json" || type.hasSuffix("+json")
        if saysJSON || (type.isEmpty && (firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "["))),
           let value = try? JSONParser.parse(bytes) {
            return value
        }
        if let text = String(validating: bytes, as: UTF8.self), text.unicodeScalars.allSatisfy(isTextual) {
            return .string(text)
        }
        let digest = SHA256.hash(data: bytes).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        return .object(["length": .integer(bytes.count), "sha256": .string(digest)])
    }

    private static func isTextual(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 ? scalar.value != 0x7F : scalar == "\n" || scalar == "\t" || scalar == "\r"
    }
}
