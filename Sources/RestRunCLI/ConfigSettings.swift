import ArgumentParser
import RestRun
import Synchronization

/// The settings a command takes from outside its command line, merged key by key: the user's
/// config file, then the project's `.rest-run.yaml`, then `REST_RUN_<OPTION>` environment
/// variables, each over the one before, and the command line over them all. They reach the
/// command as the command-line words they stand for, put before the user's own.
struct ConfigSettings: Sendable {
    /// The command they are for: `run`, `fuzz` or `load`.
    var command: String
    /// The command's options.
    var options: [ConfigOption]
    /// The settings that apply, in the options' order (variables and headers one by one).
    var settings: [ConfigSetting]

    /// The variables the run's config set: a repository's config sets them for all its files, so
    /// one that a file does not use is not worth a warning.
    static let variablesSet = Mutex<Set<String>>([])

    /// The commands that read config, with their options (top-level keys are `run`'s).
    static func options(for command: String) -> [ConfigOption] {
        switch command {
        case "fuzz": ConfigOption.options(of: FuzzCommand.self)
        case "load": ConfigOption.options(of: LoadRunCommand.self)
        default: ConfigOption.options(of: RunCommand.self)
        }
    }

    /// The settings for `command` (`run`, `fuzz`, `load`) in `directory` with `environment`,
    /// leaving out what `commandLine` gives; `readsFiles` false (`--no-config`) reads only the
    /// environment. A config file's mistakes are thrown, each at its line.
    static func load(
        for command: String, commandLine: [String], environment: [String: String], directory: String, readsFiles: Bool = true
    ) throws(DiagnosticList) -> ConfigSettings {
        let options = options(for: command)
        var layers: [[ConfigSetting]] = []
        if readsFiles {
            var fileOptions = ["": command == "run" ? options : Self.options(for: "run")]
            for section in ConfigFile.sections { fileOptions[section] = section == command ? options : Self.options(for: section) }
            var problems: [Diagnostic] = []
            let files = [(ConfigFile.userPath(environment: environment), false), (ConfigFile.projectPath(from: directory), true)]
            for case let (path?, isProject) in files {
                do {
                    let sections = try ConfigFile.settings(at: path, isProject: isProject, options: fileOptions)
                    // The top level is `run`'s; its variables and headers, which describe the API,
                    // are every command's. A command's own section goes over them.
                    var layer = sections[""] ?? []
                    if command != "run" {
                        let names = Set(options.map(\.name))
                        layer = layer.filter { Self.sharedKeys.contains($0.key) && names.contains($0.key) } + (sections[command] ?? [])
                    }
                    layers.append(layer)
                } catch {
                    problems += error.diagnostics
                }
            }
            if !problems.isEmpty { throw DiagnosticList(problems) }
        }
        layers.append(try environmentSettings(options, for: command, environment))
        var merged: [ConfigSetting] = []
        for layer in layers {
            for setting in layer.flatMap(Self.oneByOne) {
                if let member = setting.member {
                    merged.removeAll { $0.key == setting.key && $0.member == member }
                } else {
                    merged.removeAll { $0.key == setting.key }
                }
                merged.append(setting)
            }
        }
        // What the command line gives wins: an option it names, a variable or header it sets.
        let given = Set(options.filter { $0.isGiven(in: commandLine) }.map(\.name))
        // A variable set either way on the command line wins over both kinds of setting.
        var givenMembers = Set<String>()
        for setting in ConfigCommandLine.settings(in: commandLine, options: options) {
            guard let member = setting.member else { continue }
            givenMembers.formUnion(setting.key == "header" ? ["header " + member] : ["var " + member, "secret " + member])
        }
        merged.removeAll { setting in
            setting.member.map { givenMembers.contains(setting.key + " " + $0) } ?? given.contains(setting.key)
        }
        let order = Dictionary(options.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        merged.sort { (order[$0.key] ?? .max) < (order[$1.key] ?? .max) }
        return ConfigSettings(command: command, options: options, settings: merged)
    }

    /// The top-level keys that `fuzz` and `load` take too: what the API needs, not how `run` runs.
    static let sharedKeys: Set<String> = ["var", "vars-file", "secret", "header"]

    /// `REST_RUN_<OPTION>` for each option of the command that has one set.
    private static func environmentSettings(_ options: [ConfigOption], for command: String, _ environment: [String: String]) throws(DiagnosticList) -> [ConfigSetting] {
        var settings: [ConfigSetting] = []
        var problems: [Diagnostic] = []
        for option in options {
            let name = option.environmentName(for: command)
            guard let value = environment[name] else { continue }
            var words = [value]
            if option.isFlag {
                switch value.lowercased() {
                case "1", "true", "yes", "on": words = ["true"]
                case "0", "false", "no", "off", "": words = ["false"]
                default:
                    problems.append(Diagnostic("the environment variable \(name) sets the flag --\(option.name): give true or false, not '\(value)'"))
                    continue
                }
            }
            settings.append(ConfigSetting(key: option.name, values: words, source: "environment \(name)"))
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        return settings
    }

    /// A `var`, `secret` or `header` setting split into one setting per value, each naming its
    /// variable or header, so that layers merge them one by one.
    private static func oneByOne(_ setting: ConfigSetting) -> [ConfigSetting] {
        guard setting.member == nil, let separator = memberSeparator[setting.key] else { return [setting] }
        return setting.values.map { value in
            var single = setting
            single.values = [value]
            single.member = member(of: value, separator: separator)
            return single
        }
    }

    /// What ends a `var`, `secret` or `header` value's name: `=` or `:`.
    static let memberSeparator: [String: Character] = ["var": "=", "secret": "=", "header": ":"]

    /// The name a value sets (`env` of `env=ci`, `x-env` of `X-Env: ci`): headers lower-cased.
    static func member(of value: String, separator: Character) -> String {
        let name = value.prefix { $0 != separator }.trimmingCharacters(in: " ")
        return separator == ":" ? name.lowercased() : name
    }

    /// The command-line words the settings stand for: `--timeout=10s`, `--fail-fast`.
    var arguments: [String] {
        settings.flatMap { setting -> [String] in
            guard let option = options.first(where: { $0.name == setting.key }) else { return [] }
            if option.isFlag { return setting.values == ["true"] ? ["--" + option.name] : [] }
            return setting.values.map { "--\(option.name)=\($0)" }
        }
    }

    /// The setting that gave `--name` (or its short spelling), when a setting did: to put a
    /// command-line error about it at its line.
    func setting(namedIn message: String) -> ConfigSetting? {
        settings.first { setting in
            guard let option = options.first(where: { $0.name == setting.key }) else { return false }
            return option.spellings.contains { spelling in message.contains("'\(spelling)") || message.contains("\(spelling) ") }
        }
    }
}
