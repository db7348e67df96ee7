/// Checks `body:` text predicates (`contains`, `starts_with`, `ends_with`, `not`, several at once)
/// on the body's bytes, so a 100 MB body is searched where it lies instead of being copied into a
/// `String` first. Other predicates fall back to the body as text.
enum BodyMatcher {
    /// The outcome, or `nil` when the predicate needs the body as text.
    static func evaluate(_ predicate: Predicate, on body: [UInt8]) -> PredicateOutcome? {
        switch predicate {
        case let .contains(.value(.string(needle))):
            return PredicateOutcome(passed: find(Array(needle.utf8), in: body), expectation: .json("contains ", .string(needle)))
        case let .startsWith(.value(.string(prefix))):
            let bytes = Array(prefix.utf8)
            return PredicateOutcome(passed: body.starts(with: bytes), expectation: .json("starts with ", .string(prefix)))
        case let .endsWith(.value(.string(suffix))):
            let bytes = Array(suffix.utf8)
            return PredicateOutcome(passed: body.count >= bytes.count && body.suffix(bytes.count).elementsEqual(bytes),
                                    expectation: .json("ends with ", .string(suffix)))
        case let .not(inner):
            guard let outcome = evaluate(inner, on: body) else { return nil }
            return PredicateOutcome(passed: !outcome.passed, expectation: .prefixed("not ", outcome.expectation))
        case let .all(predicates):
            var outcomes: [PredicateOutcome] = []
            for predicate in predicates {
                guard let outcome = evaluate(predicate, on: body) else { return nil }
                outcomes.append(outcome)
            }
            return PredicateOutcome(passed: outcomes.allSatisfy(\.passed), expectation: .all(outcomes.map(\.expectation)))
        default:
            return nil
        }
    }

    /// The start of the body as JSON text, cut short, for the `actual:` line.
    static func excerpt(_ body: [UInt8]) -> String {
        let head = String(decoding: body.prefix(240), as: UTF8.self)
        let text = DecodedValue.string(head).jsonText.truncatedForDisplay()
        return body.count > 240 ? text + " (\(ByteCount.format(body.count)) in all)" : text
    }

    /// Whether `needle` occurs in `haystack` (first-byte scan with `memchr`-like skipping).
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                let last = hay.count - pin.count
                var index = 0
                while index <= last {
                    if hay[index] == first {
                        var match = true
                        var offset = 1
                        while offset < pin.count {
                            if hay[index + offset] != pin[offset] { match = false; break }
                            offset += 1
                        }
                        if match { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
