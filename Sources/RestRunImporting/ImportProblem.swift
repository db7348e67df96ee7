import RestRun

/// Input an importer cannot read (an unclosed quote, JSON that does not parse, no requests where
/// the format keeps them), at a 1-based line of the input.
package struct ImportProblem: Error, Sendable {
    /// The 1-based line of the input.
    package var line: Int
    /// One plain sentence.
    package var message: String
}
