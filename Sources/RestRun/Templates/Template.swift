/// A string with `{{name}}` placeholders, parsed once when the file is loaded.
///
/// `${NAME}` environment references are substituted while loading, so a template only ever waits
/// for variables, captures and built-in values.
package struct Template: Sendable, CustomStringConvertible {
    /// One piece of a template.
    package enum Part: Sendable {
        /// Text sent as it is.
        case literal(String)
        /// `{{name}}`: a variable or a capture, with where it was written.
        case variable(String, SourceLocation)
        /// `{{$uuid}}` and the other built-in values.
        case builtin(BuiltinValue)
    }

    /// The pieces, in order.
    package var parts: [Part]
    /// Where the template was written, if it came from a file.
    package var location: SourceLocation?

    /// Creates a template from parts.
    package init(parts: [Part], location: SourceLocation? = nil) {
        self.parts = parts
        self.location = location
    }

    /// A template that is plain text.
    package init(literal: String, location: SourceLocation? = nil) {
        self.init(parts: [.literal(literal)], location: location)
    }

    /// The template as plain text, when it has no placeholders.
    package var literalText: String? {
        var text = ""
        for part in parts {
            guard case let .literal(piece) = part else { return nil }
            text += piece
        }
        return text
    }

    /// The source form, with placeholders written back as `{{name}}`.
    package var description: String {
        if parts.count == 1, case let .literal(text) = parts[0] { return text }
        return parts.map { part in
            switch part {
            case let .literal(text): text
            case let .variable(name, _): "{{\(name)}}"
            case let .builtin(value): "{{\(value.rawValue)}}"
            }
        }.joined()
    }

    /// The text with every placeholder replaced by its value.
    package func render(in scope: Scope) throws(Diagnostic) -> String {
        if parts.count == 1, case let .literal(text) = parts[0] { return text }
        var text = ""
        for part in parts {
            switch part {
            case let .literal(piece): text += piece
            case let .builtin(value): text += value.generate().interpolationText
            case let .variable(name, location):
                text += try Self.lookup(name, at: location, in: scope).interpolationText
            }
        }
        return text
    }

    /// The template's value: a template that is exactly one `{{name}}` keeps the variable's type
    /// (a number stays a number); any other template is a string.
    package func value(in scope: Scope) throws(Diagnostic) -> DecodedValue {
        if parts.count == 1 {
            switch parts[0] {
            case let .variable(name, location): return try Self.lookup(name, at: location, in: scope)
            case let .builtin(value): return value.generate()
            case .literal: break
            }
        }
        return .string(try render(in: scope))
    }

    private static func lookup(_ name: String, at location: SourceLocation, in scope: Scope) throws(Diagnostic) -> DecodedValue {
        guard let value = scope[name] else {
            if scope.keepsUnresolvedPlaceholders { return .string("{{\(name)}}") }
            throw Diagnostic(
                "variable '\(name)' has no value: the request that captures it failed or was skipped",
                at: location)
        }
        return value
    }
}
