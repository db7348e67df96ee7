import Synchronization

/// Keeps secrets out of everything rest-run prints or writes: values given with `--secret`,
/// captures marked `secret: true`, and the values of `Authorization`-like headers.
public final class Redactor: Sendable {
    /// What a secret is replaced with.
    public static let mask = "[redacted]"
    /// Headers whose values are never shown, lower-cased.
    public static let sensitiveHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]
    /// Words that make any header holding them sensitive too (`X-Auth-Token`, `X-Client-Secret`).
    static let sensitiveWords = ["auth", "token", "secret", "password", "passwd", "api-key", "apikey", "session", "credential", "signature"]

    private let secrets = Mutex<[String]>([])

    /// Creates a redactor that already knows `secrets`.
    public init(secrets: [String] = []) {
        for secret in secrets { add(secret) }
    }

    /// Whether a header's value is a credential: `Authorization`, cookies, API keys, and any header
    /// whose name says token, secret, password, session, ...
    public static func isSensitiveHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return sensitiveHeaders.contains(lowered) || sensitiveWords.contains { lowered.contains($0) }
    }

    /// Adds a secret; it is hidden from now on wherever it appears, also as it looks URL-encoded,
    /// JSON-escaped and in base64. Empty values are ignored.
    public func add(_ secret: String) {
        guard !secret.isEmpty else { return }
        var forms = [secret]
        if secret.utf8.count >= 4 {
            forms.append(URLBuilder.encode(secret))
            forms.append(DecodedValue.string(secret).jsonText.dropFirst().dropLast().description)
            let base64 = Base64.encode(Array(secret.utf8))
            forms.append(base64)
            forms.append(String(base64.prefix { $0 != "=" }))
            forms.append(String(base64.prefix { $0 != "=" }.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }))
        }
        secrets.withLock { list in
            var changed = false
            for form in forms where !form.isEmpty && !list.contains(form) {
                list.append(form)
                changed = true
            }
            if changed { list.sort { $0.utf8.count > $1.utf8.count } }
        }
    }

    /// Adds every string a secret value holds: the value as a template would insert it, and each
    /// string inside an array or object.
    public func add(_ value: DecodedValue) {
        add(value.interpolationText)
        switch value {
        case let .array(items): for item in items { add(item) }
        case let .object(members): for member in members.values { add(member) }
        default: break
        }
    }

    /// Whether any secret is known.
    public var isEmpty: Bool { secrets.withLock { $0.isEmpty } }

    /// `text` with every known secret replaced by the mask.
    public func redact(_ text: String) -> String {
        let list = secrets.withLock { $0 }
        guard !list.isEmpty else { return text }
        var result = text
        for secret in list where result.contains(secret) {
            result = result.replacing(secret, with: Self.mask)
        }
        return result
    }

    /// A header's value as it may be shown: masked for sensitive headers, redacted otherwise.
    public func headerValue(name: String, value: String) -> String {
        if Self.isSensitiveHeader(name) {
            if let space = value.firstIndex(of: " "), name.lowercased().hasSuffix("authorization") {
                return value[..<space] + " " + Self.mask
            }
            return Self.mask
        }
        return redact(value)
    }

    /// A value tree with every string that holds a secret redacted.
    public func redact(_ value: DecodedValue) -> DecodedValue {
        guard !isEmpty else { return value }
        switch value {
        case let .string(text): return .string(redact(text))
        case let .array(items): return .array(items.map { redact($0) })
        case let .object(members): return .object(members.mapValues { redact($0) })
        default: return value
        }
    }
}
