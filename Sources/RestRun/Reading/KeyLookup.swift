/// Tells which of a fixed set of names a mapping key is: by its first byte, then a comparison or
/// two. A `switch` over strings (or `contains`) compares the key with every name before the right
/// one, and request files run this for every key of every request.
struct KeyLookup<Key: Sendable>: Sendable {
    /// The names in order, for messages and suggestions.
    let names: [String]
    private let buckets: [[(name: String, key: Key)]]

    /// A lookup of `keys`, each with its name.
    init(_ keys: [(name: String, key: Key)]) {
        var buckets = [[(name: String, key: Key)]](repeating: [], count: 256)
        for entry in keys { buckets[Int(entry.name.utf8.first ?? 0)].append(entry) }
        self.buckets = buckets
        names = keys.map(\.name)
    }

    /// The key named `text`, if it is one.
    func key(_ text: String) -> Key? {
        guard let first = text.utf8.first else { return nil }
        for entry in buckets[Int(first)] where entry.name == text { return entry.key }
        return nil
    }
}
