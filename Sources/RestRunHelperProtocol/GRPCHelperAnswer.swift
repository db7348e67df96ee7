/// What `rest-run-grpc` answers: the members that apply to the request, the others nil. A call's
/// response messages ride after the line's tab (see `HelperEnvelope`), as JSON text: the one
/// message, nothing when there is none, or the array of them for a server-streaming method.
package struct GRPCHelperAnswer: Sendable, Equatable {
    /// A schema's number, answering `schema`.
    package var schema: Int?
    /// Why a schema cannot be read, answering `schema`.
    package var schemaError: SchemaError?
    /// The method's shape, answering `check` and `call`.
    package var method: MethodShape?
    /// The messages' problems (empty when they fit), answering `check` and `call`.
    package var problems: [FitProblem]?
    /// The method named is not in the schema.
    package var unknownMethod: UnknownName?
    /// What a call ended with.
    package var outcome: StatusAndMetadata?
    /// Why the request got no answer of its own.
    package var failure: HelperFailure?

    /// An answer of the members given.
    package init(
        schema: Int? = nil, schemaError: SchemaError? = nil, method: MethodShape? = nil, problems: [FitProblem]? = nil,
        unknownMethod: UnknownName? = nil, outcome: StatusAndMetadata? = nil, failure: HelperFailure? = nil
    ) {
        self.schema = schema
        self.schemaError = schemaError
        self.method = method
        self.problems = problems
        self.unknownMethod = unknownMethod
        self.outcome = outcome
        self.failure = failure
    }

    /// A problem at a line and column of a `.proto` file.
    package struct SchemaError: Sendable, Equatable {
        /// The file, its 1-based line and column (0 when not known).
        package var file: String, line: Int, column: Int
        /// One sentence.
        package var message: String
        /// An unknown name and the names it might have meant.
        package var unknown: UnknownName?

        /// A problem from its parts.
        package init(file: String, line: Int, column: Int, message: String, unknown: UnknownName?) {
            (self.file, self.line, self.column, self.message, self.unknown) = (file, line, column, message, unknown)
        }
    }

    /// A name that is not declared, and those that are.
    package struct UnknownName: Sendable, Equatable {
        /// One sentence.
        package var message: String
        /// The name.
        package var name: String
        /// The names declared, for a did-you-mean.
        package var candidates: [String]

        /// A name from its parts.
        package init(message: String, name: String, candidates: [String]) {
            (self.message, self.name, self.candidates) = (message, name, candidates)
        }
    }

    /// A method's types and shape.
    package struct MethodShape: Sendable, Equatable {
        /// The request and response message types.
        package var input: String, output: String
        /// Whether the client sends a stream, and the server.
        package var clientStreaming: Bool, serverStreaming: Bool

        /// A shape from its parts.
        package init(input: String, output: String, clientStreaming: Bool, serverStreaming: Bool) {
            (self.input, self.output, self.clientStreaming, self.serverStreaming) = (input, output, clientStreaming, serverStreaming)
        }
    }

    /// One place in a message that does not fit its type.
    package struct FitProblem: Sendable, Equatable {
        /// Which message (0-based).
        package var message: Int
        /// The path to the place: member names and item indexes.
        package var path: [JSONValue]
        /// One sentence.
        package var text: String
        /// An unknown field or value and the names it might have meant (the message is empty).
        package var unknown: UnknownName?
        /// Whether the problem is the member's name rather than its value.
        package var atKey: Bool

        /// A problem from its parts.
        package init(message: Int, path: [JSONValue], text: String, unknown: UnknownName?, atKey: Bool) {
            (self.message, self.path, self.text, self.unknown, self.atKey) = (message, path, text, unknown, atKey)
        }
    }

    /// A call's status, metadata and how many response messages came.
    package struct StatusAndMetadata: Sendable, Equatable {
        /// The status code and message.
        package var status: Int, message: String
        /// The initial metadata and the trailers, in order.
        package var headers: [GRPCHelperRequest.Metadatum], trailers: [GRPCHelperRequest.Metadatum]
        /// How many response messages came.
        package var count: Int

        /// An outcome from its parts.
        package init(status: Int, message: String, headers: [GRPCHelperRequest.Metadatum], trailers: [GRPCHelperRequest.Metadatum], count: Int) {
            (self.status, self.message, self.headers, self.trailers, self.count) = (status, message, headers, trailers, count)
        }
    }

    /// Why a request failed without an answer of its own.
    package struct HelperFailure: Sendable, Equatable {
        /// What failed: `request`, `connection`, `tls`, `protocol`, `deadline`, `reflection`,
        /// `response`, `cancelled`.
        package var kind: String
        /// One sentence.
        package var message: String

        /// A failure from its parts.
        package init(kind: String, message: String) {
            self.kind = kind
            self.message = message
        }
    }
}

extension GRPCHelperAnswer {
    /// The answer as its line carries it.
    package var json: JSONValue {
        .members([
            ("schema", schema.map(JSONValue.integer)),
            ("error", schemaError.map { error in
                .members([
                    ("file", .string(error.file)), ("line", .integer(error.line)), ("column", .integer(error.column)),
                    ("message", .string(error.message)), ("unknown", error.unknown.map { .string($0.name) }),
                    ("candidates", error.unknown.map { .strings($0.candidates) }),
                ])
            }),
            ("method", method.map { method in
                .members([
                    ("input", .string(method.input)), ("output", .string(method.output)),
                    ("clientStreaming", .bool(method.clientStreaming)), ("serverStreaming", .bool(method.serverStreaming)),
                ])
            }),
            ("unknownMethod", unknownMethod.map(Self.json)),
            ("problems", problems.map { list in
                .array(list.map { problem in
                    .members([
                        ("message", .integer(problem.message)), ("path", .array(problem.path)), ("text", .string(problem.text)),
                        ("unknown", problem.unknown.map { .string($0.name) }), ("candidates", problem.unknown.map { .strings($0.candidates) }),
                        ("atKey", problem.atKey ? .bool(true) : nil),
                    ])
                })
            }),
            ("outcome", outcome.map { outcome in
                .members([
                    ("status", .integer(outcome.status)), ("message", .string(outcome.message)),
                    ("headers", Self.json(outcome.headers)), ("trailers", Self.json(outcome.trailers)), ("count", .integer(outcome.count)),
                ])
            }),
            ("failure", failure.map { .members([("kind", .string($0.kind)), ("message", .string($0.message))]) }),
        ])
    }

    /// The answer a line's JSON holds; members it cannot read are left out.
    package init(json: JSONValue) {
        schema = json["schema"]?.integer
        if let error = json["error"] {
            schemaError = SchemaError(
                file: error["file"]?.string ?? "", line: error["line"]?.integer ?? 0, column: error["column"]?.integer ?? 0,
                message: error["message"]?.string ?? "the schema cannot be read",
                unknown: error["unknown"]?.string.map { UnknownName(message: "", name: $0, candidates: error["candidates"]?.strings ?? []) })
        }
        if let method = json["method"], let input = method["input"]?.string, let output = method["output"]?.string {
            self.method = MethodShape(
                input: input, output: output, clientStreaming: method["clientStreaming"]?.isTrue ?? false,
                serverStreaming: method["serverStreaming"]?.isTrue ?? false)
        }
        if let unknown = json["unknownMethod"] {
            unknownMethod = UnknownName(
                message: unknown["message"]?.string ?? "unknown method", name: unknown["unknown"]?.string ?? "",
                candidates: unknown["candidates"]?.strings ?? [])
        }
        problems = json["problems"]?.items?.map { problem in
            FitProblem(
                message: problem["message"]?.integer ?? 0, path: problem["path"]?.items ?? [],
                text: problem["text"]?.string ?? "the message does not fit its type",
                unknown: problem["unknown"]?.string.map { UnknownName(message: "", name: $0, candidates: problem["candidates"]?.strings ?? []) },
                atKey: problem["atKey"]?.isTrue ?? false)
        }
        if let outcome = json["outcome"] {
            self.outcome = StatusAndMetadata(
                status: outcome["status"]?.integer ?? 2, message: outcome["message"]?.string ?? "",
                headers: Self.metadata(outcome["headers"]), trailers: Self.metadata(outcome["trailers"]), count: outcome["count"]?.integer ?? 0)
        }
        if let failure = json["failure"] {
            self.failure = HelperFailure(kind: failure["kind"]?.string ?? "request", message: failure["message"]?.string ?? "rest-run-grpc failed")
        }
    }

    private static func json(_ unknown: UnknownName) -> JSONValue {
        .members([("message", .string(unknown.message)), ("unknown", .string(unknown.name)), ("candidates", .strings(unknown.candidates))])
    }

    private static func json(_ metadata: [GRPCHelperRequest.Metadatum]) -> JSONValue {
        .array(metadata.map { .array([.string($0.name), .string($0.value)]) })
    }

    private static func metadata(_ json: JSONValue?) -> [GRPCHelperRequest.Metadatum] {
        (json?.items ?? []).compactMap { pair in
            guard let items = pair.items, items.count == 2, let name = items[0].string, let value = items[1].string else { return nil }
            return GRPCHelperRequest.Metadatum(name, value)
        }
    }
}
