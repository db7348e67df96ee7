/// An OpenAPI path template (`/pets/{petId}/photos/{name}.jpg`), matched segment by segment
/// against a request's path.
package struct PathTemplate: Sendable {
    /// A piece of a segment: text to match as written, or a parameter.
    enum PathPiece: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The segments between `/`s.
    let segments: [[PathPiece]]

    /// The parameters' names, in order.
    package var parameterNames: [String] {
        segments.flatMap { $0 }.compactMap { if case let .parameter(name) = $0 { name } else { nil } }
    }

    /// Parses `path`.
    package init(_ path: String) {
        segments = path.split(separator: "/", omittingEmptySubsequences: true).map { segment in
            var parts: [PathPiece] = []
            var rest = Substring(segment)
            while !rest.isEmpty {
                if let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                    if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
                    parts.append(.parameter(String(rest[rest.index(after: open)..<close])))
                    rest = rest[rest.index(after: close)...]
                } else {
                    parts.append(.literal(String(rest)))
                    rest = ""
                }
            }
            return parts
        }
    }

    /// How well `path` (percent-decoded segments) matches: nil when it does not, else the number
    /// of literal characters matched, so that `/pets/mine` beats `/pets/{id}`.
    package func match(_ path: [String]) -> (score: Int, parameters: [String: String])? {
        guard path.count == segments.count else { return nil }
        var score = 0
        var parameters: [String: String] = [:]
        for (segment, text) in zip(segments, path) {
            guard let matched = Self.match(segment[...], Substring(text), into: &parameters) else { return nil }
            score += matched
        }
        return (score, parameters)
    }

    /// Matches one segment's parts against its text; a parameter takes at least one character.
    private static func match(_ parts: ArraySlice<PathPiece>, _ text: Substring, into parameters: inout [String: String]) -> Int? {
        guard let first = parts.first else { return text.isEmpty ? 0 : nil }
        switch first {
        case let .literal(literal):
            guard text.hasPrefix(literal), let rest = match(parts.dropFirst(), text.dropFirst(literal.count), into: &parameters) else { return nil }
            return literal.count + rest
        case let .parameter(name):
            // Shortest value first that lets the rest match.
            var end = text.startIndex
            while end < text.endIndex {
                end = text.index(after: end)
                var trial = parameters
                if let rest = match(parts.dropFirst(), text[end...], into: &trial) {
                    trial[name] = String(text[..<end])
                    parameters = trial
                    return rest
                }
            }
            return nil
        }
    }
}
