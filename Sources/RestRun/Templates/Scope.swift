/// The variables a request sees: file defaults, `--var` and `--vars-file` values, and the captures of
/// earlier requests, later ones overriding earlier ones.
package struct Scope: Sendable {
    /// Values by name.
    package var values: [String: DecodedValue]
    /// Whether a placeholder with no value stays as `{{name}}` instead of being an error
    /// (`--dry-run`, which resolves as far as it can without responses).
    package var keepsUnresolvedPlaceholders = false

    /// Creates a scope holding `values`.
    package init(_ values: [String: DecodedValue] = [:]) { self.values = values }

    /// The value of a variable, if it has one.
    package subscript(name: String) -> DecodedValue? {
        get { values[name] }
        set { values[name] = newValue }
    }
}
