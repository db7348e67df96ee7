import OrderedCollections
import RestRun

/// Makes the cases for one operation: positive ones from its parameters' and body's schemas (the
/// first ones through each schema's boundary values, then at random), and negative ones that
/// break exactly one thing a positive case sends. Every value is checked against its schema as
/// the server will read it, so a positive case is one the spec allows and a negative one is one
/// it refuses.
struct CaseGenerator {
    let operation: OpenAPIOperation
    let index: Int
    let seed: UInt64
    /// What a negative case of the operation can break, and the planned first negative cases:
    /// both depend on the operation alone, so they are worked out once.
    private let targets: [Target]
    private let plan: [PlannedBreak]

    init(operation: OpenAPIOperation, index: Int, seed: UInt64) {
        self.operation = operation
        self.index = index
        self.seed = seed
        targets = Self.targets(of: operation)
        plan = Self.plan(targets)
    }

    /// How many of the first cases take boundary variants rather than random values.
    static let variants = 12

    /// The `number`-th positive case; nil when no value fits some required part.
    func positive(_ number: Int) -> FuzzCase? {
        positive(number, lenient: false)
    }

    /// The `number`-th positive case; `lenient` leaves out a required part no value fits, for the
    /// base of a negative case (which then breaks something else, or leaves that part out).
    private func positive(_ number: Int, lenient: Bool) -> FuzzCase? {
        var random = SeededRandom.derived(from: seed, [operation.name, "positive"], number)
        let variant = number < Self.variants ? number : nil
        var parameters: [RequestParameter] = []
        for parameter in Self.sendable(operation.parameters) {
            if !parameter.isRequired {
                let sends = variant.map { $0 % 2 == 0 } ?? random.chance(1, in: 2)
                guard sends else { continue }
            }
            guard let value = ExampleValue.parameterValue(parameter, variant: variant, random: &random) else {
                if parameter.isRequired, !lenient { return nil }
                continue
            }
            parameters.append(RequestParameter(location: parameter.location, name: parameter.name, value: value))
        }
        // A path parameter the spec forgot to declare still needs a value.
        for name in operation.template.parameterNames where !parameters.contains(where: { $0.location == "path" && $0.name == name }) {
            parameters.append(RequestParameter(location: "path", name: name, value: .string("1")))
        }
        var body: ExampleBody?
        if let requestBody = operation.requestBody, !requestBody.content.isEmpty {
            let sends = requestBody.isRequired || (variant.map { $0 % 4 != 3 } ?? random.chance(3, in: 4))
            if sends {
                body = ExampleValue.body(requestBody, variant: variant, random: &random)
                if body == nil, requestBody.isRequired, !lenient { return nil }
            }
        }
        return FuzzCase(operation: index, parameters: parameters, body: body, negation: nil, negatedPart: nil)
    }

    /// The `number`-th negative case: a positive one with one part made invalid; nil when the
    /// operation has nothing a schema can refuse.
    func negative(_ number: Int) -> FuzzCase? {
        guard var base = positive(Self.variants + number) ?? positive(number) ?? positive(number, lenient: true) else { return nil }
        var random = SeededRandom.derived(from: seed, [operation.name, "negative"], number)
        // The first cases follow a plan that breaks each part once, and each constraint of the
        // body on its own at every depth; the rest pick at random.
        var order = Array(targets.indices)
        order.shuffle(using: &random)
        var attempts = order.map { PlannedBreak(target: targets[$0], focus: nil, site: nil) }
        if number < plan.count { attempts.insert(plan[number], at: 0) }
        for attempt in attempts {
            let target = attempt.target
            if let negation = apply(target, to: &base, random: &random, focus: attempt.focus, site: attempt.site) {
                base.negation = negation
                base.negatedPart = switch target {
                case let .parameter(parameter), let .missing(parameter): "\(parameter.location) \(parameter.name)"
                case .body, .form, .malformed, .noBody: "body"
                }
                return base
            }
        }
        return nil
    }

    /// What a negative case of `operation` can break: each parameter, each required one left out,
    /// the body (JSON or a form) made invalid, malformed or left out.
    private static func targets(of operation: OpenAPIOperation) -> [Target] {
        var targets: [Target] = []
        for parameter in sendable(operation.parameters) {
            if parameter.schema != nil { targets.append(.parameter(parameter)) }
            if parameter.isRequired, parameter.location != "path" { targets.append(.missing(parameter)) }
        }
        if let requestBody = operation.requestBody, let json = requestBody.content.first(where: { OpenAPIContract.isJSON($0.mediaType) }) {
            if json.schema != nil { targets.append(.body(json)) }
            targets.append(.malformed(json.mediaType))
            if requestBody.isRequired { targets.append(.noBody) }
        } else if let requestBody = operation.requestBody, let form = requestBody.content.first(where: { ExampleValue.isForm($0.mediaType) }) {
            if form.schema != nil { targets.append(.form(form)) }
            if requestBody.isRequired { targets.append(.noBody) }
        }
        return targets
    }

    /// One negative case to try: a target, and the property (`focus`) or site it is broken at.
    private struct PlannedBreak {
        var target: Target
        var focus: String?
        var site: BreakSite?
    }

    /// The planned negative cases: each parameter broken and each required one left out, the body
    /// malformed and left out, then each site of a JSON body (`BreakSite`) and each field of a
    /// form in turn.
    private static func plan(_ targets: [Target]) -> [PlannedBreak] {
        var first: [PlannedBreak] = []
        var body: [PlannedBreak] = []
        for target in targets {
            switch target {
            case let .body(mediaType):
                guard let schema = mediaType.schema else { continue }
                body += BreakSite.sites(of: schema.root).map { PlannedBreak(target: target, site: $0) }
            case let .form(mediaType):
                guard let schema = mediaType.schema else { continue }
                body += SchemaShape(schema.root).properties.map { PlannedBreak(target: target, focus: $0.name) }
            default:
                first.append(PlannedBreak(target: target))
            }
        }
        return first + body
    }

    /// What a negative case breaks.
    private enum Target {
        case parameter(OpenAPIParameter)
        case missing(OpenAPIParameter)
        case body(OpenAPIMediaType)
        case form(OpenAPIMediaType)
        case malformed(String)
        case noBody
    }

    private func apply(_ target: Target, to base: inout FuzzCase, random: inout SeededRandom, focus: String?, site: BreakSite?) -> String? {
        switch target {
        case let .missing(parameter):
            base.parameters.removeAll { $0.location == parameter.location && $0.name == parameter.name }
            return "without the required \(parameter.location) parameter '\(parameter.name)'"
        case let .parameter(parameter):
            guard let schema = parameter.schema else { return nil }
            let current = base.parameters.first { $0.location == parameter.location && $0.name == parameter.name }?.value
            let place = ExampleValue.place(parameter.location)
            for _ in 0..<6 {
                var mutator = ValueMutator(random: random, place: place)
                guard let (value, change) = mutator.mutate(current, node: schema.root) else { return nil }
                random = mutator.random
                let text = ExampleValue.text(value)
                // The server reads text: it must be refused both as it is and as the value it looks like.
                guard !text.isEmpty, !(place == .header && !ExampleValue.isHeaderText(text)),
                      !schema.isValid(.string(text), assertsFormats: true),
                      !schema.isValid(OpenAPIContract.typedValue(text, for: schema), assertsFormats: true)
                else { continue }
                base.parameters.removeAll { $0.location == parameter.location && $0.name == parameter.name }
                base.parameters.append(RequestParameter(location: parameter.location, name: parameter.name, value: value))
                return "\(parameter.location) parameter '\(parameter.name)': \(change)"
            }
            return nil
        case let .body(mediaType):
            guard let schema = mediaType.schema else { return nil }
            var current: DecodedValue?
            if case let .json(value, _)? = base.body { current = value }
            if let site {
                // A body the case does not send is made, to be broken at the site.
                if current == nil, let requestBody = operation.requestBody, case let .json(value, _)? = ExampleValue.body(requestBody, variant: nil, random: &random) {
                    current = value
                }
                guard let current, let (value, change) = site.apply(to: current, root: schema.root, random: &random),
                      !schema.isValid(value, assertsFormats: true, direction: .request) else { return nil }
                base.body = .json(value, mediaType: mediaType.mediaType)
                return "the body: \(change)"
            }
            for _ in 0..<6 {
                var mutator = ValueMutator(random: random, place: .body)
                mutator.focus = focus
                guard let (value, change) = mutator.mutate(current, node: schema.root) else { return nil }
                random = mutator.random
                guard !schema.isValid(value, assertsFormats: true, direction: .request) else { continue }
                base.body = .json(value, mediaType: mediaType.mediaType)
                return "the body: \(change)"
            }
            return nil
        case let .form(mediaType):
            guard let schema = mediaType.schema else { return nil }
            var current: OrderedDictionary<String, DecodedValue> = [:]
            switch base.body {
            case let .form(fields, _)?, let .multipart(fields)?: for field in fields { current[field.name] = field.value }
            default: break
            }
            let shape = SchemaShape(schema.root)
            for _ in 0..<12 {
                var mutator = ValueMutator(random: random, place: .body, memberPlace: .query, focus: focus)
                guard let (value, change) = mutator.mutate(.object(current), node: schema.root)
                else { return nil }
                random = mutator.random
                // Fields travel as text: refused both as built and as the server reads the texts back.
                guard case let .object(members) = value,
                      !schema.isValid(value, assertsFormats: true, direction: .request),
                      !schema.isValid(Self.formAsRead(members, shape: shape), assertsFormats: true, direction: .request)
                else { continue }
                let fields = members.map { RequestParameter(location: "form", name: $0.key, value: $0.value) }
                base.body = mediaType.mediaType == "multipart/form-data" ? .multipart(fields) : .form(fields, mediaType: mediaType.mediaType)
                return "the form: \(change)"
            }
            return nil
        case let .malformed(mediaType):
            base.body = .raw(Array("{\"unclosed\": [1, 2".utf8), mediaType: mediaType)
            return "a body that is not valid JSON"
        case .noBody:
            base.body = nil
            return "without the required body"
        }
    }

    // MARK: Values

    /// The parameters a request can carry: in the path, the query, a header or a cookie, a
    /// header's or cookie's name being an HTTP token.
    static func sendable(_ parameters: [OpenAPIParameter]) -> [OpenAPIParameter] {
        parameters.filter { parameter in
            switch parameter.location {
            case "path", "query": true
            case "header", "cookie": HeaderName.isValid(parameter.name)
            default: false
            }
        }
    }

    /// Form fields as a server reads them (see `FormFields`).
    static func formAsRead(_ members: OrderedDictionary<String, DecodedValue>, shape: SchemaShape) -> DecodedValue {
        FormFields.asRead(members, shape: shape)
    }

    /// Form fields as a server reads them (a repeated name's first value).
    static func formAsRead(_ fields: [RequestParameter], shape: SchemaShape) -> DecodedValue {
        formAsRead(OrderedDictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }), shape: shape)
    }
}
