import RestRun

/// The settings a command line gives, as `rest-run config -- OPTIONS` shows them.
enum ConfigCommandLine {
    /// Each option of `options` that `words` gives, with its values (`true` for a flag).
    static func settings(in words: [String], options: [ConfigOption]) -> [ConfigSetting] {
        var found: [ConfigSetting] = []
        var index = words.startIndex
        while index < words.endIndex, words[index] != "--" {
            let word = words[index]
            index += 1
            for option in options {
                var value: String?
                for spelling in option.spellings {
                    if word == spelling {
                        if option.isFlag {
                            value = "true"
                        } else if index < words.endIndex {
                            value = words[index]
                            index += 1
                        }
                    } else if spelling.hasPrefix("--"), word.hasPrefix(spelling + "=") {
                        value = String(word.dropFirst(spelling.count + 1))
                    }
                    if value != nil { break }
                }
                guard let value else { continue }
                let member = ConfigSettings.memberSeparator[option.name].map { ConfigSettings.member(of: value, separator: $0) }
                found.append(ConfigSetting(key: option.name, values: [value], source: "command line", member: member))
                break
            }
        }
        return found
    }
}
