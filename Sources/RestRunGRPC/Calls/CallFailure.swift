/// Why a call never got a status from the server: the connection could not be made or secured,
/// the server does not speak gRPC, rest-run's own deadline passed, or reflection failed. One
/// sentence each.
package struct CallFailure: Error, Sendable {
    /// What kind of failure, for rest-run's classification.
    package enum Cause: String, Sendable {
        case connection
        case tls
        case protocolError = "protocol"
        case deadline
        case reflection
        case response
        case bodyTooLarge
        case connectTimeout
    }

    /// The kind.
    package var kind: Cause
    /// One sentence.
    package var message: String
}
