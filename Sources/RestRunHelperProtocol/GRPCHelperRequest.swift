/// What rest-run asks `rest-run-grpc` (each inside a `HelperEnvelope` line, `"op"` saying which).
package enum GRPCHelperRequest: Sendable, Equatable {
    /// Read `.proto` files or a descriptor set and keep them: answered with the schema's number or
    /// the problem.
    case schema(Schema)
    /// Check messages against a method of a schema read before: answered with the method's shape
    /// and the messages' problems, or an unknown method.
    case check(schema: Int, method: String, messages: [JSONValue])
    /// Make a call.
    case call(Call)

    /// Where a schema is declared.
    package enum Schema: Sendable, Equatable {
        /// `.proto` files (absolute paths) and the folders their imports are looked for in.
        case protoFiles([String], importPaths: [String])
        /// A compiled descriptor set (an absolute path).
        case descriptorSet(String)
    }

    /// One call.
    package struct Call: Sendable, Equatable {
        /// Where it goes.
        package var target: GRPCTarget
        /// The schema it is made with; nil asks the server's reflection service.
        package var schema: Int?
        /// `package.Service/Method`.
        package var method: String
        /// The metadata, in order (names in lower case).
        package var metadata: [Metadatum]
        /// The request messages.
        package var messages: [JSONValue]
        /// How long the call (and the reflection it needs) may take.
        package var timeout: Duration?
        /// The most bytes of response messages the call may receive (`max_body`).
        package var maxBody: Int?

        /// A call from its parts.
        package init(target: GRPCTarget, schema: Int? = nil, method: String, metadata: [Metadatum] = [], messages: [JSONValue], timeout: Duration? = nil, maxBody: Int? = nil) {
            self.target = target
            self.schema = schema
            self.method = method
            self.metadata = metadata
            self.messages = messages
            self.timeout = timeout
            self.maxBody = maxBody
        }
    }

    /// One metadata entry.
    package struct Metadatum: Sendable, Equatable {
        /// Its name.
        package var name: String
        /// Its value.
        package var value: String

        /// An entry from its parts.
        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Why a request line cannot be read: one sentence.
    package struct UnreadableRequest: Error, Sendable {
        /// The sentence.
        package var message: String
    }

    /// The request as its line carries it.
    package var json: JSONValue {
        switch self {
        case .schema(.protoFiles(let files, let importPaths)):
            .members([("op", .string("schema")), ("proto", .strings(files)), ("importPaths", .strings(importPaths))])
        case .schema(.descriptorSet(let path)):
            .members([("op", .string("schema")), ("protoset", .string(path))])
        case .check(let schema, let method, let messages):
            .members([("op", .string("check")), ("schema", .integer(schema)), ("method", .string(method)), ("messages", .array(messages))])
        case .call(let call):
            .members([
                ("op", .string("call")), ("target", call.target.json), ("schema", call.schema.map(JSONValue.integer)),
                ("method", .string(call.method)),
                ("metadata", .array(call.metadata.map { .array([.string($0.name), .string($0.value)]) })),
                ("messages", .array(call.messages)), ("timeout", call.timeout.map(JSONValue.seconds)),
                ("maxBody", call.maxBody.map(JSONValue.integer)),
            ])
        }
    }

    /// The request a line's JSON holds.
    package init(json: JSONValue) throws(UnreadableRequest) {
        switch json["op"]?.string {
        case "schema":
            if let path = json["protoset"]?.string {
                self = .schema(.descriptorSet(path))
            } else {
                self = .schema(.protoFiles(json["proto"]?.strings ?? [], importPaths: json["importPaths"]?.strings ?? []))
            }
        case "check":
            guard let schema = json["schema"]?.integer, let method = json["method"]?.string else {
                throw UnreadableRequest(message: "a check names no schema or no method")
            }
            self = .check(schema: schema, method: method, messages: json["messages"]?.items ?? [])
        case "call":
            guard let target = GRPCTarget(json: json["target"]), let method = json["method"]?.string else {
                throw UnreadableRequest(message: "a call names no target or no method")
            }
            let metadata = (json["metadata"]?.items ?? []).compactMap { pair -> Metadatum? in
                guard let items = pair.items, items.count == 2, let name = items[0].string, let value = items[1].string else { return nil }
                return Metadatum(name, value)
            }
            self = .call(Call(
                target: target, schema: json["schema"]?.integer, method: method, metadata: metadata,
                messages: json["messages"]?.items ?? [], timeout: json["timeout"]?.double.flatMap(HelperLimits.duration(seconds:)),
                maxBody: json["maxBody"]?.integer.flatMap { $0 > 0 ? $0 : nil }))
        case let op?:
            throw UnreadableRequest(message: "rest-run-grpc does not know the request '\(op)'")
        case nil:
            throw UnreadableRequest(message: "the request names no 'op'")
        }
    }
}
