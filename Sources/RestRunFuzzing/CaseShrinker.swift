import OrderedCollections
import RestRun

/// The cases one step smaller than a failing case, that the schemas judge as they judged it: a
/// positive case stays allowed, and a negative one keeps its invalid part as it is while the rest
/// stays allowed (a body made invalid stays invalid).
struct CaseShrinker {
    let operation: OpenAPIOperation

    func candidates(_ fuzzCase: FuzzCase) -> [FuzzCase] {
        var result: [FuzzCase] = []
        let negated = fuzzCase.negatedPart
        // A path parameter is part of the path: it is never dropped, and never shortened to nothing.
        for (index, parameter) in fuzzCase.parameters.enumerated()
        where "\(parameter.location) \(parameter.name)" != negated && parameter.location != "path" {
            var without = fuzzCase
            without.parameters.remove(at: index)
            result.append(without)
        }
        switch fuzzCase.body {
        case let .json(value, mediaType)?:
            for smaller in ValueShrinker.smaller(value) {
                var changed = fuzzCase
                changed.body = .json(smaller, mediaType: mediaType)
                result.append(changed)
            }
        case let .form(fields, _)?, let .multipart(fields)?:
            // Fields are shrunk as the object they stand for.
            for case let .object(members) in ValueShrinker.smaller(Self.object(fields)) {
                var changed = fuzzCase
                let smaller = members.map { RequestParameter(location: "form", name: $0.key, value: $0.value) }
                if case let .form(_, mediaType)? = fuzzCase.body { changed.body = .form(smaller, mediaType: mediaType) } else { changed.body = .multipart(smaller) }
                result.append(changed)
            }
        default:
            break
        }
        for (index, parameter) in fuzzCase.parameters.enumerated() where "\(parameter.location) \(parameter.name)" != negated {
            for smaller in ValueShrinker.smaller(parameter.value).prefix(3) where parameter.location != "path" || !ExampleValue.text(smaller).isEmpty {
                var changed = fuzzCase
                changed.parameters[index].value = smaller
                result.append(changed)
            }
        }
        return result.filter(isJudgedAlike)
    }

    /// Whether the schemas judge `fuzzCase` as the case it came from: every part allowed but the
    /// negated one.
    func isJudgedAlike(_ fuzzCase: FuzzCase) -> Bool {
        let negated = fuzzCase.negatedPart
        for parameter in operation.parameters where ["path", "query", "header", "cookie"].contains(parameter.location) {
            let key = "\(parameter.location) \(parameter.name)"
            guard key != negated else { continue }
            guard let sent = fuzzCase.parameters.first(where: { $0.location == parameter.location && $0.name == parameter.name }) else {
                if parameter.isRequired { return false }
                continue
            }
            let text = ExampleValue.text(sent.value)
            if parameter.location == "path", text.isEmpty { return false }
            if let schema = parameter.schema, !schema.isValid(OpenAPIContract.typedValue(text, for: schema), assertsFormats: true) { return false }
        }
        guard let requestBody = operation.requestBody else { return true }
        switch fuzzCase.body {
        case let .json(value, mediaType)?:
            guard let schema = requestBody.mediaType(for: mediaType)?.schema else { return true }
            let valid = schema.isValid(value, assertsFormats: true, direction: .request)
            return negated == "body" ? !valid : valid
        case let .form(fields, mediaType)?:
            return isFormJudgedAlike(fields, schema: requestBody.mediaType(for: mediaType)?.schema, negated: negated == "body")
        case let .multipart(fields)?:
            return isFormJudgedAlike(fields, schema: requestBody.mediaType(for: "multipart/form-data")?.schema, negated: negated == "body")
        case nil:
            return !requestBody.isRequired || negated == "body"
        default:
            return true
        }
    }

    /// Whether a form is allowed as built, or, when it was made invalid, refused both as built and
    /// as the server reads its texts back.
    private func isFormJudgedAlike(_ fields: [RequestParameter], schema: JSONSchema?, negated: Bool) -> Bool {
        guard let schema else { return !negated }
        let built = Self.object(fields)
        guard negated else { return schema.isValid(built, assertsFormats: true, direction: .request) }
        guard case let .object(members) = built, !schema.isValid(built, assertsFormats: true, direction: .request) else { return false }
        return !schema.isValid(CaseGenerator.formAsRead(members, shape: SchemaShape(schema.root)), assertsFormats: true, direction: .request)
    }

    /// Form fields as the object they stand for.
    private static func object(_ fields: [RequestParameter]) -> DecodedValue {
        .object(.init(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
    }
}
