import Crypto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signs requests as AWS Signature Version 4 specifies: a canonical request (method, path, query,
/// headers, the payload's SHA-256), a string to sign under the day's credential scope, and an
/// HMAC-SHA256 signature with a key derived from the secret, the date, the region and the service.
/// Every attempt is signed anew, over the headers and the body it actually sends.
package struct SigV4Signer: Sendable, Equatable {
    package var accessKey: String
    package var secretKey: String
    package var sessionToken: String?
    package var region: String
    package var service: String

    package init(accessKey: String, secretKey: String, sessionToken: String? = nil, region: String, service: String) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.sessionToken = sessionToken
        self.region = region
        self.service = service
    }

    /// Headers the signature does not cover: they may change on the way (a proxy's, the client's).
    static let unsigned: Set<String> = ["user-agent", "expect", "x-amzn-trace-id", "authorization", "connection", "content-length"]

    /// `headers` with the signing headers added: `Host` (when missing), `X-Amz-Date`,
    /// `X-Amz-Security-Token` (with a session token), `X-Amz-Content-Sha256` (for S3), and
    /// `Authorization`. `amzDate` is `20150830T123600Z`; the current time when nil.
    package func sign(method: String, url: String, headers: Headers, body: [UInt8], amzDate: String? = nil) -> Headers {
        var headers = headers
        let parts = URLParts(url)
        if !headers.contains("Host"), let parts {
            // As the client writes it: the port only when it is not the scheme's default.
            let host = parts.host.utf8.contains(UInt8(ascii: ":")) ? "[\(parts.host)]" : parts.host
            let defaultPort = parts.scheme.lowercased() == "https" ? "443" : "80"
            headers.set("Host", parts.portText.map { $0 == defaultPort ? host : host + ":" + $0 } ?? host)
        }
        let date = amzDate ?? Self.now()
        headers.set("X-Amz-Date", date)
        if let sessionToken, !sessionToken.isEmpty { headers.set("X-Amz-Security-Token", sessionToken) }
        let payloadHash = Self.sha256Hex(body)
        if service == "s3" { headers.set("X-Amz-Content-Sha256", payloadHash) }
        headers.remove("Authorization")
        let target = WireTarget.of(url) ?? Self.target(of: url)
        let fields = headers.fields.filter { !Self.unsigned.contains($0.name.lowercased()) }.map { ($0.name, $0.value) }
        let signed = authorization(method: method, path: target.path, query: target.query, headers: fields, payloadHash: payloadHash, amzDate: date)
        headers.set("Authorization", signed)
        return headers
    }

    /// The `Authorization` value for a request with these parts (the path and query as sent).
    package func authorization(method: String, path: String, query: String, headers: [(String, String)], payloadHash: String, amzDate: String) -> String {
        let (canonical, signedHeaders) = canonicalRequest(method: method, path: path, query: query, headers: headers, payloadHash: payloadHash)
        let toSign = stringToSign(canonical, amzDate: amzDate)
        let day = String(amzDate.prefix(8))
        return "AWS4-HMAC-SHA256 Credential=\(accessKey)/\(scope(day: day)), SignedHeaders=\(signedHeaders), Signature=\(signature(toSign, day: day))"
    }

    /// `20150830/us-east-1/service/aws4_request`
    package func scope(day: String) -> String { "\(day)/\(region)/\(service)/aws4_request" }

    /// The canonical request and its signed-headers list.
    package func canonicalRequest(method: String, path: String, query: String, headers: [(String, String)], payloadHash: String) -> (String, String) {
        var grouped: [String: [String]] = [:]
        for (name, value) in headers { grouped[name.lowercased(), default: []].append(Self.trimmed(value)) }
        let names = grouped.keys.sorted()
        let canonicalHeaders = names.map { "\($0):\(grouped[$0, default: []].joined(separator: ","))\n" }.joined()
        let signedHeaders = names.joined(separator: ";")
        let lines = [
            method.uppercased(), canonicalPath(path), Self.canonicalQuery(query), canonicalHeaders, signedHeaders, payloadHash,
        ]
        return (lines.joined(separator: "\n"), signedHeaders)
    }

    /// `AWS4-HMAC-SHA256`, the date, the scope and the canonical request's hash.
    package func stringToSign(_ canonicalRequest: String, amzDate: String) -> String {
        let day = String(amzDate.prefix(8))
        return ["AWS4-HMAC-SHA256", amzDate, scope(day: day), Self.hex(SHA256.hash(data: Array(canonicalRequest.utf8)))].joined(separator: "\n")
    }

    /// The hex signature of `stringToSign` with the key of `day`.
    package func signature(_ stringToSign: String, day: String) -> String {
        var key = SymmetricKey(data: Array(("AWS4" + secretKey).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return Self.hex(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key))
    }

    /// The path as sent, made canonical: S3's as it is (encoded once, as AWS's SDKs sign it); every
    /// other service's with its dot segments and repeated slashes removed and encoded once more.
    func canonicalPath(_ path: String) -> String {
        let path = path.isEmpty ? "/" : path
        guard service != "s3" else { return path }
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(segment)
            }
        }
        let trailing = path.hasSuffix("/") && !segments.isEmpty
        let normalized = "/" + segments.joined(separator: "/") + (trailing ? "/" : "")
        return Self.encode(normalized, keepingSlashes: true)
    }

    /// The query's parameters decoded, encoded as SigV4 encodes them, and sorted by name, then value.
    static func canonicalQuery(_ query: String) -> String {
        guard !query.isEmpty else { return "" }
        var pairs: [(String, String)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = encode(URLBuilder.decode(String(parts[0])), keepingSlashes: false)
            let value = parts.count > 1 ? encode(URLBuilder.decode(String(parts[1])), keepingSlashes: false) : ""
            pairs.append((name, value))
        }
        pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// RFC 3986's unreserved characters kept, every other byte `%XX` (but `/`, in a path).
    static func encode(_ text: String, keepingSlashes: Bool) -> String {
        guard keepingSlashes else { return URLBuilder.encode(text) }
        return text.split(separator: "/", omittingEmptySubsequences: false).map { URLBuilder.encode(String($0)) }.joined(separator: "/")
    }

    /// A header value with its outer spaces trimmed and inner runs of spaces (and folded lines)
    /// made one space.
    static func trimmed(_ value: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in value {
            if character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n" {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }

    /// The path and query of an absolute URL, as sent.
    static func target(of url: String) -> (path: String, query: String) {
        let afterScheme = url.firstRange(of: "://").map { url[$0.upperBound...] } ?? url[...]
        let withoutFragment = afterScheme.prefix { $0 != "#" }
        let pathStart = withoutFragment.firstIndex { $0 == "/" || $0 == "?" } ?? withoutFragment.endIndex
        let target = withoutFragment[pathStart...]
        let path = target.prefix { $0 != "?" }
        let query = target.dropFirst(path.count).dropFirst()
        return (String(path), String(query))
    }

    /// The SHA-256 of `bytes`, in lower-case hex.
    package static func sha256Hex(_ bytes: [UInt8]) -> String { hex(SHA256.hash(data: bytes)) }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        for byte in bytes {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The current time as `20150830T123600Z`.
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
