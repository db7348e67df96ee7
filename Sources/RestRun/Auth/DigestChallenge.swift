import Crypto

/// One `WWW-Authenticate: Digest` challenge (RFC 7616), and the `Authorization` answer to it:
/// MD5 or SHA-256 (and their `-sess` forms), `qop=auth` (or `auth-int`, over the body), the
/// `userhash` option, and the RFC 2069 form when the server offers no `qop`.
package struct DigestChallenge: Sendable, Equatable {
    /// A hash function the challenge names.
    package enum Algorithm: String, Sendable {
        case md5 = "MD5"
        case md5Session = "MD5-sess"
        case sha256 = "SHA-256"
        case sha256Session = "SHA-256-sess"

        var isSession: Bool { self == .md5Session || self == .sha256Session }
        /// Preferred when a server offers several.
        var strength: Int { self == .sha256 || self == .sha256Session ? 2 : 1 }

        func hash(_ text: String) -> String { hash(Array(text.utf8)) }

        func hash(_ bytes: [UInt8]) -> String {
            switch self {
            case .md5, .md5Session: SigV4Signer.hex(Insecure.MD5.hash(data: bytes))
            case .sha256, .sha256Session: SigV4Signer.hex(SHA256.hash(data: bytes))
            }
        }
    }

    package var realm: String
    package var nonce: String
    package var opaque: String?
    package var algorithm: Algorithm
    /// The `qop` values offered (`auth`, `auth-int`); empty for an RFC 2069 challenge.
    package var qop: [String]
    package var userhash: Bool
    /// The server refused only the nonce: the same credentials answer the new one.
    package var stale: Bool

    /// The strongest Digest challenge among `WWW-Authenticate` values, nil when none can be
    /// answered (another scheme, an unknown algorithm, no nonce).
    package static func strongest(in values: [String]) -> DigestChallenge? {
        values.flatMap(parse).max { $0.algorithm.strength < $1.algorithm.strength }
    }

    /// The Digest challenges in one `WWW-Authenticate` value (which may hold several schemes).
    static func parse(_ value: String) -> [DigestChallenge] {
        var challenges: [DigestChallenge] = []
        var scanner = AuthParameterScanner(value)
        var current: [String: String]?
        func finish() {
            guard let parameters = current, let nonce = parameters["nonce"] else { return }
            let named = parameters["algorithm"] ?? "MD5"
            guard let algorithm = Algorithm.allCases.first(where: { $0.rawValue.lowercased() == named.lowercased() }) else { return }
            challenges.append(DigestChallenge(
                realm: parameters["realm"] ?? "", nonce: nonce, opaque: parameters["opaque"], algorithm: algorithm,
                qop: (parameters["qop"] ?? "").split(separator: ",").map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }.filter { !$0.isEmpty },
                userhash: parameters["userhash"]?.lowercased() == "true", stale: parameters["stale"]?.lowercased() == "true"))
        }
        while let token = scanner.next() {
            switch token {
            case let .scheme(name):
                finish()
                current = name.lowercased() == "digest" ? [:] : nil
            case let .parameter(name, value):
                current?[name.lowercased()] = value
            }
        }
        finish()
        return challenges
    }

    /// The `Authorization` value answering the challenge for a request with `method` to `uri`
    /// (its target: path and query), the `nc`-th time with this nonce.
    package func authorization(user: String, password: String, method: String, uri: String, body: [UInt8], count: Int, clientNonce: String) -> String {
        let username = userhash ? algorithm.hash("\(user):\(realm)") : user
        var secret = algorithm.hash("\(user):\(realm):\(password)")
        if algorithm.isSession { secret = algorithm.hash("\(secret):\(nonce):\(clientNonce)") }
        let quality = qop.contains("auth") ? "auth" : qop.contains("auth-int") ? "auth-int" : nil
        let target = quality == "auth-int" ? algorithm.hash("\(method):\(uri):\(algorithm.hash(body))") : algorithm.hash("\(method):\(uri)")
        let nc = String(String(count, radix: 16).suffix(8)).leftPadded(to: 8)
        let response = if let quality {
            algorithm.hash("\(secret):\(nonce):\(nc):\(clientNonce):\(quality):\(target)")
        } else {
            algorithm.hash("\(secret):\(nonce):\(target)")
        }
        var parts = [
            "username=\(Self.quoted(username))", "realm=\(Self.quoted(realm))", "uri=\(Self.quoted(uri))",
            "algorithm=\(algorithm.rawValue)", "nonce=\(Self.quoted(nonce))",
        ]
        if let quality { parts += ["nc=\(nc)", "cnonce=\(Self.quoted(clientNonce))", "qop=\(quality)"] }
        parts.append("response=\(Self.quoted(response))")
        if let opaque { parts.append("opaque=\(Self.quoted(opaque))") }
        if userhash { parts.append("userhash=true") }
        return "Digest " + parts.joined(separator: ", ")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingLiterally("\\", with: "\\\\").replacingLiterally("\"", with: "\\\"") + "\""
    }
}

extension DigestChallenge.Algorithm: CaseIterable {}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
