import Synchronization

/// Keeps secrets out of everything rest-run prints or writes: values given with `--secret`,
/// captures marked `secret: true`, and the values of `Authorization`-like headers.
public final class Redactor: Sendable {
    /// What a secret is replaced with.
    public static let mask = "[redacted]"
    /// Headers whose values are never shown, lower-cased.
    public static let sensitiveHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]

    private let secrets = Mutex<[String]>([])

    /// Creates a redactor that already knows `secrets`.
    public init(secrets: [String] = []) {
        for secret in secrets { add(secret) }
    }

    /// Adds a secret; it is hidden from now on wherever it appears. Empty values are ignored.
    public func add(_ secret: String) {
        guard !secret.isEmpty else { return }
        secrets.withLock { list in
            guard !list.contains(secret) else { return }
            list.append(secret)
            list.sort { $0.count > $1.count }
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
        if Self.sensitiveHeaders.contains(name.lowercased()) {
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
