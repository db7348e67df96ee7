extension TextPattern {
    /// A text the pattern matches, when the pattern is one the linear matcher runs (others are
    /// left to the examples the spec gives).
    func sample(using random: inout FuzzRandom, maxLength: Int) -> String? {
        linear?.sample(using: &random, maxLength: maxLength)
    }
}
