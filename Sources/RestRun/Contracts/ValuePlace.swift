/// Where a generated value is sent, which narrows the texts it may be: a header's value is
/// visible ASCII, and a path segment is never empty (an empty one would name another path).
package enum ValuePlace: Sendable {
    case body
    case path
    case query
    case header
}
