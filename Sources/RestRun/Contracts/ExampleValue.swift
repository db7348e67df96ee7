import OrderedCollections

/// Values an OpenAPI operation allows, made from its schemas (and its examples when the schemas
/// make none): what `rest-run import openapi` writes and what the fuzzer's positive cases send.
package enum ExampleValue {
    /// The text a parameter's value travels as: arrays comma-separated (the `simple` and `form`
    /// styles, unexploded), objects as JSON.
    package static func text(_ value: DecodedValue) -> String {
        switch value {
        case let .string(text): text
        case .null: ""
        case let .bool(flag): flag ? "true" : "false"
        case let .array(items): items.map(text).joined(separator: ",")
        case .object: value.jsonText
        default: value.jsonText
        }
    }

    package static func place(_ location: String) -> ValuePlace {
        switch location {
        case "path": .path
        case "header", "cookie": .header
        default: .query
        }
    }

    /// Whether `text` can be a header's value as it is (visible ASCII, no outer spaces).
    package static func isHeaderText(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } && text.first != " " && text.last != " "
    }

    /// A value for `parameter` that its schema allows as the server reads it.
    package static func parameterValue(_ parameter: OpenAPIParameter, variant: Int?, random: inout SeededRandom) -> DecodedValue? {
        guard let schema = parameter.schema else { return .string("x") }
        let place = place(parameter.location)
        for attempt in 0..<12 {
            var generator = ValueGenerator(random: random, variant: attempt == 0 ? variant : nil, place: place)
            let value = generator.value(for: schema.root)
            random = generator.random
            guard let value else { continue }
            let text = text(value)
            if place == .header, !isHeaderText(text) { continue }
            if place == .path, text.isEmpty { continue }
            if schema.isValid(OpenAPIContract.typedValue(text, for: schema), assertsFormats: true) { return value }
        }
        let example = schema.example()
        let text = text(example)
        return schema.isValid(OpenAPIContract.typedValue(text, for: schema), assertsFormats: true) && !(place == .path && text.isEmpty) ? example : nil
    }

    package static func isForm(_ mediaType: String) -> Bool {
        mediaType == "application/x-www-form-urlencoded" || mediaType == "multipart/form-data"
    }

    /// A body the spec allows: JSON when the operation takes it, else a form, else the first
    /// media type's example (or a few bytes).
    package static func body(_ body: OpenAPIBody, variant: Int?, random: inout SeededRandom) -> ExampleBody? {
        if let json = body.content.first(where: { OpenAPIContract.isJSON($0.mediaType) }) {
            guard let schema = json.schema else { return .json(json.example ?? .object([:]), mediaType: json.mediaType) }
            for attempt in 0..<12 {
                var generator = ValueGenerator(random: random, variant: attempt == 0 ? variant : nil, place: .body)
                let value = generator.value(for: schema.root)
                random = generator.random
                if let value, schema.isValid(value, assertsFormats: true, direction: .request) { return .json(value, mediaType: json.mediaType) }
            }
            let examples = ([json.example].compactMap { $0 } + json.examples.map(\.value) + [schema.example()])
            return examples.first { schema.isValid($0, assertsFormats: true, direction: .request) }.map { .json($0, mediaType: json.mediaType) }
        }
        if let form = body.content.first(where: { isForm($0.mediaType) }) {
            guard let schema = form.schema else { return form.mediaType == "multipart/form-data" ? .multipart([]) : .form([], mediaType: form.mediaType) }
            for attempt in 0..<12 {
                var generator = ValueGenerator(random: random, variant: attempt == 0 ? variant : nil, place: .body)
                let value = generator.value(for: schema.root)
                random = generator.random
                // Fields travel as text; the server reads each as the type its property takes.
                guard case let .object(members) = value ?? .object([:]) else { continue }
                let fields = members.map { RequestParameter(location: "form", name: $0.key, value: $0.value) }
                // A part or field name with a quote or line break could not be written as one.
                guard fields.allSatisfy({ !$0.name.contains(where: { $0 == "\"" || $0 == "\r" || $0 == "\n" }) }) else { continue }
                if schema.isValid(.object(members), assertsFormats: true, direction: .request) {
                    return form.mediaType == "multipart/form-data" ? .multipart(fields) : .form(fields, mediaType: form.mediaType)
                }
            }
            return nil
        }
        guard let first = body.content.first else { return nil }
        if let example = first.example, case let .string(text) = example { return .raw(Array(text.utf8), mediaType: first.mediaType) }
        return .raw(Array("fuzz".utf8), mediaType: first.mediaType)
    }
}
