import ArgumentParser
import RestRun

/// An option of a command as a config file and the environment name it: `timeout`,
/// `report-junit`, `fail-fast`. Read from ArgumentParser's own description of the command, so
/// that every option the command line takes is a key, and no other.
struct ConfigOption: Sendable {
    /// The long name, without dashes: the key.
    var name: String
    /// Every way the command line writes it: `--header`, `-H`.
    var spellings: [String]
    /// Whether it takes no value (`--fail-fast`).
    var isFlag: Bool
    /// Whether it may be given more than once (`--tag`).
    var isRepeating: Bool
    /// Whether its value is a file or folder: read in a config file relative to that file.
    var isPath: Bool
    /// What the help says of it.
    var help: String
    /// The values it takes, when they are a fixed list (`--color auto|always|never`).
    var choices: [String]?

    /// The environment variable that sets it for `command`: `REST_RUN_REPORT_JUNIT` for `run`'s
    /// options and the variables and headers every command shares, `REST_RUN_FUZZ_MAX_EXAMPLES`
    /// for a `fuzz` or `load` option of its own (as config files keep those in sections).
    func environmentName(for command: String) -> String {
        let section = command == "run" || ConfigSettings.sharedKeys.contains(name) ? "" : command.uppercased() + "_"
        return "REST_RUN_" + section + String(name.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The options of `command`, with neither `--help`, `--version` nor `--no-config`.
    static func options(of command: any ParsableCommand.Type) -> [ConfigOption] {
        guard let arguments = (try? JSONParser.parse(command._dumpHelp()))?.member("command")?.member("arguments")?.items else { return [] }
        var options: [ConfigOption] = []
        for argument in arguments {
            guard let kind = argument.member("kind")?.stringValue, kind != "positional", argument.member("shouldDisplay") != .bool(false),
                  let names = argument.member("names")?.items
            else { continue }
            var long: String?
            var spellings: [String] = []
            for name in names {
                guard let text = name.member("name")?.stringValue, let nameKind = name.member("kind")?.stringValue else { continue }
                if nameKind == "long" {
                    long = long ?? text
                    spellings.append("--" + text)
                } else {
                    spellings.append("-" + text)
                }
            }
            guard let long, !["help", "version", "no-config"].contains(long) else { continue }
            let completion = argument.member("completionKind")
            let choices = completion?.member("list")?.member("values")?.items?.compactMap(\.stringValue)
            options.append(ConfigOption(
                name: long, spellings: spellings, isFlag: kind == "flag", isRepeating: argument.member("isRepeating") == .bool(true),
                isPath: completion?.member("file") != nil || completion?.member("directory") != nil,
                help: argument.member("abstract")?.stringValue ?? "", choices: choices))
        }
        return options
    }

    /// Whether `words` (a command line, up to `--`) gives the option.
    func isGiven(in words: [String]) -> Bool {
        for word in words {
            if word == "--" { return false }
            for spelling in spellings {
                if word == spelling || (spelling.hasPrefix("--") && word.hasPrefix(spelling + "=")) { return true }
                // Short flags may be joined (`-vu`), and a short option's value joined (`-Hvalue`).
                if !spelling.hasPrefix("--"), !word.hasPrefix("--"), word.hasPrefix("-"), word.count > 2,
                   let letter = spelling.dropFirst().first, isFlag ? word.dropFirst().contains(letter) : word.dropFirst().first == letter {
                    return true
                }
            }
        }
        return false
    }
}
