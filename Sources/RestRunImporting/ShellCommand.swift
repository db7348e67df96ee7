import RestRun

/// One simple command of shell text, as `ShellWords` reads it: its words, where its standard input
/// comes from, and whether it sits in a pipeline.
package struct ShellCommand: Sendable, Equatable {
    /// Where a command's standard input comes from.
    package enum Input: Sendable, Equatable {
        /// `< FILE`, or `cat FILE |` before it.
        case file(String)
        /// A here-document, a here-string (`<<< word`), or `echo words |` before it: the text itself.
        case text(String)
        /// The output of a program the import does not run (named here, as written).
        case program(String)
    }

    /// The words, quotes and escapes removed; redirections are not among them.
    package var words: [String]
    /// Where standard input comes from, when the text says.
    package var input: Input?
    /// Whether the command reads another's output (it follows a `|`).
    package var readsPipe = false
    /// Whether the command's output goes to another (a `|` follows it).
    package var writesPipe = false
    /// Command substitutions (`` `...` ``, `$(...)`) in the command, as written: they are not run,
    /// and each stands for an empty text.
    package var substitutions: [String] = []

    package init(words: [String], input: Input? = nil) {
        self.words = words
        self.input = input
    }
}
