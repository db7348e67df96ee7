import OrderedCollections
import Synchronization

/// Keeps secrets out of everything rest-run prints or writes: values given with `--secret`,
/// captures marked `secret: true`, and the values of `Authorization`-like headers.
public final class Redactor: Sendable {
    /// What a secret is replaced with.
    public static let mask = "[redacted]"

    /// The secrets' forms as UTF-8, longest first, so a longer form is masked before a part of it.
    private let secrets = Mutex<[[UInt8]]>([])

    /// Creates a redactor that already knows `secrets`.
    public init(secrets: [String] = []) {
        for secret in secrets { add(secret) }
    }

    /// Whether a header's value is a credential: `Authorization`, cookies, API keys, and any header
    /// whose name holds auth, token, secret, password, passwd, api-key, apikey, session, credential,
    /// signature or cookie, in any case (`X-Auth-Token`, `X-Client-Secret`, `Set-Cookie`).
    public static func isSensitiveHeader(_ name: String) -> Bool {
        // Every request asks this for every header it sends: one pass over the name's bytes, a
        // word compared only where its first letter is, rather than `String.contains` or a loop
        // over a word list (Benchmarks/RESULTS.md). RunnerTests pins the words. The names every
        // request sends by default are known not to be, and compare as two words each.
        if name == "User-Agent" || name == "Accept" || name == "Accept-Encoding" { return false }
        var name = name
        return name.withUTF8 { bytes in
            for start in bytes.indices {
                let found: Bool
                switch lowered(bytes[start]) {
                case UInt8(ascii: "a"): found = bytes.hasWord("auth", at: start) || bytes.hasWord("api-key", at: start) || bytes.hasWord("apikey", at: start)
                case UInt8(ascii: "t"): found = bytes.hasWord("token", at: start)
                case UInt8(ascii: "s"): found = bytes.hasWord("secret", at: start) || bytes.hasWord("session", at: start) || bytes.hasWord("signature", at: start)
                case UInt8(ascii: "p"): found = bytes.hasWord("password", at: start) || bytes.hasWord("passwd", at: start)
                case UInt8(ascii: "c"): found = bytes.hasWord("credential", at: start) || bytes.hasWord("cookie", at: start)
                default: found = false
                }
                if found { return true }
            }
            return false
        }
    }

    fileprivate static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
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
            for form in forms where !form.isEmpty {
                let bytes = Array(form.utf8)
                guard !list.contains(bytes) else { continue }
                list.append(bytes)
                changed = true
            }
            if changed { list.sort { $0.count > $1.count } }
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

    /// `text` with every known secret replaced by the mask, and the password of every URL in it.
    public func redact(_ text: String) -> String {
        let text = URLPassword.masked(text) ?? text
        let list = secrets.withLock { $0 }
        guard !list.isEmpty else { return text }
        // On bytes: every printed line comes through here, and `String.contains` would cost
        // thousands of instructions per secret.
        var bytes = Array(text.utf8)
        var changed = false
        for secret in list {
            if let replaced = Self.replacingAll(secret, in: bytes) {
                bytes = replaced
                changed = true
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// `haystack` with every occurrence of `needle` replaced by the mask, or nil when there is none.
    static func replacingAll(_ needle: [UInt8], in haystack: [UInt8]) -> [UInt8]? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        let last = haystack.count - needle.count
        func matches(at index: Int) -> Bool {
            haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle)
        }
        guard var index = (0...last).first(where: matches) else { return nil }
        var result = Array(haystack[..<index])
        result.reserveCapacity(haystack.count)
        let mask = Array(mask.utf8)
        while index < haystack.count {
            if index <= last, matches(at: index) {
                result.append(contentsOf: mask)
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
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

extension UnsafeBufferPointer<UInt8> {
    /// Whether the lower-case ASCII `word` is here from `start` on, in any case.
    fileprivate func hasWord(_ word: StaticString, at start: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard start + length <= count else { return false }
        let letters = word.utf8Start
        for offset in 0..<length where Redactor.lowered(self[start + offset]) != letters[offset] {
            return false
        }
        return true
    }
}
