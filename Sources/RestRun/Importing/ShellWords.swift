/// Splits shell text into commands as a POSIX shell reads them: whitespace between words,
/// `'single'` and `"double"` quotes, `$'...'` strings with their escapes, a backslash escaping the
/// next character (and joining lines at a line's end), `#` comments; commands end at an unescaped
/// line break, `;`, `&`, `&&`, `||` or `|` (a pipe is marked on both sides). Redirections are read,
/// not kept as words: `< FILE`, `<< WORD` and `<<- WORD` here-documents and `<<< word`
/// here-strings give the command's standard input (so does an `echo` or `cat` piped into it);
/// output redirections (`> FILE`, `2>&1`, `&> FILE`) are dropped. `$NAME` and `${NAME}` outside
/// single quotes become `${NAME:-}`, rest-run's environment reference with an empty default;
/// command substitutions are not run.
package enum ShellWords {
    private enum Redirection {
        case input, hereString, hereDocument(stripsTabs: Bool), output, duplicate
    }

    /// The commands in `text`; empty commands are left out.
    package static func commands(in text: String) throws(ImportProblem) -> [ShellCommand] {
        let scalars = Array(text.unicodeScalars)
        var commands: [ShellCommand] = []
        var current = ShellCommand(words: [])
        var word = ""
        var inWord = false
        var quoted = false
        var substituted = false
        var redirection: Redirection?
        // Here-documents whose text starts after the current line: delimiter, tab stripping, and
        // the command they feed (nil: the one being read).
        var hereDocuments: [(delimiter: String, stripsTabs: Bool, command: Int?)] = []
        var index = 0
        var line = 1
        var afterPipe = false

        func endWord() {
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
        func endCommand(pipe: Bool = false) {
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
        func readHereDocuments() {
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
        func variable(at start: Int) -> (name: String, end: Int)? {
            guard start < scalars.count else { return nil }
            if scalars[start] == "{" {
                var end = start + 1
                var name = ""
                while end < scalars.count, scalars[end] != "}" {
                    name.unicodeScalars.append(scalars[end])
                    end += 1
                }
                guard end < scalars.count, Self.isName(name) else { return nil }
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
        func substitution() {
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
            case "#" where !inWord:
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "`":
                substitution()
            case "$" where next == "(":
                substitution()
            case "\\":
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
            case "'":
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
            case "\"":
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
            case "$" where next == "'":
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
                        index = Self.ansiEscape(scalars, at: index, into: &word)
                        continue
                    }
                    if inner == "\n" { line += 1 }
                    word.unicodeScalars.append(inner)
                    index += 1
                }
                guard closed else { throw ImportProblem(line: start, message: "a $'...' string is never closed") }
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
        return pipedInputs(commands)
    }

    /// Each command that reads a pipe, given the input the command before it writes when that is
    /// plain: `echo words` (its words and a line break; none after `-n`), `cat FILE`, or `cat` with
    /// an input of its own. Any other program's output is named, not run.
    private static func pipedInputs(_ commands: [ShellCommand]) -> [ShellCommand] {
        var commands = commands
        for position in commands.indices.dropFirst() where commands[position].readsPipe && commands[position].input == nil {
            let source = commands[position - 1]
            guard source.writesPipe, let program = source.words.first else { continue }
            let arguments = Array(source.words.dropFirst())
            if program == "echo", source.substitutions.isEmpty {
                let newline = arguments.first != "-n"
                let words = arguments.drop { $0 == "-n" || $0 == "-e" || $0 == "-E" }
                commands[position].input = .text(words.joined(separator: " ") + (newline ? "\n" : ""))
            } else if program == "cat", arguments.count == 1, source.substitutions.isEmpty {
                commands[position].input = .file(arguments[0])
            } else if program == "cat", arguments.isEmpty, let input = source.input {
                commands[position].input = input
            } else {
                commands[position].input = .program(source.words.joined(separator: " "))
            }
        }
        return commands
    }

    /// Reads the escape after a backslash in `$'...'` (at `index`, past the backslash) into `word`;
    /// returns the index after it.
    private static func ansiEscape(_ scalars: [Unicode.Scalar], at index: Int, into word: inout String) -> Int {
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "n": "\n", "t": "\t", "r": "\r", "a": "\u{07}", "b": "\u{08}", "f": "\u{0C}", "v": "\u{0B}", "e": "\u{1B}", "E": "\u{1B}",
            "\\": "\\", "'": "'", "\"": "\"", "?": "?",
        ]
        let scalar = scalars[index]
        if let mapped = simple[scalar] {
            word.unicodeScalars.append(mapped)
            return index + 1
        }
        func number(from start: Int, digits: Int, radix: Int) -> (UInt32, Int)? {
            var end = start
            var text = ""
            while end < scalars.count, end - start < digits, let digit = Character(scalars[end]).hexDigitValue, digit < radix {
                text.unicodeScalars.append(scalars[end])
                end += 1
            }
            return text.isEmpty ? nil : UInt32(text, radix: radix).map { ($0, end) }
        }
        switch scalar {
        case "x":
            if let (value, end) = number(from: index + 1, digits: 2, radix: 16), let decoded = Unicode.Scalar(value) {
                word.unicodeScalars.append(decoded)
                return end
            }
        case "u", "U":
            if let (value, end) = number(from: index + 1, digits: scalar == "u" ? 4 : 8, radix: 16), let decoded = Unicode.Scalar(value) {
                word.unicodeScalars.append(decoded)
                return end
            }
        case "0"..."7":
            if let (value, end) = number(from: index, digits: 3, radix: 8), let decoded = Unicode.Scalar(value & 0xFF) {
                word.unicodeScalars.append(decoded)
                return end
            }
        default:
            break
        }
        word.unicodeScalars.append("\\")
        word.unicodeScalars.append(scalar)
        return index + 1
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.isASCII && first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
