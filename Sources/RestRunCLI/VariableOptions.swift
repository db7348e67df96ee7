import ArgumentParser
import RestRun

/// `--var` and `--secret` for a command that reads one settings file (`fuzz --with`).
struct VariableOptions: ParsableArguments {
    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable for --with's file; repeatable.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("secret"), help: ArgumentHelp("Set a variable whose value is never printed; repeatable.", valueName: "NAME=VALUE"))
    var secrets: [String] = []

    func validate() throws {
        for assignment in variables + secrets { _ = try InputOptions.split(assignment) }
    }

    /// The values by name (a `--secret` over a `--var` of the same name); each secret taught to
    /// `redactor`.
    func values(redactor: Redactor) -> [String: DecodedValue] {
        var values: [String: DecodedValue] = [:]
        for assignment in variables { if let (name, value) = try? InputOptions.split(assignment) { values[name] = InputOptions.typed(value) } }
        for assignment in secrets {
            guard let (name, value) = try? InputOptions.split(assignment) else { continue }
            values[name] = .string(value)
            redactor.add(value)
        }
        return values
    }
}
