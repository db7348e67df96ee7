extension IRegexp {
    /// A text the pattern matches whole, from a random walk over its program; nil when none turned
    /// up within a few tries (a pattern that needs an exact length may take more).
    package func sample(using random: inout SeededRandom, maxLength: Int) -> String? {
        for _ in 0..<8 {
            if let text = walk(using: &random, target: Int.random(in: 0...max(0, maxLength), using: &random), maxLength: maxLength) {
                return text
            }
        }
        return nil
    }

    private func walk(using random: inout SeededRandom, target: Int, maxLength: Int) -> String? {
        var scalars = String.UnicodeScalarView()
        var count = 0
        var pc = 0
        var ended = false
        for _ in 0..<(program.count * 4 + 4 * maxLength + 64) {
            guard pc < program.count else { return nil }
            switch program[pc] {
            case .match:
                return String(scalars)
            case let .jump(target):
                pc = target
            case let .split(first, second):
                // Past the length wanted, take the branch that jumps further on: a loop's exit.
                pc = count >= target ? max(first, second) : (random.chance(1, in: 2) ? first : second)
            case .atStart:
                guard count == 0 else { return nil }
                pc += 1
            case .atEnd:
                ended = true
                pc += 1
            case let .character(set):
                guard !ended, count < maxLength, let scalar = Self.scalar(in: sets[set], using: &random) else { return nil }
                scalars.append(scalar)
                count += 1
                pc += 1
            }
        }
        return nil
    }

    /// Scalars tried for sets that are not plain ranges: ASCII, and a few from other scripts,
    /// marks and symbols.
    private static let pool: [Unicode.Scalar] = Array((0x20...0x7E).compactMap(Unicode.Scalar.init)) + [
        "\u{E9}", "\u{DF}", "\u{416}", "\u{3C9}", "\u{4E2D}", "\u{6587}", "\u{663}", "\u{5D0}", "\u{301}", "\u{1F600}",
        "\u{A0}", "\u{2028}", "\u{9}", "\u{A}", "\u{D}", "\u{2160}", "\u{B2}", "\u{1C5}", "\u{2B0}", "\u{5F}", "\u{203F}",
        "\u{2013}", "\u{28}", "\u{AB}", "\u{BB}", "\u{24}", "\u{20AC}", "\u{2B}", "\u{5E}", "\u{A9}", "\u{3000}",
    ]

    private static func scalar(in set: CharacterSet, using random: inout SeededRandom) -> Unicode.Scalar? {
        if !set.negated, let item = set.items.randomElement(using: &random), case let .range(range) = item,
           let scalar = scalar(in: range, using: &random) {
            return scalar
        }
        let fitting = pool.filter(set.contains)
        if let scalar = fitting.randomElement(using: &random) { return scalar }
        for _ in 0..<64 {
            if let scalar = Unicode.Scalar(UInt32.random(in: 0x20...0xFFFF, using: &random)), set.contains(scalar) { return scalar }
        }
        return nil
    }

    private static func scalar(in range: ClosedRange<UInt32>, using random: inout SeededRandom) -> Unicode.Scalar? {
        for _ in 0..<8 {
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { return scalar }
        }
        return Unicode.Scalar(range.lowerBound)
    }
}
