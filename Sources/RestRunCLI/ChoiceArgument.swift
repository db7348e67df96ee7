import ArgumentParser

/// An option whose value is one of an enum's cases, named by their raw values (`--color never`).
///
/// It lists the values as ArgumentParser's own defaults for such enums do, but without a key
/// path and a `reduce` over generic collections: resolving those made the Swift runtime search
/// every conformance in the binary, twice per enum, each time rest-run started.
protocol ChoiceArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceArgument {
    /// The raw values, in case order (shown in help and offered by completions).
    static var allValueStrings: [String] {
        var strings: [String] = []
        for value in allCases { strings.append(value.rawValue) }
        return strings
    }

    /// None: each value's description is its raw value.
    static var allValueDescriptions: [String: String] { [:] }
}
