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
    package struct Provenance: Sendable {
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
            case .plain?: offset = text.containsByte(UInt8(ascii: "\n")) ? nil : 0
            case .singleQuoted?, .doubleQuoted?: offset = text.containsByte(UInt8(ascii: "\n")) ? nil : 1
            default: offset = nil
            }
        }

        func location(at characterOffset: Int) -> SourceLocation {
            guard let offset else { return source.location(mark) }
            return source.location(mark, offset: offset + characterOffset)
        }
    }

    /// Parses `text`; problems are returned as diagnostics next to the best template that could be made.
    package func parse(_ text: String, origin: Provenance) -> (Template, [Diagnostic]) {
        if !Self.mayHoldPlaceholders(text) { return (Template(literal: text, location: origin.location(at: 0)), []) }
        // The text's bytes in place; a copy only for a string that keeps none contiguous.
        let parsed = text.utf8.withContiguousStorageIfAvailable { parse($0, origin: origin) }
        return parsed ?? Array(text.utf8).withUnsafeBufferPointer { parse($0, origin: origin) }
    }

    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, origin: Provenance) -> (Template, [Diagnostic]) {
        var scan = Scan(bytes: bytes, origin: origin)
        parse(from: 0, to: bytes.count, into: &scan)
        scan.flush()
        return (Template(parts: scan.parts.isEmpty ? [.literal("")] : scan.parts, location: origin.location(at: 0)), scan.diagnostics)
    }

    /// The state of one parse: the text's UTF-8 bytes, the parts made so far, and the literal text
    /// not yet made a part.
    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        package let origin: Provenance
        var parts: [Template.Part] = []
        var diagnostics: [Diagnostic] = []
        /// Literal text not yet made a part: a run of the text itself (most literals are one run,
        /// made a string straight from the text), then `literal` once runs are joined.
        var run: Range<Int>?
        var literal: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>, origin: Provenance) {
            self.bytes = bytes
            self.origin = origin
        }

        /// Adds the text's bytes in `range` to the pending literal.
        mutating func appendLiteral(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if literal.isEmpty, let current = run {
                if current.upperBound == range.lowerBound {
                    run = current.lowerBound..<range.upperBound
                    return
                }
                literal += bytes[current]
                run = nil
            } else if literal.isEmpty {
                run = range
                return
            }
            literal += bytes[range]
        }

        /// Adds `text` (an environment variable's value) to the pending literal.
        mutating func appendLiteral(_ text: String) {
            if let current = run {
                literal += bytes[current]
                run = nil
            }
            literal += text.utf8
        }

        /// Makes the pending literal text a part, merged with a literal part just before it.
        mutating func flush() {
            let text: String
            if let current = run {
                text = self.text(current)
                run = nil
            } else if !literal.isEmpty {
                text = String(decoding: literal, as: UTF8.self)
                literal.removeAll(keepingCapacity: true)
            } else {
                return
            }
            if case let .literal(previous)? = parts.last {
                parts[parts.count - 1] = .literal(previous + text)
            } else {
                parts.append(.literal(text))
            }
        }

        /// The text of `range`, as a string.
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

        /// Where the byte at `index` is: columns count characters (Unicode scalars), as libyaml's do.
        func location(at index: Int) -> SourceLocation {
            var column = 0
            for byte in bytes[..<index] where byte & 0xC0 != 0x80 { column += 1 }
            return origin.location(at: column)
        }

        /// The first `first` `second` pair at or after `start`, before `end`.
        func find(_ first: UInt8, _ second: UInt8, from start: Int, to end: Int) -> Int? {
            var index = start
            while index + 1 < end {
                if bytes[index] == first, bytes[index + 1] == second { return index }
                index += 1
            }
            return nil
        }

        /// The `}` closing a `${` whose name starts at `start`, skipping `{ }` pairs inside.
        func closingBrace(from start: Int, to end: Int) -> Int? {
            var depth = 0
            for index in start..<max(start, end) {
                if bytes[index] == UInt8(ascii: "{") {
                    depth += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    if depth == 0 { return index }
                    depth -= 1
                }
            }
            return nil
        }
    }

    private func parse(from start: Int, to end: Int, into scan: inout Scan) {
        let open = UInt8(ascii: "{")
        var index = start
        while index < end {
            let byte = scan.bytes[index]
            let next = index + 1 < end ? scan.bytes[index + 1] : 0
            if byte == open, next == open {
                guard let close = scan.find(UInt8(ascii: "}"), UInt8(ascii: "}"), from: index + 2, to: end) else {
                    scan.diagnostics.append(Diagnostic("unterminated '{{': close it with '}}'", at: scan.location(at: index)))
                    scan.appendLiteral(index..<end)
                    return
                }
                scan.flush()
                var nameStart = index + 2
                var nameEnd = close
                while nameStart < nameEnd, scan.bytes[nameStart] == UInt8(ascii: " ") { nameStart += 1 }
                while nameEnd > nameStart, scan.bytes[nameEnd - 1] == UInt8(ascii: " ") { nameEnd -= 1 }
                let name = scan.text(nameStart..<nameEnd)
                let location = scan.location(at: index)
                if name.utf8.first == UInt8(ascii: "$") {
                    if let builtin = BuiltinValue(rawValue: name) {
                        scan.parts.append(.builtin(builtin))
                    } else {
                        var message = "unknown built-in value '{{\(name)}}'"
                        if let suggestion = Suggestion.closest(to: name, in: BuiltinValue.allCases.map(\.rawValue)) {
                            message += " (did you mean '{{\(suggestion)}}'?)"
                        }
                        scan.diagnostics.append(Diagnostic(message + "; built-ins are {{$uuid}}, {{$timestamp}} and {{$random_int}}", at: location))
                    }
                } else if Self.isVariableName(name) {
                    references?.insert(name)
                    scan.parts.append(.variable(name, location))
                } else {
                    scan.diagnostics.append(Diagnostic("'\(name)' is not a variable name: use letters, digits, '_', '-' and '.'", at: location))
                }
                index = close + 2
            } else if byte == UInt8(ascii: "$"), next == open {
                guard let close = scan.closingBrace(from: index + 2, to: end) else {
                    scan.diagnostics.append(Diagnostic("unterminated '${': close it with '}'", at: scan.location(at: index)))
                    scan.appendLiteral(index..<end)
                    return
                }
                let location = scan.location(at: index)
                let separator = scan.find(UInt8(ascii: ":"), UInt8(ascii: "-"), from: index + 2, to: close)
                let name = scan.text((index + 2)..<(separator ?? close))
                if !Self.isEnvironmentName(name) {
                    scan.diagnostics.append(Diagnostic("'\(name)' is not an environment variable name", at: location))
                } else {
                    references?.insert(name)
                    if let value = environment[name] {
                        scan.appendLiteral(value)
                    } else if let separator {
                        parse(from: separator + 2, to: close, into: &scan)
                    } else {
                        scan.diagnostics.append(Diagnostic(
                            "environment variable '\(name)' is not set (set it, or give a default: ${\(name):-value})", at: location))
                    }
                }
                index = close + 1
            } else {
                // Plain text up to the next `{` or `$`, appended in one piece.
                var stop = index + 1
                while stop < end, scan.bytes[stop] != open, scan.bytes[stop] != UInt8(ascii: "$") { stop += 1 }
                scan.appendLiteral(index..<stop)
                index = stop
            }
        }
    }

    /// Whether the text has `{{` or `${` at all: most scalars have neither.
    static func mayHoldPlaceholders(_ text: String) -> Bool {
        // Most scalars have no `{` at all, and `memchr` says so fastest.
        guard text.containsByte(UInt8(ascii: "{")) else { return false }
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{"), previous == UInt8(ascii: "{") || previous == UInt8(ascii: "$") { return true }
            previous = byte
        }
        return false
    }

    /// Whether `name` can be a variable: letters, digits, `_`, `-` and `.`, not starting with a digit.
    package static func isVariableName(_ name: String) -> Bool {
        guard !name.utf8.contains(where: { $0 >= 0x80 }) else {
            guard let first = name.first, first.isLetter || first == "_" else { return false }
            return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
        }
        return isASCIIName(name, allowsDashAndDot: true)
    }

    /// Whether `name` can be an environment variable: ASCII letters, digits and `_`, not starting with a digit.
    package static func isEnvironmentName(_ name: String) -> Bool {
        isASCIIName(name, allowsDashAndDot: false)
    }

    /// Whether `name` is ASCII letters, digits and `_` (and `-`, `.` if allowed), starting with a letter or `_`.
    private static func isASCIIName(_ name: String, allowsDashAndDot: Bool) -> Bool {
        var isFirst = true
        for byte in name.utf8 {
            let lower = byte | 0x20
            let isLetter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if isFirst {
                guard isLetter || byte == UInt8(ascii: "_") else { return false }
                isFirst = false
            } else {
                guard isLetter || isDigit || byte == UInt8(ascii: "_")
                    || (allowsDashAndDot && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."))) else { return false }
            }
        }
        return !isFirst
    }
}
