import OrderedCollections
/// RFC 6901 JSON pointers: `/properties/a~1b/0`.
package enum JSONPointer {
    /// A key as one pointer token: `~` becomes `~0`, `/` becomes `~1`.
    package static func escape(_ key: String) -> String {
        guard key.contains("~") || key.contains("/") else { return key }
        return key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// The tokens of `pointer`, unescaped; nil when it is not a pointer (does not start with `/`).
    package static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    /// The value `pointer` leads to in `root`.
    package static func resolve(_ pointer: String, in root: DecodedValue) -> DecodedValue? {
        guard let tokens = tokens(pointer) else { return nil }
        var current = root
        for token in tokens {
            switch current {
            case let .object(members):
                guard let next = members[token] else { return nil }
                current = next
            case let .array(items):
                guard let index = Int(token), index >= 0, index < items.count, token == String(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
