import OrderedCollections
package import RestRun

/// A starter smoke suite from an OpenAPI spec: one request per operation, its path parameters,
/// required query parameters, headers and cookies, and its body from the spec's examples (or values
/// built from the schemas), tagged with the operation's tags; the file names the spec under
/// `openapi:`, so every response is checked against it.
package enum OpenAPIImporter {
    /// The requests, in the spec's order.
    package static func requests(_ spec: OpenAPISpec) -> [ImportedHTTPRequest] {
        spec.operations.map(request)
    }

    private static func request(_ operation: OpenAPIOperation) -> ImportedHTTPRequest {
        var path = operation.path
        var query: [String] = []
        var headers: [(name: String, value: String?)] = []
        var cookies: [String] = []
        var random = SeededRandom(seed: 1)
        for parameter in operation.parameters {
            // The schema's example when it is valid (as the text the parameter travels as), else a
            // value the fuzzer's generator makes valid.
            var value = parameter.schema?.example() ?? .string("1")
            if let schema = parameter.schema, !schema.isValid(OpenAPIContract.typedValue(ExampleValue.text(value), for: schema), assertsFormats: true),
               let generated = ExampleValue.parameterValue(parameter, variant: 0, random: &random) {
                value = generated
            }
            let text = ExampleValue.text(value)
            switch parameter.location {
            case "path":
                path = path.replacingLiterally("{\(parameter.name)}", with: URLBuilder.encode(text.isEmpty ? "1" : text))
            case "query" where parameter.isRequired:
                query.append(URLBuilder.encode(parameter.name) + "=" + URLBuilder.encode(text))
            case "header" where parameter.isRequired && HeaderName.isValid(parameter.name):
                headers.append((parameter.name, text))
            case "cookie" where parameter.isRequired:
                cookies.append("\(parameter.name)=\(URLBuilder.encode(text))")
            default:
                break
            }
        }
        // A parameter the spec forgot to declare still needs a value.
        for name in operation.template.parameterNames { path = path.replacingLiterally("{\(name)}", with: "1") }
        if !cookies.isEmpty { headers.append(("Cookie", cookies.joined(separator: "; "))) }
        let url = (path.hasPrefix("/") ? path : "/" + path) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        var request = ImportedHTTPRequest(name: operation.operationID ?? operation.name, method: operation.method, url: url)
        request.tags = operation.tags
        if let body = operation.requestBody, let media = body.content.first {
            var example = media.example ?? media.examples.first?.value ?? media.schema?.example() ?? .object([:])
            if media.example == nil, media.examples.isEmpty, let schema = media.schema, !schema.isValid(example, assertsFormats: true, direction: .request) {
                switch ExampleValue.body(body, variant: 0, random: &random) {
                case let .json(value, _)?: example = value
                case let .form(fields, _)?, let .multipart(fields)?:
                    example = .object(.init(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
                default: break
                }
            }
            if OpenAPIContract.isJSON(media.mediaType) {
                if MediaType.essence(media.mediaType) != "application/json" { headers.append(("Content-Type", media.mediaType)) }
                let text = YAMLText.flow(example)
                if text.contains("{{") || text.contains("${") {
                    if MediaType.essence(media.mediaType) == "application/json" { headers.append(("Content-Type", media.mediaType)) }
                    request.body = .base64(example.jsonBytes)
                } else {
                    request.body = .json(example)
                }
            } else if media.mediaType == "application/x-www-form-urlencoded", case let .object(members) = example {
                request.body = .form(members.map { ($0.key, ExampleValue.text($0.value)) })
            } else if media.mediaType == "multipart/form-data", case let .object(members) = example {
                request.body = .multipart(members.map { ImportedHTTPRequest.FormPart(name: $0.key, value: ExampleValue.text($0.value)) })
            } else {
                headers.append(("Content-Type", media.mediaType))
                let text = if case let .string(text) = example { text } else { example.jsonText }
                request.body = CurlImporter.textBody(text, keeping: .nothing)
            }
        }
        request.headers = headers
        // Every response is checked against the spec; a server error fails the smoke run.
        request.expectedStatus = "{ \"<\": 500 }"
        return request
    }
}
