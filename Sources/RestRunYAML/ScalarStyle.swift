/// How a scalar was written; only plain scalars are resolved to booleans, numbers and null.
package enum ScalarStyle: Sendable, Hashable {
    /// `value`
    case plain
    /// `'value'`
    case singleQuoted
    /// `"value"`
    case doubleQuoted
    /// `|` block
    case literal
    /// `>` block
    case folded

    /// Whether the scalar was written in quotes.
    package var isQuoted: Bool { self == .singleQuoted || self == .doubleQuoted }
}
