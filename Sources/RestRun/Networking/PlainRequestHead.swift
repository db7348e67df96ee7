import NIOCore
import NIOHTTP1

/// A request as rest-run's own HTTP/1.1 connection sends it: its bytes (the request line, its
/// headers as merged, `Host`, `Content-Length` when it has a body, and the body), and the head NIO's
/// response decoder is told of, which says how the answer is framed (a HEAD's has no body).
struct PlainRequestHead: Sendable {
    /// The method and target, for the response decoder.
    var head: HTTPRequestHead
    /// What goes on the wire.
    var bytes: ByteBuffer

    /// `request` (its headers already merged) for `target`; nil when the request names its own
    /// `Transfer-Encoding` (AsyncHTTPClient frames such a body). Throws a `NetworkError` for a
    /// header no HTTP/1.1 message may carry (a line break in a value, a character no name may
    /// have), which would otherwise split the message.
    static func make(_ request: PreparedRequest, to target: PlainTarget, allocator: ByteBufferAllocator) throws -> PlainRequestHead? {
        let body = request.body?.bytes
        var bytes = allocator.buffer(capacity: 256 + (body?.count ?? 0))
        bytes.writeString(request.method.rawValue)
        bytes.writeStaticString(" ")
        bytes.writeString(target.path)
        bytes.writeStaticString(" HTTP/1.1\r\n")
        var hasHost = false
        for (name, value) in request.headers.fields {
            guard HeaderName.isValid(name) else {
                throw NetworkError(.other, "cannot send the header '\(name)': \(HeaderName.rule)")
            }
            guard value.utf8.allSatisfy(Self.isValueByte) else {
                throw NetworkError(.other, "cannot send the header '\(name)': its value has a line break or another control character")
            }
            switch name.utf8.count {
            case 14 where name.lowercased() == "content-length": continue
            case 4 where name.lowercased() == "host": hasHost = true
            case 17 where name.lowercased() == "transfer-encoding": return nil
            default: break
            }
            bytes.writeString(name)
            bytes.writeStaticString(": ")
            bytes.writeString(value)
            bytes.writeStaticString("\r\n")
        }
        if !hasHost {
            bytes.writeStaticString("Host: ")
            bytes.writeSubstring(target.authority)
            bytes.writeStaticString("\r\n")
        }
        if let body {
            bytes.writeStaticString("Content-Length: ")
            bytes.writeString(String(body.count))
            bytes.writeStaticString("\r\n\r\n")
            bytes.writeBytes(body)
        } else {
            bytes.writeStaticString("\r\n")
        }
        let head = HTTPRequestHead(version: .http1_1, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), uri: target.path)
        return PlainRequestHead(head: head, bytes: bytes)
    }

    /// A field value's byte: visible characters, space, tab and any byte of UTF-8 beyond ASCII.
    private static func isValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }
}
