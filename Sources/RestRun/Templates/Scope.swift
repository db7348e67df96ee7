/// The variables a request sees: file defaults, `--var` and `--vars-file` values, and the captures of
/// earlier requests, later ones overriding earlier ones.
public struct Scope: Sendable {
    /// Values by name.
    public var values: [String: DecodedValue]
    /// Whether a placeholder with no value stays as `{{name}}` instead of being an error
    /// (`--dry-run`, which resolves as far as it can without responses).
    public var keepsUnresolvedPlaceholders = false

    /// Creates a scope holding `values`.
    public init(_ values: [String: DecodedValue] = [:]) { self.values = values }

    /// The value of a variable, if it has one.
    public subscript(name: String) -> DecodedValue? {
        get { values[name] }
        set { values[name] = newValue }
    }
}
