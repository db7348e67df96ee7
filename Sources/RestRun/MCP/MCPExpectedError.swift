/// `rpc_error:`: the JSON-RPC error a request expects: its code, a predicate on its message.
package struct MCPExpectedError: Sendable {
    package var code: Int?
    package var message: Predicate?
    package var location: SourceLocation
}
