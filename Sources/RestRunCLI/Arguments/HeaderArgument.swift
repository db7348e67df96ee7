import ArgumentParser
import RestRun

/// `-H 'Name: value'`, as curl takes it: a header name (a token), a colon, the value.
struct HeaderArgument: ExpressibleByArgument, Sendable {
    /// The header's name.
    var name: String
    /// Its value, without the spaces after the colon.
    var value: String

    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let name = String(argument[..<colon])
        guard HeaderName.isValid(name) else { return nil }
        self.name = name
        value = String(argument[argument.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
    }
}
