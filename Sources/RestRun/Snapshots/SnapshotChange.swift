/// One difference between a recorded snapshot and a response: a value changed, or a member, an
/// item or a header added or removed (once, at the root of what was).
package struct SnapshotChange: Sendable, Equatable {
    /// Where: `status`, `header Content-Type`, or a JSONPath into the body (`$.data[0].title`).
    package var place: String
    /// The recorded value; nil when it was added.
    package var old: DecodedValue?
    /// The value now; nil when it was removed.
    package var new: DecodedValue?

    /// The longest value shown, in characters; longer ones are cut with `…`.
    static let shownLength = 200

    /// A change.
    package init(place: String, old: DecodedValue?, new: DecodedValue?) {
        self.place = place
        self.old = old
        self.new = new
    }

    /// `$.data[0].title: "A" → "B"`, `$.links: added`, `$.meta.page: removed`.
    package var message: String {
        switch (old, new) {
        case let (old?, new?): "\(place): \(Self.shown(old)) → \(Self.shown(new))"
        case (nil, _?): "\(place): added"
        default: "\(place): removed"
        }
    }

    /// A value as JSON, cut at `shownLength` characters.
    package static func shown(_ value: DecodedValue) -> String {
        let text = value.jsonText(limit: shownLength * 4)
        guard text.count > shownLength else { return text }
        return String(text.prefix(shownLength)) + "…"
    }
}
