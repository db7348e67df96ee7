/// A prepared request's `stream:`: the settings with the scope its `until:` templates are read in.
package final class EventStreamReading: Sendable {
    /// The request's `stream:`.
    package let settings: EventStreamSettings
    private let scope: Scope

    /// Reads `settings`, with templates from `scope`.
    package init(_ settings: EventStreamSettings, scope: Scope) {
        self.settings = settings
        self.scope = scope
        untilReadsJSON = settings.until.contains { EventStreamSettings.readsJSON($0.path, overList: false) }
        fields = settings.until.map { condition in
            switch condition.path.memberNames {
            case ["data"]?: .data
            case ["event"]?: .type
            case ["id"]?: .id
            default: nil
            }
        }
        plainEquals = settings.until.map { condition in
            if case let .equals(.value(.string(text))) = condition.predicate { Array(text.utf8) } else { nil }
        }
        hasUntil = !settings.until.isEmpty
        dataEquals = settings.until.count == 1 && fields.first == .data ? plainEquals.first ?? nil : nil
    }

    /// An event's field a condition reads directly (`$.data`, `$.event`, `$.id`), so that most
    /// events are checked without being made into a value.
    private enum Field {
        case data, type, id
    }

    private static let message = Array("message".utf8)

    /// Each condition's field, or nil when it needs the whole event.
    private let fields: [Field?]
    /// Each condition's text when it is a plain string to equal (`until: { $.data: "[DONE]" }`):
    /// compared as bytes, without the predicate's machinery, for every event.
    private let plainEquals: [[UInt8]?]
    /// The one condition, when it is `$.data` equal to a text (`until: { $.data: "[DONE]" }`):
    /// checked on every event with no loop.
    let dataEquals: [UInt8]?
    private let hasUntil: Bool

    /// Whether a condition of `until:` may read an event's `json`.
    private let untilReadsJSON: Bool

    /// Whether `event` meets every `until:` condition (never, when there are none); a template
    /// that cannot be read meets nothing.
    func meetsUntil(_ raw: EventStreamParser.RawEvent) -> Bool {
        if let dataEquals {
            return raw.data.count == dataEquals.count && raw.data.elementsEqual(dataEquals)
        }
        guard hasUntil else { return false }
        var event: DecodedValue?
        var received: ServerSentEvent?
        for (index, condition) in settings.until.enumerated() {
            let field = fields[index]
            if let text = plainEquals[index], let field {
                let equal = switch field {
                case .data: raw.data.count == text.count && raw.data.elementsEqual(text)
                case .type: raw.type.isEmpty ? text == Self.message : raw.type.elementsEqual(text)
                case .id: raw.id.elementsEqual(text)
                }
                guard equal else { return false }
                continue
            }
            let whole = received ?? raw.event
            received = whole
            let actual: DecodedValue?
            switch field {
            case .data?: actual = .string(whole.data)
            case .type?: actual = .string(whole.type)
            case .id?: actual = .string(whole.id)
            case nil:
                let value = event ?? whole.value(includingJSON: untilReadsJSON)
                event = value
                let nodes = condition.path.select(value)
                actual = condition.path.isSingular ? nodes.first : .array(nodes)
            }
            do throws(Diagnostic) {
                guard try condition.predicate.evaluate(actual, in: scope).passed else { return false }
            } catch {
                return false
            }
        }
        return true
    }
}
