/// An I-Regexp (RFC 9485), the interoperable regular expressions that JSONPath's `match()` and
/// `search()` take. Patterns outside its grammar are refused (`init` returns nil), and matching
/// runs a Thompson NFA over Unicode scalars, so its time grows linearly with the text whatever the
/// pattern: no pattern from a file or a server can make it hang.
struct IRegexp: Sendable {
    /// A set of Unicode scalars: ranges and general categories, possibly complemented.
    struct CharacterSet: Sendable {
        enum Item: Sendable {
            case range(ClosedRange<UInt32>)
            case category(Category, negated: Bool)
        }

        var items: [Item]
        var negated: Bool

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            var found = false
            for item in items {
                switch item {
                case let .range(range): found = range.contains(scalar.value)
                case let .category(category, negated): found = category.contains(scalar) != negated
                }
                if found { break }
            }
            return found != negated
        }
    }

    /// A general category or a group of them (`\p{L}`, `\p{Lu}`).
    struct Category: Sendable {
        var name: String

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let code = Self.code(of: scalar.properties.generalCategory)
            return name.count == 1 ? code.hasPrefix(name) : code == name
        }

        static let valid: Set<String> = [
            "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No",
            "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs",
            "S", "Sc", "Sk", "Sm", "So", "C", "Cc", "Cf", "Cn", "Co",
        ]

        private static func code(of category: Unicode.GeneralCategory) -> String {
            switch category {
            case .uppercaseLetter: "Lu"
            case .lowercaseLetter: "Ll"
            case .titlecaseLetter: "Lt"
            case .modifierLetter: "Lm"
            case .otherLetter: "Lo"
            case .nonspacingMark: "Mn"
            case .spacingMark: "Mc"
            case .enclosingMark: "Me"
            case .decimalNumber: "Nd"
            case .letterNumber: "Nl"
            case .otherNumber: "No"
            case .connectorPunctuation: "Pc"
            case .dashPunctuation: "Pd"
            case .openPunctuation: "Ps"
            case .closePunctuation: "Pe"
            case .initialPunctuation: "Pi"
            case .finalPunctuation: "Pf"
            case .otherPunctuation: "Po"
            case .mathSymbol: "Sm"
            case .currencySymbol: "Sc"
            case .modifierSymbol: "Sk"
            case .otherSymbol: "So"
            case .spaceSeparator: "Zs"
            case .lineSeparator: "Zl"
            case .paragraphSeparator: "Zp"
            case .control: "Cc"
            case .format: "Cf"
            case .surrogate: "Cs"
            case .privateUse: "Co"
            case .unassigned: "Cn"
            @unknown default: "Cn"
            }
        }
    }

    enum Instruction: Sendable {
        case character(Int)
        case split(Int, Int)
        case jump(Int)
        case atStart
        case atEnd
        case match
    }

    /// The most NFA instructions a pattern may compile to (`{n,m}` repeats copy their atom).
    static let maximumProgramSize = 50_000

    let program: [Instruction]
    let sets: [CharacterSet]

    /// Compiles `pattern`; nil when it is not an I-Regexp or would compile too large.
    init?(_ pattern: String) {
        var parser = Parser(Array(pattern.unicodeScalars))
        guard let tree = parser.parse() else { return nil }
        var compiler = Compiler()
        guard compiler.emit(tree), compiler.program.count < Self.maximumProgramSize else { return nil }
        compiler.program.append(.match)
        program = compiler.program
        sets = compiler.sets
    }

    /// Whether the whole text matches (`match()`).
    func matchesWhole(_ text: String) -> Bool { run(text, anywhere: false) }

    /// Whether some part of the text matches (`search()`).
    func matchesSomewhere(_ text: String) -> Bool { run(text, anywhere: true) }

    private func run(_ text: String, anywhere: Bool) -> Bool {
        // Every list holds each instruction at most once, and the scratch stack each edge at most
        // once: buffers of the program's size (twice that for the stack), on the stack, so that
        // matching allocates nothing.
        let size = program.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: size * 5) { memory -> Bool in
            guard let base = memory.baseAddress else { return false }
            var current = StateList(base: base, count: 0)
            var next = StateList(base: base + size, count: 0)
            let seen = UnsafeMutableBufferPointer(start: base + 2 * size, count: size)
            seen.initialize(repeating: -1)
            let stack = base + 3 * size
            var generation = 0
            let scalars = text.unicodeScalars
            var position = scalars.startIndex
            add(0, to: &current, seen: seen, stack: stack, generation: generation, atStart: true, atEnd: scalars.isEmpty)
            for scalar in scalars {
                position = scalars.index(after: position)
                let atEnd = position == scalars.endIndex
                if anywhere && current.contains(where: { if case .match = program[$0] { true } else { false } }) { return true }
                generation += 1
                next.count = 0
                for index in 0..<current.count {
                    let pc = current.base[index]
                    if case let .character(set) = program[pc], sets[set].contains(scalar) {
                        add(pc + 1, to: &next, seen: seen, stack: stack, generation: generation, atStart: false, atEnd: atEnd)
                    }
                }
                if anywhere { add(0, to: &next, seen: seen, stack: stack, generation: generation, atStart: false, atEnd: atEnd) }
                swap(&current, &next)
                if current.count == 0 { return false }
            }
            return current.contains { if case .match = program[$0] { true } else { false } }
        }
    }

    /// A list of instruction indexes in caller-provided memory.
    private struct StateList {
        let base: UnsafeMutablePointer<Int>
        var count: Int

        func contains(where predicate: (Int) -> Bool) -> Bool {
            for index in 0..<count where predicate(base[index]) { return true }
            return false
        }
    }

    /// Adds `pc` and everything reachable from it without reading a scalar (`stack` is scratch
    /// space of twice the program's size: an instruction is pushed once per edge into it, and it
    /// has at most two).
    private func add(
        _ start: Int, to list: inout StateList, seen: UnsafeMutableBufferPointer<Int>, stack: UnsafeMutablePointer<Int>,
        generation: Int, atStart: Bool, atEnd: Bool
    ) {
        var depth = 0
        stack[0] = start
        depth = 1
        while depth > 0 {
            depth -= 1
            let pc = stack[depth]
            guard seen[pc] != generation else { continue }
            seen[pc] = generation
            switch program[pc] {
            case let .jump(target):
                stack[depth] = target; depth += 1
            case let .split(first, second):
                stack[depth] = second; stack[depth + 1] = first; depth += 2
            case .atStart:
                if atStart { stack[depth] = pc + 1; depth += 1 }
            case .atEnd:
                if atEnd { stack[depth] = pc + 1; depth += 1 }
            case .character, .match:
                list.base[list.count] = pc
                list.count += 1
            }
        }
    }

    // MARK: Syntax

    private indirect enum Tree {
        case set(CharacterSet)
        case atStart
        case atEnd
        case sequence([Tree])
        case alternatives([Tree])
        case repeated(Tree, minimum: Int, maximum: Int?)
    }

    /// RFC 9485, section 3 (the grammar); anything else returns nil.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func parse() -> Tree? {
            guard let tree = alternatives(), index == scalars.count else { return nil }
            return tree
        }

        mutating func alternatives() -> Tree? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 100 else { return nil }
            var branches: [Tree] = []
            while true {
                guard let branch = self.branch() else { return nil }
                branches.append(branch)
                guard peek() == "|" else { break }
                index += 1
            }
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        mutating func branch() -> Tree? {
            var pieces: [Tree] = []
            while let scalar = peek(), scalar != "|", scalar != ")" {
                guard let atom = self.atom() else { return nil }
                guard let piece = quantified(atom) else { return nil }
                pieces.append(piece)
            }
            return .sequence(pieces)
        }

        mutating func quantified(_ atom: Tree) -> Tree? {
            switch peek() {
            case "*": index += 1; return .repeated(atom, minimum: 0, maximum: nil)
            case "+": index += 1; return .repeated(atom, minimum: 1, maximum: nil)
            case "?": index += 1; return .repeated(atom, minimum: 0, maximum: 1)
            case "{":
                index += 1
                guard let minimum = number() else { return nil }
                var maximum: Int? = minimum
                if peek() == "," {
                    index += 1
                    maximum = peek() == "}" ? nil : number()
                    if maximum == nil && peek() != "}" { return nil }
                }
                guard peek() == "}" else { return nil }
                index += 1
                if let maximum, maximum < minimum { return nil }
                return .repeated(atom, minimum: minimum, maximum: maximum)
            default:
                return atom
            }
        }

        mutating func number() -> Int? {
            let start = index
            var value = 0
            while let scalar = peek(), ("0"..."9").contains(scalar) {
                value = value * 10 + Int(scalar.value - 0x30)
                guard value <= IRegexp.maximumProgramSize else { return nil }
                index += 1
            }
            return index > start ? value : nil
        }

        mutating func atom() -> Tree? {
            guard let scalar = peek() else { return nil }
            switch scalar {
            case "(":
                index += 1
                guard let inner = alternatives(), peek() == ")" else { return nil }
                index += 1
                return inner
            case "^":
                // RFC 9485 lists `^` and `$` as ordinary characters, but every JSONPath
                // implementation (and the compliance suite) reads them as anchors.
                index += 1
                return .atStart
            case "$":
                index += 1
                return .atEnd
            case ".":
                index += 1
                return .set(CharacterSet(items: [.range(0x0A...0x0A), .range(0x0D...0x0D)], negated: true))
            case "[":
                return characterClass().map(Tree.set)
            case "\\":
                return escape().map(Tree.set)
            case ")", "*", "+", "?", "]", "{", "|", "}":
                return nil
            default:
                index += 1
                return .set(CharacterSet(items: [.range(scalar.value...scalar.value)], negated: false))
            }
        }

        /// `\n`, `\(`, ... (SingleCharEsc) or `\p{..}` / `\P{..}`.
        mutating func escape() -> CharacterSet? {
            if let item = categoryEscape() { return CharacterSet(items: [item], negated: false) }
            guard let scalar = singleCharacterEscape() else { return nil }
            return CharacterSet(items: [.range(scalar.value...scalar.value)], negated: false)
        }

        mutating func singleCharacterEscape() -> Unicode.Scalar? {
            guard peek() == "\\", index + 1 < scalars.count else { return nil }
            let escaped = scalars[index + 1]
            let result: Unicode.Scalar
            switch escaped {
            case "n": result = "\n"
            case "r": result = "\r"
            case "t": result = "\t"
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": result = escaped
            default: return nil
            }
            index += 2
            return result
        }

        mutating func categoryEscape() -> CharacterSet.Item? {
            guard peek() == "\\", index + 2 < scalars.count, scalars[index + 1] == "p" || scalars[index + 1] == "P",
                  scalars[index + 2] == "{"
            else { return nil }
            let negated = scalars[index + 1] == "P"
            var end = index + 3
            while end < scalars.count, scalars[end] != "}" { end += 1 }
            guard end < scalars.count else { return nil }
            let name = String(String.UnicodeScalarView(scalars[(index + 3)..<end]))
            guard Category.valid.contains(name) else { return nil }
            index = end + 1
            return .category(Category(name: name), negated: negated)
        }

        /// `[` `^`? (`-` / item) item* `-`? `]`
        mutating func characterClass() -> CharacterSet? {
            index += 1
            var negated = false
            if peek() == "^" { negated = true; index += 1 }
            var items: [CharacterSet.Item] = []
            if peek() == "-" { items.append(.range(0x2D...0x2D)); index += 1 }
            while let scalar = peek() {
                if scalar == "]" {
                    guard !items.isEmpty else { return nil }
                    index += 1
                    return CharacterSet(items: items, negated: negated)
                }
                if scalar == "-" {
                    // Only allowed last, just before the closing bracket.
                    guard index + 1 < scalars.count, scalars[index + 1] == "]", !items.isEmpty else { return nil }
                    items.append(.range(0x2D...0x2D))
                    index += 1
                    continue
                }
                if let category = categoryEscape() { items.append(category); continue }
                guard let low = classCharacter() else { return nil }
                if peek() == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard let high = classCharacter(), low.value <= high.value else { return nil }
                    items.append(.range(low.value...high.value))
                } else {
                    items.append(.range(low.value...low.value))
                }
            }
            return nil
        }

        /// A CCchar: any scalar but `-`, `[`, `\` and `]`, or a single-character escape.
        mutating func classCharacter() -> Unicode.Scalar? {
            guard let scalar = peek() else { return nil }
            switch scalar {
            case "\\": return singleCharacterEscape()
            case "-", "[", "]": return nil
            default: index += 1; return scalar
            }
        }
    }

    private struct Compiler {
        var program: [Instruction] = []
        var sets: [CharacterSet] = []

        /// Emits `tree`; false once the program grows past the limit.
        mutating func emit(_ tree: Tree) -> Bool {
            guard program.count < IRegexp.maximumProgramSize else { return false }
            switch tree {
            case let .set(set):
                sets.append(set)
                program.append(.character(sets.count - 1))
            case .atStart: program.append(.atStart)
            case .atEnd: program.append(.atEnd)
            case let .sequence(items):
                for item in items { guard emit(item) else { return false } }
            case let .alternatives(branches):
                var jumps: [Int] = []
                for (position, branch) in branches.enumerated() {
                    if position < branches.count - 1 {
                        let split = program.count
                        program.append(.split(0, 0))
                        guard emit(branch) else { return false }
                        jumps.append(program.count)
                        program.append(.jump(0))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        guard emit(branch) else { return false }
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case let .repeated(atom, minimum, maximum):
                for _ in 0..<minimum { guard emit(atom) else { return false } }
                if let maximum {
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(program.count)
                        program.append(.split(0, 0))
                        guard emit(atom) else { return false }
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let split = program.count
                    program.append(.split(0, 0))
                    guard emit(atom) else { return false }
                    program.append(.jump(split))
                    program[split] = .split(split + 1, program.count)
                }
            }
            return true
        }
    }
}
