/// A request as a file declares it: templates not yet resolved, with its expectations and captures.
/// The runner resolves it into a `ResolvedRequest` (a `Request`) just before sending.
package struct DeclaredRequest: Sendable {
    /// The name shown in output; default `METHOD url`.
    package var name: String
    /// Where the request starts in its file.
    package var location: SourceLocation?
    /// The method.
    package var method: HTTPMethod
    /// The URL, absolute or relative to the file's `base_url`.
    package var url: Template
    /// Query items, in order (a name may repeat).
    package var query: [QueryItemTemplate]
    /// The request's own headers; a `nil` value removes a file header.
    package var headers: [HeaderTemplate]
    /// The body.
    package var body: BodyTemplate?
    /// The decoder's name, from `decode:`.
    package var decoder: String?
    /// Where `decode:` was written.
    package var decoderLocation: SourceLocation?
    /// The checks on the response; a status check is always among them (`2xx` unless given).
    package var expectations: [Expectation]
    /// The values taken from the response.
    package var captures: [Capture]
    /// The request's options, before file defaults are applied.
    package var options: RequestOptions
    /// Tags for `--tag`.
    package var tags: [String]
    /// `when:`: the request runs only if every condition holds.
    package var conditions: [Condition] = []
    /// `for_each:`: the list the request runs over, once per item.
    package var iteration: Iteration?
    /// `use:`: this step runs a flow file's requests instead of sending a request itself.
    package var flow: FlowUse?
    /// `repeat:`: how many times the request is sent in a row; its runs make one result.
    package var repeatCount = 1
    /// `expect: duration: { p95: ... }`: budgets checked once over all the request's runs.
    package var latencyBudgets: [Expectation] = []
    /// The name its runs are counted under for latency: `name` without a `for_each` item's label.
    package var statisticsName: String?

    /// Creates a declared request.
    package init(
        name: String, location: SourceLocation? = nil, method: HTTPMethod = .get, url: Template,
        query: [QueryItemTemplate] = [], headers: [HeaderTemplate] = [], body: BodyTemplate? = nil,
        decoder: String? = nil, expectations: [Expectation] = [], captures: [Capture] = [],
        options: RequestOptions = RequestOptions(), tags: [String] = []
    ) {
        self.name = name
        self.location = location
        self.method = method
        self.url = url
        self.query = query
        self.headers = headers
        self.body = body
        self.decoder = decoder
        self.expectations = expectations
        self.captures = captures
        self.options = options
        self.tags = tags
    }

    /// Whether anything reads the response body: a decoder, a `json:` or `body:` expectation, or a
    /// capture from the body.
    package var readsBody: Bool {
        if decoder != nil { return true }
        for expectation in expectations {
            switch expectation.subject {
            case .json, .body, .decodedBody: return true
            case .status, .header, .duration, .latency: continue
            }
        }
        for capture in captures {
            switch capture.source {
            case .json, .body, .regex: return true
            case .status, .header, .cookie: continue
            }
        }
        return false
    }

    /// Whether checking the response needs its decoded value: a decoder, a `json:` expectation, or
    /// a capture from a JSONPath.
    package var needsDecodedValue: Bool {
        decoder != nil
            || expectations.contains {
                switch $0.subject {
                case .json, .decodedBody: true
                default: false
                }
            }
            || captures.contains { if case .json = $0.source { true } else { false } }
    }

    /// Every template the request reads, for checking variable names before anything is sent.
    package var templates: [Template] {
        var result = [url] + query.map(\.value) + headers.flatMap(\.templates) + (body?.templates ?? [])
        for expectation in expectations { result += expectation.predicate.templates }
        for condition in conditions { result += condition.predicate.templates }
        if let flow { result += flow.arguments.flatMap(\.value.templates) }
        if let iteration {
            switch iteration.source {
            case let .items(items): result += items.flatMap(\.templates)
            case let .value(value): result += value.templates
            case .data: break
            }
        }
        return result
    }

    /// The request with its templates resolved in `scope`.
    package func resolved(in scope: Scope) throws(Diagnostic) -> ResolvedRequest {
        var queryItems: [(String, String)] = []
        for item in query { queryItems.append((item.name, try item.value.render(in: scope))) }
        var headerFields: [(String, String)] = []
        var removed: Set<String> = []
        for header in headers {
            if let value = try header.render(in: scope) {
                headerFields.append((header.name, value))
            } else {
                removed.insert(header.name.lowercased())
            }
        }
        return ResolvedRequest(
            name: name, method: method, url: try url.render(in: scope), query: queryItems, headers: headerFields,
            removedHeaders: removed, body: try body?.resolve(in: scope), responseType: decoder,
            transport: options.transport, retry: options.retry)
    }
}

extension Predicate {
    /// Every template inside the predicate's operands.
    var templates: [Template] {
        switch self {
        case let .equals(value), let .notEquals(value), let .compare(_, value), let .contains(value),
             let .startsWith(value), let .endsWith(value):
            value.templates
        case let .oneOf(values): values.flatMap(\.templates)
        case let .count(inner), let .not(inner): inner.templates
        case let .all(predicates): predicates.flatMap(\.templates)
        case .matches, .exists, .type, .statusClass, .schema: []
        }
    }
}
