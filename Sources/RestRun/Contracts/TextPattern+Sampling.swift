extension TextPattern {
    /// A text the pattern matches, when the pattern is one the linear matcher runs (others are
    /// left to the examples the spec gives).
    package func sample(using random: inout SeededRandom, maxLength: Int) -> String? {
        linear?.sample(using: &random, maxLength: maxLength)
    }
}
