/// An `auth:` that acts while a request is sent (set by the auth code above the networker): the
/// networker lets it sign the headers once they are all merged, and its delegate does the rest.
package protocol SendingAuth: Sendable {
    /// `headers` as sent for `request`: signed, for an auth that signs (AWS SigV4).
    func signed(_ headers: Headers, for request: PreparedRequest) -> Headers
}
