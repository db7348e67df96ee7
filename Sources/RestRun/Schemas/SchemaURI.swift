/// A URI reference as RFC 3986 splits it, enough to resolve `$id` and `$ref` against a base:
/// scheme, authority, path, query and fragment, and the resolution algorithm of section 5.2.
package struct SchemaURI: Sendable, Hashable, CustomStringConvertible {
    /// `https`, `file`, `urn`, ...; nil for a relative reference.
    package var scheme: String?
    /// The host (and user and port) after `//`; nil when there is no `//`.
    package var authority: String?
    /// The path, possibly empty.
    package var path: String
    /// The text after `?`, without it.
    package var query: String?
    /// The text after `#`, without it, still percent-encoded.
    package var fragment: String?

    /// Splits `text` into its parts (RFC 3986, appendix B).
    package init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
           rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }),
           !rest[..<colon].contains("/") {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The reference with no fragment: the URI of the document or resource it names.
    package var withoutFragment: SchemaURI {
        SchemaURI(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
    }

    /// Whether the reference is absolute (has a scheme).
    package var isAbsolute: Bool { scheme != nil }

    /// The fragment, percent-decoded; nil when there is none.
    package var decodedFragment: String? { fragment.map(URLBuilder.decode) }

    /// `reference` resolved against this URI as its base (RFC 3986, section 5.2.2).
    package func resolving(_ reference: SchemaURI) -> SchemaURI {
        if reference.scheme != nil {
            return SchemaURI(
                scheme: reference.scheme, authority: reference.authority, path: Self.removingDotSegments(reference.path),
                query: reference.query, fragment: reference.fragment)
        }
        if reference.authority != nil {
            return SchemaURI(
                scheme: scheme, authority: reference.authority, path: Self.removingDotSegments(reference.path),
                query: reference.query, fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return SchemaURI(scheme: scheme, authority: authority, path: path, query: reference.query ?? query, fragment: reference.fragment)
        }
        let merged: String
        if reference.path.hasPrefix("/") {
            merged = reference.path
        } else if authority != nil, path.isEmpty {
            merged = "/" + reference.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = path[...slash] + reference.path
        } else {
            merged = reference.path
        }
        return SchemaURI(
            scheme: scheme, authority: authority, path: Self.removingDotSegments(merged), query: reference.query,
            fragment: reference.fragment)
    }

    /// `text` resolved against this URI.
    package func resolving(_ text: String) -> SchemaURI { resolving(SchemaURI(text)) }

    /// The reference as text.
    package var description: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// RFC 3986 section 5.2.4.
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        var result = output.joined(separator: "/")
        if path.hasPrefix("/"), !result.hasPrefix("/") { result = "/" + result }
        return result
    }
}
