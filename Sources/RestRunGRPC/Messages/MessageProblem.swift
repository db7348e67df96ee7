/// Why a message written in JSON cannot be sent as its type: one sentence, at the place in the
/// message it is about.
package struct MessageProblem: Error, Sendable, Equatable, Encodable {
    /// One step into a JSON value: a member's name or an item's index.
    package enum PathStep: Sendable, Equatable, Encodable {
        case key(String)
        case index(Int)

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .key(let key): try container.encode(key)
            case .index(let index): try container.encode(index)
            }
        }
    }

    /// Where: the steps from the message to the value (empty for the message itself).
    package var path: [PathStep]
    /// One sentence.
    package var message: String
    /// The unknown name the sentence is about, for "did you mean".
    package var unknown: String?
    /// The names `unknown` could have meant.
    package var candidates: [String]?
    /// Whether `path` ends at a member's name (an unknown field) rather than its value.
    package var atKey: Bool?

    init(path: [PathStep], message: String, unknown: String? = nil, candidates: [String]? = nil, atKey: Bool? = nil) {
        self.path = path
        self.message = message
        self.unknown = unknown
        self.candidates = candidates
        self.atKey = atKey
    }
}
