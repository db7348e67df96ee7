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

extension Scope {
    /// The values a setting rendered as a file loads may read: `given` (the run's own), then the
    /// file's `variables` in order, those that need no capture.
    init(_ variables: [(name: String, value: ValueTemplate)], given: [String: DecodedValue]) {
        self.init(given)
        for variable in variables where self[variable.name] == nil {
            if let value = try? variable.value.resolve(in: self) { self[variable.name] = value }
        }
    }
}
