/// A prepared request's `stream:`: the settings with the scope its `until:` templates are read in.
package final class EventStreamReading: Sendable {
    /// The request's `stream:`.
    package let settings: EventStreamSettings
    private let scope: Scope

    /// Reads `settings`, with templates from `scope`.
    package init(_ settings: EventStreamSettings, scope: Scope) {
        self.settings = settings
        self.scope = scope
    }

    /// Whether `event` meets every `until:` condition (never, when there are none); a template
    /// that cannot be read meets nothing.
    func meetsUntil(_ event: DecodedValue) -> Bool {
        guard !settings.until.isEmpty else { return false }
        for condition in settings.until {
            let nodes = condition.path.select(event)
            let actual = condition.path.isSingular ? nodes.first : .array(nodes)
            do throws(Diagnostic) {
                guard try condition.predicate.evaluate(actual, in: scope).passed else { return false }
            } catch {
                return false
            }
        }
        return true
    }
}
