import RestRun

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
    /// The commands in `text`; empty commands are left out.
    package static func commands(in text: String) throws(ImportProblem) -> [ShellCommand] {
        var reader = ShellReader(text)
        try reader.read()
        return pipedInputs(reader.commands)
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
    static func ansiEscape(_ scalars: [Unicode.Scalar], at index: Int, into word: inout String) -> Int {
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
