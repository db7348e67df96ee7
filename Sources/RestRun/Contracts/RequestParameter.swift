/// A parameter's value, where an operation takes it.
package struct RequestParameter: Sendable, Equatable {
    /// `path`, `query`, `header`, `cookie`, or `form` for a form's field.
    package var location: String
    /// The parameter's name.
    package var name: String
    /// Its value, before it is written as text.
    package var value: DecodedValue

    /// A parameter.
    package init(location: String, name: String, value: DecodedValue) {
        self.location = location
        self.name = name
        self.value = value
    }
}
