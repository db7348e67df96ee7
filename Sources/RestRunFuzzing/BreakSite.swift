import OrderedCollections
import RestRun

/// One constraint inside a body that a negative case can break on its own: where it is (the
/// properties and items that lead to it from the top) and how it is broken. The first negative
/// cases of an operation go through its body's sites in turn, so that a bound on a property deep
/// in an item of an array is broken as surely as one at the top.
struct BreakSite {
    /// A step from a value into one inside it.
    enum Step: Equatable {
        case property(String)
        /// The first item of an array (one is made when there is none).
        case item
    }

    var path: [Step]
    var kind: ValueMutator.MutationKind
    /// The required property `missingRequired` leaves out.
    var property: String?

    /// The deepest a site is looked for, and the most sites a body has.
    static let maximumDepth = 6
    static let limit = 400

    /// The sites of a value `node` describes: every bound, length, enum, pattern, format, item
    /// count, required property and closed object, at every depth, the shallower first; then a
    /// wrong type at each place below the top.
    static func sites(of node: SchemaNode) -> [BreakSite] {
        var constraints: [BreakSite] = [], types: [BreakSite] = []
        var queue: [(node: SchemaNode, path: [Step])] = [(node, [])]
        var visited = 0
        while !queue.isEmpty, visited < limit {
            let (current, path) = queue.removeFirst()
            visited += 1
            let shape = SchemaShape(current)
            if !path.isEmpty, shape.types != nil { types.append(BreakSite(path: path, kind: .wrongType)) }
            let candidates = shape.candidateTypes
            if shape.minimum != nil { constraints.append(BreakSite(path: path, kind: .belowMinimum)) }
            if shape.maximum != nil { constraints.append(BreakSite(path: path, kind: .aboveMaximum)) }
            if shape.multipleOf != nil { constraints.append(BreakSite(path: path, kind: .notMultiple)) }
            if candidates.contains("string") {
                if shape.minLength > 0 { constraints.append(BreakSite(path: path, kind: .tooShort)) }
                if shape.maxLength != nil { constraints.append(BreakSite(path: path, kind: .tooLong)) }
                if !shape.patterns.isEmpty { constraints.append(BreakSite(path: path, kind: .offPattern)) }
                if shape.format != nil { constraints.append(BreakSite(path: path, kind: .badFormat)) }
            }
            if shape.enumeration != nil { constraints.append(BreakSite(path: path, kind: .outsideEnum)) }
            if shape.minItems > 0 { constraints.append(BreakSite(path: path, kind: .fewItems)) }
            if shape.maxItems != nil { constraints.append(BreakSite(path: path, kind: .manyItems)) }
            for name in shape.required { constraints.append(BreakSite(path: path, kind: .missingRequired, property: name)) }
            if shape.closed { constraints.append(BreakSite(path: path, kind: .unknownProperty)) }
            guard path.count < maximumDepth else { continue }
            for (name, schema) in shape.properties where !shape.readOnly.contains(name) {
                queue.append((schema, path + [.property(name)]))
            }
            if let items = shape.items { queue.append((items, path + [.item])) }
        }
        return Array((constraints + types).prefix(limit))
    }

    /// `value` (allowed by `root`) broken at this site, what was changed, and whether the body
    /// around it had to be filled in (a property or an item made where there was none); nil when
    /// the site cannot be reached or broken in it.
    func apply(to value: DecodedValue, root: SchemaNode, random: inout SeededRandom) -> (value: DecodedValue, change: String)? {
        apply(at: 0, to: value, node: root, random: &random)
    }

    private func apply(at index: Int, to value: DecodedValue?, node: SchemaNode, random: inout SeededRandom) -> (value: DecodedValue, change: String)? {
        guard index < path.count else {
            var mutator = ValueMutator(random: random, place: .body)
            mutator.leftOut = property
            let broken = mutator.breaking(value, node: node, kind: kind)
            random = mutator.random
            return broken
        }
        let shape = SchemaShape(node)
        switch path[index] {
        case let .property(name):
            guard let schema = shape.properties.first(where: { $0.name == name })?.schema else { return nil }
            var members: OrderedDictionary<String, DecodedValue>
            switch value {
            case let .object(existing)?: members = existing
            case nil: members = [:]
            default: return nil
            }
            var inner = members[name]
            if inner == nil {
                var generator = ValueGenerator(random: random, variant: nil, place: .body)
                inner = generator.value(for: schema, depth: index + 1)
                random = generator.random
                guard inner != nil else { return nil }
            }
            guard let (broken, change) = apply(at: index + 1, to: inner, node: schema, random: &random) else { return nil }
            members[name] = broken
            return (.object(members), "'\(name)': \(change)")
        case .item:
            guard let schema = shape.items, case var .array(items)? = value else { return nil }
            if items.isEmpty {
                var generator = ValueGenerator(random: random, variant: nil, place: .body)
                let made = generator.value(for: schema, depth: index + 1)
                random = generator.random
                guard let made else { return nil }
                items = [made]
            }
            guard let (broken, change) = apply(at: index + 1, to: items[0], node: schema, random: &random) else { return nil }
            items[0] = broken
            return (.array(items), "item 0: \(change)")
        }
    }
}
