import RestRun

/// The state of `ShellWords.commands(in:)` as it reads, one scalar (or quoted run) at a time.
struct ShellReader {
    private enum Redirection {
        case input, hereString, hereDocument(stripsTabs: Bool), output, duplicate
    }

    private let scalars: [Unicode.Scalar]
    /// The commands read so far.
    private(set) var commands: [ShellCommand] = []
    private var current = ShellCommand(words: [])
    private var word = ""
    private var inWord = false
    private var quoted = false
    private var substituted = false
    private var redirection: Redirection?
    // Here-documents whose text starts after the current line: delimiter, tab stripping, and
    // the command they feed (nil: the one being read).
    private var hereDocuments: [(delimiter: String, stripsTabs: Bool, command: Int?)] = []
    private var index = 0
    private var line = 1
    private var afterPipe = false

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Reads the whole text into `commands`.
    mutating func read() throws(ImportProblem) {
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case " ", "\t":
                endWord()
                index += 1
            case "\n", "\r":
                endCommand()
                index += 1
                if scalar == "\n" {
                    line += 1
                    readHereDocuments()
                }
            case ";":
                endCommand()
                index += 1
            case "&" where next == ">":
                endWord()
                index += index + 2 < scalars.count && scalars[index + 2] == ">" ? 3 : 2
                redirection = .output
            case "&", "|":
                let doubled = next == scalar
                // `|&` pipes standard error too.
                let pipe = scalar == "|" && !doubled
                endCommand(pipe: pipe)
                index += doubled || (pipe && next == "&") ? 2 : 1
            case "<", ">":
                redirect(scalar, next: next)
            case "#" where !inWord:
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "`":
                substitution()
            case "$" where next == "(":
                substitution()
            case "\\":
                escape(next: next)
            case "'":
                try singleQuoted()
            case "\"":
                try doubleQuoted()
            case "$" where next == "'":
                try ansiQuoted()
            case "$":
                if let (name, end) = variable(at: index + 1) {
                    word += "${\(name):-}"
                    inWord = true
                    index = end
                } else {
                    word.unicodeScalars.append(scalar)
                    inWord = true
                    index += 1
                }
            default:
                word.unicodeScalars.append(scalar)
                inWord = true
                index += 1
            }
        }
        endCommand()
    }

    private mutating func endWord() {
        defer {
            word = ""
            inWord = false
            quoted = false
            substituted = false
        }
        guard inWord else { return }
        guard let pending = redirection else {
            current.words.append(word)
            return
        }
        redirection = nil
        switch pending {
        // Input from a command's output names that command (and so warns once, there).
        case .input where substituted, .hereString where substituted: current.input = .program(current.substitutions.popLast() ?? word)
        case .input: current.input = .file(word)
        case .hereString: current.input = .text(word + "\n")
        case let .hereDocument(stripsTabs): hereDocuments.append((word, stripsTabs, nil))
        case .output, .duplicate: break
        }
    }
    private mutating func endCommand(pipe: Bool = false) {
        endWord()
        redirection = nil
        current.readsPipe = afterPipe
        current.writesPipe = pipe
        afterPipe = pipe
        if !current.words.isEmpty || current.input != nil {
            for (position, document) in hereDocuments.enumerated() where document.command == nil {
                hereDocuments[position].command = commands.count
            }
            commands.append(current)
        }
        current = ShellCommand(words: [])
    }
    private mutating func readHereDocuments() {
        for document in hereDocuments {
            var body = ""
            while index < scalars.count {
                var end = index
                while end < scalars.count, scalars[end] != "\n" { end += 1 }
                var text = String(String.UnicodeScalarView(scalars[index..<end]))
                index = min(end + 1, scalars.count)
                line += 1
                if document.stripsTabs { text = String(text.drop { $0 == "\t" }) }
                if text == document.delimiter || text == document.delimiter + "\r" { break }
                body += text + "\n"
            }
            if let target = document.command, target < commands.count { commands[target].input = .text(body) }
        }
        hereDocuments = []
    }
    private func variable(at start: Int) -> (name: String, end: Int)? {
        guard start < scalars.count else { return nil }
        if scalars[start] == "{" {
            var end = start + 1
            var name = ""
            while end < scalars.count, scalars[end] != "}" {
                name.unicodeScalars.append(scalars[end])
                end += 1
            }
            guard end < scalars.count, ShellWords.isName(name) else { return nil }
            return (name, end + 1)
        }
        var end = start
        var name = ""
        while end < scalars.count, scalars[end] == "_" || scalars[end].properties.isAlphabetic && scalars[end].isASCII
                || ("0"..."9").contains(scalars[end]) && !name.isEmpty {
            name.unicodeScalars.append(scalars[end])
            end += 1
        }
        return name.isEmpty ? nil : (name, end)
    }
    // A command substitution starting at `index` (`` ` `` or `$(`): recorded, not run.
    private mutating func substitution() {
        let backtick = scalars[index] == "`"
        var end = index + (backtick ? 1 : 2)
        var depth = 1
        while end < scalars.count {
            let inner = scalars[end]
            if inner == "\\" {
                end += 2
                continue
            }
            if inner == "\n" { line += 1 }
            if backtick, inner == "`" { break }
            if !backtick, inner == "(" { depth += 1 }
            if !backtick, inner == ")" {
                depth -= 1
                if depth == 0 { break }
            }
            end += 1
        }
        current.substitutions.append(String(String.UnicodeScalarView(scalars[index..<min(end + 1, scalars.count)])))
        index = min(end + 1, scalars.count)
        inWord = true
        substituted = true
    }

    /// `<`, `>` and their kin: the redirection the next word completes.
    private mutating func redirect(_ scalar: Unicode.Scalar, next: Unicode.Scalar?) {
        // A file descriptor's number written against it (`2>`) belongs to the redirection.
        if inWord, !quoted, !word.isEmpty, word.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            word = ""
            inWord = false
        } else {
            endWord()
        }
        index += 1
        if scalar == "<", next == "<" {
            index += 1
            if index < scalars.count, scalars[index] == "<" {
                index += 1
                redirection = .hereString
            } else {
                let strips = index < scalars.count && scalars[index] == "-"
                if strips { index += 1 }
                redirection = .hereDocument(stripsTabs: strips)
            }
        } else if next == "&" {
            index += 1
            redirection = .duplicate
        } else {
            if scalar == ">", next == ">" || next == "|" { index += 1 }
            if scalar == "<", next == ">" { index += 1 }
            redirection = scalar == "<" ? .input : .output
        }
    }

    /// A backslash: the next character taken as it is, or a line joined to the next.
    private mutating func escape(next: Unicode.Scalar?) {
        if next == "\n" {
            line += 1
            index += 2
        } else if next == "\r", index + 2 < scalars.count, scalars[index + 2] == "\n" {
            line += 1
            index += 3
        } else if let next {
            word.unicodeScalars.append(next)
            inWord = true
            quoted = true
            index += 2
        } else {
            index += 1
        }
    }

    /// A `'single'` quoted run, taken as it is.
    private mutating func singleQuoted() throws(ImportProblem) {
        inWord = true
        quoted = true
        index += 1
        let start = line
        while index < scalars.count, scalars[index] != "'" {
            if scalars[index] == "\n" { line += 1 }
            word.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count else { throw ImportProblem(line: start, message: "a single quote is never closed") }
        index += 1
    }

    /// A `"double"` quoted run: its escapes, variables and substitutions.
    private mutating func doubleQuoted() throws(ImportProblem) {
        inWord = true
        quoted = true
        index += 1
        let start = line
        while index < scalars.count, scalars[index] != "\"" {
            let inner = scalars[index]
            if inner == "\\", index + 1 < scalars.count, ["$", "`", "\"", "\\", "\n"].contains(scalars[index + 1]) {
                if scalars[index + 1] == "\n" { line += 1 } else { word.unicodeScalars.append(scalars[index + 1]) }
                index += 2
                continue
            }
            if inner == "`" || inner == "$" && index + 1 < scalars.count && scalars[index + 1] == "(" {
                substitution()
                continue
            }
            if inner == "$", let (name, end) = variable(at: index + 1) {
                word += "${\(name):-}"
                index = end
                continue
            }
            if inner == "\n" { line += 1 }
            word.unicodeScalars.append(inner)
            index += 1
        }
        guard index < scalars.count else { throw ImportProblem(line: start, message: "a double quote is never closed") }
        index += 1
    }

    /// A `$'...'` string with its escapes.
    private mutating func ansiQuoted() throws(ImportProblem) {
        inWord = true
        quoted = true
        index += 2
        let start = line
        var closed = false
        while index < scalars.count {
            let inner = scalars[index]
            if inner == "'" {
                closed = true
                index += 1
                break
            }
            if inner == "\\", index + 1 < scalars.count {
                index += 1
                index = ShellWords.ansiEscape(scalars, at: index, into: &word)
                continue
            }
            if inner == "\n" { line += 1 }
            word.unicodeScalars.append(inner)
            index += 1
        }
        guard closed else { throw ImportProblem(line: start, message: "a $'...' string is never closed") }
    }
}
