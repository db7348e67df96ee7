import OrderedCollections
import RestRun

/// Values one step smaller than a value: fewer properties and items, shorter texts, numbers
/// nearer zero; the biggest cuts first.
enum ValueShrinker {
    static func smaller(_ value: DecodedValue, depth: Int = 0) -> [DecodedValue] {
        guard depth < 6 else { return [] }
        var result: [DecodedValue] = []
        switch value {
        case let .string(text):
            let scalars = Array(text.unicodeScalars)
            for count in [0, scalars.count / 2, scalars.count - 1] where count >= 0 && count < scalars.count {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars.prefix(count))
                result.append(.string(String(view)))
            }
        case let .integer(number) where number != 0:
            result += [.integer(0), .integer(number / 2), .integer(number > 0 ? 1 : -1)]
        case let .number(number) where number != 0:
            result += [.integer(0), .number((number / 2).rounded())]
            if number != number.rounded() { result.append(.number(number.rounded())) }
        case let .array(items) where !items.isEmpty:
            result += [.array([]), .array(Array(items.prefix(items.count / 2)))]
            for index in items.indices.prefix(4) {
                var without = items
                without.remove(at: index)
                result.append(.array(without))
            }
            for index in items.indices.prefix(3) {
                for item in smaller(items[index], depth: depth + 1).prefix(2) {
                    var changed = items
                    changed[index] = item
                    result.append(.array(changed))
                }
            }
        case let .object(members) where !members.isEmpty:
            for key in members.keys {
                var without = members
                without.removeValue(forKey: key)
                result.append(.object(without))
            }
            for (key, member) in members {
                for item in smaller(member, depth: depth + 1).prefix(2) {
                    var changed = members
                    changed[key] = item
                    result.append(.object(changed))
                }
            }
        default:
            break
        }
        var unique: [DecodedValue] = []
        for candidate in result where candidate != value && !unique.contains(candidate) { unique.append(candidate) }
        return unique
    }
}
