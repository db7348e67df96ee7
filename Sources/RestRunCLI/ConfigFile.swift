import RestRun
import RestRunYAML

/// A config file: `.rest-run.yaml` in the working folder or the nearest folder above it up to the
/// repository's root, or the user's `$XDG_CONFIG_HOME/rest-run/config.yaml`. Its keys are the long
/// options of `run`, with `vars:`, `headers:`, and the sections `fuzz:` and `load:` for those
/// commands' own options.
enum ConfigFile {
    /// The project file's name.
    static let projectName = ".rest-run.yaml"
    /// The sections, each the options of a command.
    static let sections = ["fuzz", "load"]

    /// The project file that applies in `directory`: the first `.rest-run.yaml` from it upwards,
    /// stopping at the folder that holds `.git` (or at the root outside a repository).
    static func projectPath(from directory: String) -> String? {
        var folder = directory
        while true {
            let candidate = (folder == "/" ? "" : folder) + "/" + projectName
            if FileSystem.exists(candidate) { return candidate }
            if FileSystem.exists((folder == "/" ? "" : folder) + "/.git") { return nil }
            guard let slash = folder.lastIndex(of: "/"), folder != "/" else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }

    /// The user's file, when it exists: `$XDG_CONFIG_HOME/rest-run/config.yaml`, else
    /// `~/.config/rest-run/config.yaml`.
    static func userPath(environment: [String: String]) -> String? {
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.config"
        } else {
            return nil
        }
        let path = base + "/rest-run/config.yaml"
        return FileSystem.exists(path) ? path : nil
    }

    /// The settings of the file at `path`, by section (`""` for the top level, whose keys are
    /// `options[""]`'s); every mistake is a diagnostic at its line, which names the file from
    /// the working folder when `isProject` (`../.rest-run.yaml`), else by its whole path.
    static func settings(at path: String, isProject: Bool, options: [String: [ConfigOption]]) throws(DiagnosticList) -> [String: [ConfigSetting]] {
        let document = try YAMLDocument.load(path: isProject ? FileSystem.relativePath(of: path, from: FileSystem.currentDirectory()) : path)
        var reader = SettingsReader(path: path, source: document.source, options: options)
        var result: [String: [ConfigSetting]] = [:]
        if !document.root.isNull {
            guard let pairs = document.root.pairs else {
                throw DiagnosticList([Diagnostic(
                    "a config file is a mapping of option names to values, found \(document.root.kindDescription)",
                    at: document.source.location(document.root.mark))])
            }
            result = reader.read(pairs, section: "")
        }
        guard reader.problems.isEmpty else { throw DiagnosticList(reader.problems) }
        return result
    }

    /// Reads a file's nodes into settings, noting each mistake.
    private struct SettingsReader {
        let path: String
        let source: SourceText
        let options: [String: [ConfigOption]]
        var problems: [Diagnostic] = []

        init(path: String, source: SourceText, options: [String: [ConfigOption]]) {
            self.path = path
            self.source = source
            self.options = options
        }

        mutating func problem(_ message: String, at node: Node, notes: [String] = []) {
            problems.append(Diagnostic(message, at: source.location(node.mark), notes: notes))
        }

        func setting(_ key: String, _ values: [String], at node: Node, member: String? = nil) -> ConfigSetting {
            let location = source.location(node.mark)
            return ConfigSetting(key: key, values: values, source: "\(location.file):\(location.line)", location: location, member: member)
        }

        mutating func read(_ pairs: Node.Pairs, section: String) -> [String: [ConfigSetting]] {
            var result: [String: [ConfigSetting]] = [:]
            let known = options[section] ?? []
            for pair in pairs {
                guard let key = pair.key.scalarText else {
                    problem("keys of a config file are option names, found \(pair.key.kindDescription)", at: pair.key)
                    continue
                }
                let value = pair.value
                if section.isEmpty, ConfigFile.sections.contains(key) {
                    guard let inner = value.pairs else {
                        if !value.isNull { problem("'\(key)' holds the options of rest-run \(key), as a mapping; found \(value.kindDescription)", at: value) }
                        continue
                    }
                    for (name, settings) in read(inner, section: key) { result[name, default: []] += settings }
                    continue
                }
                switch key {
                case "vars":
                    result[section, default: []] += variables(value)
                case "headers":
                    result[section, default: []] += headers(value)
                default:
                    guard let option = known.first(where: { $0.name == key }) else {
                        let names = known.map(\.name) + ["vars", "headers"] + (section.isEmpty ? ConfigFile.sections : [])
                        var message = "unknown key '\(key)' in \(section.isEmpty ? "the config file" : "'\(section)'")"
                        if let suggestion = Suggestion.closest(to: key, in: names) { message += " (did you mean '\(suggestion)'?)" }
                        problem(message, at: pair.key, notes: ["keys are the long options of rest-run \(section.isEmpty ? "run" : section) (rest-run schema --config lists them)"])
                        continue
                    }
                    if let setting = self.setting(for: option, value, keyNode: pair.key) { result[section, default: []].append(setting) }
                }
            }
            return result
        }

        /// An option's value: true or false for a flag, a scalar for an option, a scalar or a list
        /// of them for a repeatable one (`var` and `header` items merge one by one).
        mutating func setting(for option: ConfigOption, _ value: Node, keyNode: Node) -> ConfigSetting? {
            let key = option.name
            if option.isFlag {
                guard case let .bool(on)? = value.scalarValue else {
                    problem("'\(key)' is a flag: true or false, found \(value.kindDescription)", at: value)
                    return nil
                }
                return setting(key, [on ? "true" : "false"], at: keyNode)
            }
            var words: [String] = []
            if let items = value.items, option.isRepeating {
                for item in items {
                    guard let text = scalar(item, of: key) else { return nil }
                    words.append(text)
                }
            } else {
                guard let text = scalar(value, of: key) else { return nil }
                words = [text]
            }
            if option.isPath { words = words.map { $0 == "-" ? $0 : FileSystem.path($0, relativeTo: FileSystem.displayPath(path)) } }
            return setting(key, words, at: keyNode)
        }

        mutating func scalar(_ node: Node, of key: String) -> String? {
            guard let text = node.scalarText, !node.isNull else {
                problem("'\(key)' takes \(node.items == nil ? "a value" : "one value"), found \(node.kindDescription)", at: node)
                return nil
            }
            return text
        }

        /// `vars: {name: value}`: one `--var` each.
        mutating func variables(_ node: Node) -> [ConfigSetting] {
            guard let pairs = node.pairs else {
                if !node.isNull { problem("'vars' must be a mapping of names to values, found \(node.kindDescription)", at: node) }
                return []
            }
            var result: [ConfigSetting] = []
            for pair in pairs {
                guard let name = pair.key.scalarText, TemplateParser.isVariableName(name) else {
                    problem("'\(pair.key.description)' is not a variable name: use letters, digits, '_', '-' and '.'", at: pair.key)
                    continue
                }
                guard pair.value.pairs == nil, pair.value.items == nil else {
                    problem("the variable '\(name)' must be a single value, found \(pair.value.kindDescription)", at: pair.value)
                    continue
                }
                // Written back as YAML, so that `--var` types it as the file did (`"3"` stays a string).
                let text = pair.value.isNull ? "null" : pair.value.scalarStyle?.isQuoted == true ? YAMLText.quoted(pair.value.scalarText ?? "") : pair.value.scalarText ?? ""
                result.append(setting("var", ["\(name)=\(text)"], at: pair.key, member: name))
            }
            return result
        }

        /// `headers: ["Name: value"]` or `headers: {Name: value}`: one `--header` each.
        mutating func headers(_ node: Node) -> [ConfigSetting] {
            var result: [ConfigSetting] = []
            if let pairs = node.pairs {
                for pair in pairs {
                    guard let name = pair.key.scalarText, HeaderName.isValid(name), let value = pair.value.scalarText else {
                        problem("each header is a name and a value", at: pair.key)
                        continue
                    }
                    result.append(setting("header", ["\(name): \(value)"], at: pair.key, member: name.lowercased()))
                }
            } else if let items = node.items {
                for item in items {
                    guard let text = item.scalarText, let colon = text.firstIndex(of: ":"), HeaderName.isValid(String(text[..<colon])) else {
                        problem("a header is written 'Name: value', found \(item.scalarText.map { "'\($0)'" } ?? item.kindDescription)", at: item)
                        continue
                    }
                    result.append(setting("header", [text], at: item, member: text[..<colon].lowercased()))
                }
            } else if !node.isNull {
                problem("'headers' must be a list of 'Name: value' or a mapping, found \(node.kindDescription)", at: node)
            }
            return result
        }
    }
}
