/// One token of a `.proto` file, with where it starts.
struct ProtoToken: Equatable, Sendable {
    /// What kind of token it is.
    enum Sort: Equatable, Sendable {
        /// A name (`message`, `Foo`, `int32`); dots are symbols of their own.
        case identifier
        /// An integer as written (`12`, `0x1F`, `017`).
        case integer
        /// A floating-point number as written (`1.5`, `1e10`).
        case float
        /// A string literal, its escapes resolved (adjacent literals joined).
        case string
        /// One character of punctuation: `; , = { } [ ] ( ) < > . - + : /`.
        case symbol
        /// The end of the file.
        case end
    }

    /// The kind.
    var kind: Sort
    /// The text: the name, the number as written, the string's value or the symbol.
    var text: String
    /// The string literal's bytes (a string may hold bytes that are not UTF-8).
    var bytes: [UInt8] = []
    /// The line, from 1.
    var line: Int
    /// The column, from 1, in characters.
    var column: Int

    /// Whether this is the symbol `symbol`.
    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }

    /// Whether this is the name `name`.
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}
