import OrderedCollections

/// Builds values that a schema allows: at random, or (with `variant`) the variant-th of each
/// choice's boundary values, so that a run's first examples go through every enum value, both
/// ends of every range, each `anyOf`/`oneOf` branch, `null` where allowed, and optional properties
/// present and absent. What it builds is checked against the schema by the caller.
package struct ValueGenerator {
    package var random: SeededRandom
    /// Which boundary variant to take; nil for random values.
    package var variant: Int?
    /// Where the value goes.
    package var place: ValuePlace

    package static let maximumDepth = 6
    /// What one value may hold in all: past this many items, or characters of long texts, arrays
    /// take their fewest items and texts their shortest length (arrays at `maxItems` inside arrays
    /// at `maxItems` would otherwise multiply).
    package static let itemBudget = 1_000
    package static let textBudget = 64 * 1024
    /// The items and characters made so far.
    private var itemsMade = 0
    private var textMade = 0

    package init(random: SeededRandom, variant: Int?, place: ValuePlace) {
        self.random = random
        self.variant = variant
        self.place = place
    }
    /// The longest text and the most items generated.
    package static let longestText = 65_536
    package static let mostItems = 1_000
    /// The most items an array at its `maxItems` is given.
    package static let itemsAtMost = 200

    /// A value for `node`, or nil when the shape allows none the generator can build.
    package mutating func value(for node: SchemaNode, depth: Int = 0) -> DecodedValue? {
        value(shape: SchemaShape(node), depth: depth)
    }

    package mutating func value(shape original: SchemaShape, depth: Int) -> DecodedValue? {
        var shape = original
        // One branch of each `anyOf`/`oneOf`, merged in; a branch may bring groups of its own.
        var groups = 0
        while groups < shape.alternatives.count, groups < 8 {
            let branch = pick(shape.alternatives[groups])
            groups += 1
            if let branch { shape.absorb(branch, depth: depth + 1) }
        }
        if shape.impossible { return nil }
        if let constant = shape.constant { return constant }
        if let values = shape.enumeration { return pick(values) }
        if variant == nil, !shape.examples.isEmpty, random.chance(1, in: 5) { return pick(shape.examples) }
        guard depth < Self.maximumDepth else { return shape.examples.first }
        var types = shape.candidateTypes
        if place != .body { types.removeAll { $0 == "object" || ($0 == "array" && place == .path) } }
        guard let type = pick(types) else { return nil }
        switch type {
        case "null": return .null
        case "boolean": return .bool(pick([true, false]) ?? true)
        case "integer": return integer(shape).map(DecodedValue.integer)
        case "number": return number(shape)
        case "string": return string(shape).map(DecodedValue.string)
        case "array": return array(shape, depth: depth)
        default: return object(shape, depth: depth)
        }
    }

    /// The variant-th of `choices`, or one at random.
    private mutating func pick<Value>(_ choices: [Value]) -> Value? {
        guard !choices.isEmpty else { return nil }
        if let variant { return choices[variant % choices.count] }
        return choices.randomElement(using: &random)
    }

    // MARK: Numbers

    private func integerBounds(_ shape: SchemaShape) -> (Int, Int)? {
        var low = Int.min, high = Int.max
        switch shape.format {
        case "int32": low = Int(Int32.min); high = Int(Int32.max)
        default: break
        }
        if let minimum = shape.minimum {
            let bound = shape.exclusiveMinimum ? (minimum.rounded(.down) + 1) : minimum.rounded(.up)
            // Double(Int.max) is 2^63, one past Int.max: a bound there has no Int.
            if bound >= Double(Int.max) || bound.isNaN { return nil }
            if bound > Double(low) { low = Int(bound) }
        }
        if let maximum = shape.maximum {
            let bound = shape.exclusiveMaximum ? (maximum.rounded(.up) - 1) : maximum.rounded(.down)
            if bound < Double(Int.min) || bound.isNaN { return nil }
            if bound < Double(high) { high = Int(bound) }
        }
        return low <= high ? (low, high) : nil
    }

    private mutating func integer(_ shape: SchemaShape) -> Int? {
        guard let (low, high) = integerBounds(shape) else { return nil }
        var candidates = [low, high, 0, 1, -1, low &+ 1, high &- 1, Int(Int32.max), Int(Int32.min), 1 << 53]
            .filter { $0 >= low && $0 <= high }
        if shape.minimum == nil && shape.maximum == nil && shape.format != "int32" { candidates += [Int.max, Int.min] }
        var value: Int
        if variant != nil || random.chance(1, in: 3) {
            value = pick(candidates) ?? low
        } else if random.chance(2, in: 3) {
            value = Int.random(in: max(low, -1000)...max(max(low, -1000), min(high, 1000)), using: &random)
        } else {
            value = Int.random(in: low...high, using: &random)
        }
        if let divisor = shape.multipleOf, divisor >= 1, divisor == divisor.rounded(), divisor < 1e15 {
            let step = Int(divisor)
            value = value / step * step
            if value < low { value = value &+ step }
            if value > high { value = value &- step }
        }
        return value >= low && value <= high ? value : nil
    }

    private mutating func number(_ shape: SchemaShape) -> DecodedValue? {
        if shape.multipleOf.map({ $0 == $0.rounded() }) == true || random.chance(1, in: 2) {
            if let integer = integer(shape) { return .integer(integer) }
        }
        var low = shape.minimum ?? -1e9, high = shape.maximum ?? 1e9
        if shape.exclusiveMinimum { low = low.nextUp + Swift.max(1e-9, abs(low) * 1e-9) }
        if shape.exclusiveMaximum { high = high.nextDown - Swift.max(1e-9, abs(high) * 1e-9) }
        guard low <= high, low.isFinite, high.isFinite else { return nil }
        // A range wider than a Double can hold has no uniform draw: its ends and middle are used.
        let drawable = (high - low).isFinite
        let candidates = [low, high, 0, 0.5, -1.5, low / 2 + high / 2].filter { $0 >= low && $0 <= high }
        let value = variant != nil || !drawable || random.chance(1, in: 3) ? (pick(candidates) ?? low) : Double.random(in: low...high, using: &random)
        return .number(value)
    }

    // MARK: Strings

    /// How long a text with no `maxLength` may be made: a few thousand characters in a body, two
    /// thousand in a URL or a header, where servers limit the whole line (8 KB, often).
    private var longText: Int { place == .body ? 4096 : 2048 }

    private mutating func string(_ shape: SchemaShape) -> String? {
        let longest = shape.maxLength ?? Swift.max(shape.minLength + 24, 24)
        if let pattern = shape.patterns.first {
            return pattern.sample(using: &random, maxLength: Swift.min(longest, 64))
        }
        if let format = shape.format, let text = formatted(format) { return text }
        let shortest = place == .path ? Swift.max(1, shape.minLength) : shape.minLength
        // A text longer than this is no use as a request (and a schema may ask for a billion).
        guard shortest <= longest, shortest <= Self.longestText else { return nil }
        // The boundary variants: the shortest, at and just under maxLength, and, where none is
        // set, long texts a server may not expect.
        var lengths = [shortest, Swift.min(longest, Self.longestText), Swift.min(shortest + 1, longest), Swift.min(Swift.max(shortest, 8), longest)]
        if let maxLength = shape.maxLength {
            lengths.append(Swift.min(Swift.max(shortest, maxLength - 1), Self.longestText))
        } else {
            lengths += [Swift.max(shortest, 300), Swift.max(shortest, longText)]
        }
        var count: Int
        if variant != nil {
            count = pick(lengths) ?? shortest
        } else if random.chance(1, in: 6) {
            // Now and then a long one: near maxLength, or hundreds to thousands of characters.
            let top = Swift.min(shape.maxLength ?? longText, Self.longestText)
            count = Int.random(in: Swift.max(shortest, top - top / 4)...Swift.max(shortest, top), using: &random)
        } else {
            count = Int.random(in: shortest...Swift.max(shortest, Swift.min(longest, shortest + 32)), using: &random)
        }
        if textMade + count > Self.textBudget { count = shortest }
        textMade += count
        let unusual = variant.map { $0 % 3 == 2 } ?? random.chance(1, in: 2)
        return TextSampler.text(count: count, place: place, unusual: unusual, using: &random)
    }

    /// A text in a format's syntax, for the formats servers check.
    private mutating func formatted(_ format: String) -> String? {
        func digits(_ count: Int, _ range: ClosedRange<Int>) -> String {
            let value = Int.random(in: range, using: &random)
            let text = String(value)
            return String(repeating: "0", count: Swift.max(0, count - text.count)) + text
        }
        switch format {
        case "date-time":
            return "\(digits(4, 1970...2099))-\(digits(2, 1...12))-\(digits(2, 1...28))T\(digits(2, 0...23)):\(digits(2, 0...59)):\(digits(2, 0...59))Z"
        case "date":
            return "\(digits(4, 1970...2099))-\(digits(2, 1...12))-\(digits(2, 1...28))"
        case "time":
            return "\(digits(2, 0...23)):\(digits(2, 0...59)):\(digits(2, 0...59))Z"
        case "email", "idn-email":
            return "\(TextSampler.text(count: 6, place: .header, unusual: false, using: &random).filter { $0.isLetter || $0.isNumber })x@example.com"
        case "uuid":
            let hex = Array("0123456789abcdef")
            var text = ""
            for index in 0..<32 {
                if [8, 12, 16, 20].contains(index) { text += "-" }
                text.append(index == 12 ? "4" : index == 16 ? "8" : hex[Int.random(in: 0..<16, using: &random)])
            }
            return text
        case "uri", "iri", "url":
            return "https://example.com/\(digits(3, 0...999))"
        case "uri-reference", "iri-reference":
            return "/items/\(digits(3, 0...999))"
        case "hostname", "idn-hostname":
            return "host\(digits(3, 0...999)).example.com"
        case "ipv4":
            return "\(Int.random(in: 1...254, using: &random)).\(Int.random(in: 0...255, using: &random)).\(Int.random(in: 0...255, using: &random)).\(Int.random(in: 1...254, using: &random))"
        case "ipv6":
            return "2001:db8::\(String(Int.random(in: 1...0xFFFF, using: &random), radix: 16))"
        case "byte":
            return Base64.encode(Array(TextSampler.text(count: Int.random(in: 0...12, using: &random), place: .header, unusual: false, using: &random).utf8))
        default:
            return nil
        }
    }

    // MARK: Arrays and objects

    private mutating func array(_ shape: SchemaShape, depth: Int) -> DecodedValue? {
        let shortest = Swift.max(shape.minItems, 0)
        guard shortest <= Self.mostItems else { return nil }
        let longest = Swift.max(shortest, Swift.min(shape.maxItems ?? shortest + 3, shortest + 5))
        guard shape.maxItems.map({ $0 >= shortest }) ?? true else { return nil }
        // At maxItems too, where a body of that many stays small.
        let most = shape.maxItems.flatMap { $0 <= Self.itemsAtMost ? $0 : nil } ?? longest
        var count: Int
        if let variant {
            count = [shortest, most, longest][variant % 3]
        } else {
            count = random.chance(1, in: 8) ? most : Int.random(in: shortest...longest, using: &random)
        }
        if itemsMade + count > Self.itemBudget { count = shortest }
        itemsMade += count
        var items: [DecodedValue] = []
        var attempts = 0
        while items.count < count, attempts < count * 4 + 4 {
            attempts += 1
            let index = items.count
            let schema = index < shape.prefixItems.count ? shape.prefixItems[index] : shape.items
            let item: DecodedValue?
            if let schema { item = value(for: schema, depth: depth + 1) } else { item = .string(TextSampler.text(count: 3, place: .body, unusual: false, using: &random)) }
            guard let item else { return nil }
            if shape.uniqueItems, items.contains(item) { continue }
            items.append(item)
        }
        return items.count >= shortest ? .array(items) : nil
    }

    private mutating func object(_ shape: SchemaShape, depth: Int) -> DecodedValue? {
        var members = OrderedDictionary<String, DecodedValue>()
        let sendsAll = variant.map { $0 % 2 == 0 } ?? random.chance(1, in: 2)
        for (name, schema) in shape.properties where !shape.readOnly.contains(name) {
            let required = shape.required.contains(name)
            guard required || sendsAll || (variant == nil && random.chance(1, in: 2)) || members.count < shape.minProperties else { continue }
            if let item = value(for: schema, depth: depth + 1) {
                members[name] = item
            } else if required {
                return nil
            }
        }
        for name in shape.required where members[name] == nil && !shape.readOnly.contains(name) && !shape.properties.contains(where: { $0.name == name }) {
            members[name] = .string("x")
        }
        if let maximum = shape.maxProperties, members.count > maximum { return nil }
        return .object(members)
    }
}
