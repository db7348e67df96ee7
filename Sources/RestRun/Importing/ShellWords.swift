/// Splits shell text into commands of words as a POSIX shell reads them: whitespace between
/// words, `'single'` and `"double"` quotes, `$'...'` strings with their escapes, a backslash
/// escaping the next character (and joining lines at a line's end), `#` comments; commands end at
/// an unescaped line break, `;`, `&&`, `||` or `|` (what follows a pipe is another program, left
/// out). `$NAME` and `${NAME}` outside single quotes become `${NAME:-}`, rest-run's environment
/// reference with an empty default.
package enum ShellWords {
    /// The commands in `text`, each a list of words; empty commands are left out.
    package static func commands(in text: String) throws(ImportProblem) -> [[String]] {
        let scalars = Array(text.unicodeScalars)
        var commands: [[String]] = []
        var words: [String] = []
        var word = ""
        var inWord = false
        var index = 0
        var line = 1
        var skippingPipe = false

        func endWord() {
            if inWord, !skippingPipe { words.append(word) }
            word = ""
            inWord = false
        }
        func endCommand() {
            endWord()
            if !words.isEmpty { commands.append(words) }
            words = []
            skippingPipe = false
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

        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case " ", "\t":
                endWord()
                index += 1
            case "\n", "\r":
                if scalar == "\n" { line += 1 }
                endCommand()
                index += 1
            case ";":
                endCommand()
                index += 1
            case "&", "|":
                let doubled = index + 1 < scalars.count && scalars[index + 1] == scalar
                endCommand()
                // After a single `|` the words belong to another program, up to the command's end.
                if scalar == "|", !doubled { skippingPipe = true }
                index += doubled ? 2 : 1
            case "#" where !inWord:
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "\\":
                if index + 1 < scalars.count, scalars[index + 1] == "\n" {
                    line += 1
                    index += 2
                } else if index + 2 < scalars.count, scalars[index + 1] == "\r", scalars[index + 2] == "\n" {
                    line += 1
                    index += 3
                } else if index + 1 < scalars.count {
                    word.unicodeScalars.append(scalars[index + 1])
                    inWord = true
                    index += 2
                } else {
                    index += 1
                }
            case "'":
                inWord = true
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
                index += 1
                let start = line
                while index < scalars.count, scalars[index] != "\"" {
                    let inner = scalars[index]
                    if inner == "\\", index + 1 < scalars.count, ["$", "`", "\"", "\\", "\n"].contains(scalars[index + 1]) {
                        if scalars[index + 1] == "\n" { line += 1 } else { word.unicodeScalars.append(scalars[index + 1]) }
                        index += 2
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
            case "$" where index + 1 < scalars.count && scalars[index + 1] == "'":
                inWord = true
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
