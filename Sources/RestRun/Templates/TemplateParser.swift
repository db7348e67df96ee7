package import RestRunYAML

/// Parses a scalar's text into a `Template`: `{{name}}` becomes a placeholder, `${NAME}` and
/// `${NAME:-default}` are read from the environment at once (the default may hold placeholders).
package struct TemplateParser: Sendable {
    /// The environment `${NAME}` reads.
    package var environment: [String: String]

    /// Where the names of `{{name}}` and `${NAME}` references are noted, if anywhere.
    let references: ReferencedNames?

    /// Creates a parser reading `environment`.
    package init(environment: [String: String]) { self.init(environment: environment, references: nil) }

    init(environment: [String: String], references: ReferencedNames?) {
        self.environment = environment
        self.references = references
    }

    /// Where a scalar's text sits in its file, so that placeholders get their own columns.
    package struct Origin: Sendable {
        /// The file.
        package var source: SourceText
        /// Where the scalar starts.
        package var mark: Mark
        /// Columns between the scalar's start and its first character (1 for a quoted scalar), or
        /// `nil` when the text does not map to one line (block scalars, multi-line flow scalars).
        package var offset: Int?

        /// Creates an origin.
        package init(source: SourceText, mark: Mark, offset: Int?) {
            self.source = source
            self.mark = mark
            self.offset = offset
        }

        /// The origin of a scalar node.
        package init(source: SourceText, node: Node) {
            self.source = source
            self.mark = node.mark
            let text = node.scalarText ?? ""
            switch node.scalarStyle {
            case .plain?: offset = text.utf8.contains(UInt8(ascii: "\n")) ? nil : 0
            case .singleQuoted?, .doubleQuoted?: offset = text.utf8.contains(UInt8(ascii: "\n")) ? nil : 1
            default: offset = nil
            }
        }

        func location(at characterOffset: Int) -> SourceLocation {
            guard let offset else { return source.location(mark) }
            return source.location(mark, offset: offset + characterOffset)
        }
    }

    /// Parses `text`; problems are returned as diagnostics next to the best template that could be made.
    package func parse(_ text: String, origin: Origin) -> (Template, [Diagnostic]) {
        if !Self.mayHoldPlaceholders(text) { return (Template(literal: text, location: origin.location(at: 0)), []) }
        var parts: [Template.Part] = []
        var diagnostics: [Diagnostic] = []
        parse(Array(text), startOffset: 0, origin: origin, into: &parts, diagnostics: &diagnostics)
        return (Template(parts: Self.merged(parts), location: origin.location(at: 0)), diagnostics)
    }

    private func parse(
        _ characters: [Character], startOffset: Int, origin: Origin,
        into parts: inout [Template.Part], diagnostics: inout [Diagnostic]
    ) {
        var literal = ""
        var index = 0
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
        }
        while index < characters.count {
            let character = characters[index]
            if character == "{", index + 1 < characters.count, characters[index + 1] == "{" {
                guard let close = Self.find("}}", in: characters, from: index + 2) else {
                    diagnostics.append(Diagnostic("unterminated '{{': close it with '}}'", at: origin.location(at: startOffset + index)))
                    literal += String(characters[index...])
                    break
                }
                flush()
                let name = String(characters[(index + 2)..<close]).trimmingCharacters(in: " ")
                let location = origin.location(at: startOffset + index)
                if name.hasPrefix("$") {
                    if let builtin = BuiltinValue(rawValue: name) {
                        parts.append(.builtin(builtin))
                    } else {
                        var message = "unknown built-in value '{{\(name)}}'"
                        if let suggestion = Suggestion.closest(to: name, in: BuiltinValue.allCases.map(\.rawValue)) {
                            message += " (did you mean '{{\(suggestion)}}'?)"
                        }
                        diagnostics.append(Diagnostic(message + "; built-ins are {{$uuid}}, {{$timestamp}} and {{$random_int}}", at: location))
                    }
                } else if Self.isVariableName(name) {
                    references?.insert(name)
                    parts.append(.variable(name, location))
                } else {
                    diagnostics.append(Diagnostic("'\(name)' is not a variable name: use letters, digits, '_', '-' and '.'", at: location))
                }
                index = close + 2
            } else if character == "$", index + 1 < characters.count, characters[index + 1] == "{" {
                guard let close = Self.find("}", in: characters, from: index + 2, nesting: true) else {
                    diagnostics.append(Diagnostic("unterminated '${': close it with '}'", at: origin.location(at: startOffset + index)))
                    literal += String(characters[index...])
                    break
                }
                let inner = Array(characters[(index + 2)..<close])
                let location = origin.location(at: startOffset + index)
                let name: String
                var fallback: [Character]?
                if let separator = Self.find(":-", in: inner, from: 0) {
                    name = String(inner[..<separator])
                    fallback = Array(inner[(separator + 2)...])
                } else {
                    name = String(inner)
                }
                if Self.isEnvironmentName(name) { references?.insert(name) }
                if !Self.isEnvironmentName(name) {
                    diagnostics.append(Diagnostic("'\(name)' is not an environment variable name", at: location))
                } else if let value = environment[name] {
                    literal += value
                } else if let fallback {
                    flush()
                    parse(fallback, startOffset: startOffset + index + 2 + name.count + 2, origin: origin, into: &parts, diagnostics: &diagnostics)
                } else {
                    diagnostics.append(Diagnostic(
                        "environment variable '\(name)' is not set (set it, or give a default: ${\(name):-value})", at: location))
                }
                index = close + 1
            } else {
                literal.append(character)
                index += 1
            }
        }
        flush()
    }

    private static func merged(_ parts: [Template.Part]) -> [Template.Part] {
        var result: [Template.Part] = []
        for part in parts {
            if case let .literal(text) = part, case let .literal(previous)? = result.last {
                result[result.count - 1] = .literal(previous + text)
            } else {
                result.append(part)
            }
        }
        return result.isEmpty ? [.literal("")] : result
    }

    private static func find(_ needle: String, in characters: [Character], from start: Int, nesting: Bool = false) -> Int? {
        let pattern = Array(needle)
        var depth = 0
        var index = start
        while index + pattern.count <= characters.count {
            if nesting, characters[index] == "{" { depth += 1 }
            if Array(characters[index..<index + pattern.count]) == pattern {
                if depth == 0 { return index }
                depth -= 1
            }
            index += 1
        }
        return nil
    }

    /// Whether the text has `{{` or `${` at all: most scalars have neither.
    static func mayHoldPlaceholders(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{"), previous == UInt8(ascii: "{") || previous == UInt8(ascii: "$") { return true }
            previous = byte
        }
        return false
    }

    /// Whether `name` can be a variable: letters, digits, `_`, `-` and `.`, not starting with a digit.
    package static func isVariableName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// Whether `name` can be an environment variable: ASCII letters, digits and `_`, not starting with a digit.
    package static func isEnvironmentName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
    }
}
