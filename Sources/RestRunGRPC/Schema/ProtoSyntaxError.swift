/// Why a `.proto` file (or a descriptor set) cannot be used, at its line and column when the file
/// has them.
package struct ProtoSyntaxError: Error, Sendable, Equatable {
    /// The file, as its importer named it.
    package var file: String
    /// The line, from 1 (0 when not known).
    package var line: Int
    /// The column, from 1 (0 when not known).
    package var column: Int
    /// One sentence.
    package var message: String
    /// The unknown name the sentence is about and the names it could have meant, for rest-run
    /// to add "did you mean".
    package var unknown: String? = nil
    /// The names `unknown` could have meant.
    package var candidates: [String] = []

    /// An error at `line`:`column` of `file`.
    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}
