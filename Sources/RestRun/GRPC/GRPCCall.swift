package import RestRunYAML

/// A request's `grpc:`: the method to call, the messages to send (in the proto3 JSON mapping,
/// templates allowed), and the status it expects.
package struct GRPCCall: Sendable {
    /// `package.Service/Method`.
    package var method: String
    /// The messages, in order: `message:` is one, `messages:` a list.
    package var messages: [ValueTemplate]
    /// `messages: "{{list}}"`: a variable that holds the list.
    package var messageList: ValueTemplate?
    /// Whether the request wrote `messages:` (a stream) rather than `message:`.
    package var sendsStream: Bool
    /// Where the schema is declared; nil asks the server's reflection service.
    package var schema: GRPCSchema?
    /// The status expected: `grpc_status:` (OK unless given).
    package var expectedStatus = 0
    /// Where `grpc_status:` was written.
    package var statusLocation: SourceLocation?
    /// `grpc_message:`: a text predicate on the status message.
    package var expectedMessage: Predicate?
    /// Where `grpc_message:` was written.
    package var messageLocation: SourceLocation?
    /// Where `grpc:` was written.
    package var location: SourceLocation
    /// The messages as written, to point at a problem found once reflection answers.
    package var messageNodes: [Node]
    /// The request file's text, where those nodes are.
    package var source: SourceText
    /// Where `method:` and `message:`/`messages:` were written.
    package var methodLocation: SourceLocation
    package var messagesKeyLocation: SourceLocation?

    /// Every template the messages read.
    func forEachMessageTemplate(_ visit: (Template) -> Void) {
        for message in messages { message.forEachTemplate(visit) }
        messageList?.forEachTemplate(visit)
    }

    /// The messages to send, resolved in `scope`, as one JSON array.
    func resolvedMessages(in scope: Scope) throws(Diagnostic) -> DecodedValue {
        if let messageList {
            let list = try messageList.resolve(in: scope)
            guard case .array = list else {
                throw Diagnostic("'messages' must be a list of messages, and the variable holds \(list.typeName)", at: messagesKeyLocation ?? location)
            }
            return list
        }
        var values: [DecodedValue] = []
        for message in messages { values.append(try message.resolve(in: scope)) }
        return .array(values)
    }
}
