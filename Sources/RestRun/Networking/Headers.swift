import NIOHTTP1

/// HTTP header fields in order, with names compared case-insensitively.
public struct Headers: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The fields, in the order they are sent or were received.
    public private(set) var fields: [(name: String, value: String)]

    /// Creates headers from name-value pairs.
    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// Creates headers from AsyncHTTPClient's, in the same order.
    init(_ headers: HTTPHeaders) {
        fields = []
        fields.reserveCapacity(headers.count)
        for (name, value) in headers { fields.append((name: name, value: value)) }
    }

    /// Creates headers from a literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of a field, or `nil`.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of a field, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        for field in fields where Self.sameName(field.name, name) { values.append(field.value) }
        return values
    }

    /// Whether two field names are equal, ignoring ASCII case, without allocating.
    public static func sameName(_ a: String, _ b: String) -> Bool {
        // Names of different lengths differ (case folding here is ASCII only); most names asked
        // about are, and a native string knows its length without a pass over it.
        guard a.utf8.count == b.utf8.count else { return false }
        var left = a.utf8.makeIterator(), right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case let (x?, y?):
                if x == y { continue }
                let lowerX = (x >= 65 && x <= 90) ? x | 0x20 : x
                let lowerY = (y >= 65 && y <= 90) ? y | 0x20 : y
                if lowerX != lowerY { return false }
            default: return false
            }
        }
    }

    /// Whether a field is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Adds a field, keeping any with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field of this name with one field.
    public mutating func set(_ name: String, _ value: String) {
        if let index = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
            fields[index].value = value
            var seen = false
            fields.removeAll { field in
                guard Self.sameName(field.name, name) else { return false }
                defer { seen = true }
                return seen
            }
        } else {
            add(name, value)
        }
    }

    /// Removes every field of this name.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// `Name: value` lines.
    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

    /// Equal when the same fields appear in the same order.
    public static func == (lhs: Headers, rhs: Headers) -> Bool {
        lhs.fields.count == rhs.fields.count && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
