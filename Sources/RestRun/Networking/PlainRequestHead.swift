import NIOHTTP1

/// The head rest-run's own HTTP/1.1 connection sends for a request: its request line, its
/// headers as merged, `Host`, and `Content-Length` when it has a body.
enum PlainRequestHead {
    /// The head of `request` (its headers already merged) for `target`; nil when the request names
    /// its own `Transfer-Encoding` (AsyncHTTPClient frames such a body). Throws a `NetworkError`
    /// for a header no HTTP/1.1 message may carry (a line break in a value, a character no name may
    /// have), which would otherwise split the message.
    static func make(_ request: PreparedRequest, to target: PlainTarget) throws -> HTTPRequestHead? {
        var headers = HTTPHeaders()
        headers.reserveCapacity(request.headers.fields.count + 2)
        var hasHost = false
        for (name, value) in request.headers.fields {
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
                throw NetworkError(.other, "cannot send the header '\(name)': a header name is letters, digits and !#$%&'*+-.^_`|~ only")
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
            headers.add(name: name, value: value)
        }
        if !hasHost { headers.add(name: "Host", value: String(target.authority)) }
        if let body = request.body { headers.add(name: "Content-Length", value: String(body.bytes.count)) }
        return HTTPRequestHead(version: .http1_1, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), uri: target.path, headers: headers)
    }

    /// RFC 9110's `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// A field value's byte: visible characters, space, tab and any byte of UTF-8 beyond ASCII.
    private static func isValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }
}
