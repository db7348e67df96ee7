import RestRun

/// The JSON Schema of config files (`rest-run schema --config`), made from the commands' own
/// options, so that it names every option and no other.
enum ConfigSchema {
    /// The schema.
    static var value: DecodedValue {
        var properties = members(ConfigSettings.options(for: "run"))
        for section in ConfigFile.sections {
            properties.append((section, .object(fromPairs: [
                ("description", .string("The options of rest-run \(section), and variables and headers for it alone.")),
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("properties", .object(fromPairs: members(ConfigSettings.options(for: section)))),
            ])))
        }
        return .object(fromPairs: [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("rest-run config file")),
            ("description", .string(
                ".rest-run.yaml (the working folder or the nearest above it, up to the repository's root) or $XDG_CONFIG_HOME/rest-run/config.yaml: the long options of rest-run run, with vars and headers; fuzz and load hold those commands' options. The command line and REST_RUN_<OPTION> variables go over it.")),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("properties", .object(fromPairs: properties)),
        ])
    }

    /// A property for each option, then `vars` and `headers`.
    private static func members(_ options: [ConfigOption]) -> [(String, DecodedValue)] {
        let scalar = DecodedValue.object(fromPairs: [("type", .array([.string("string"), .string("number"), .string("boolean")]))])
        var result: [(String, DecodedValue)] = options.map { option in
            var members: [(String, DecodedValue)] = [("description", .string(option.help))]
            if option.isFlag {
                members.append(("type", .string("boolean")))
            } else if let choices = option.choices {
                members.append(("enum", .array(choices.map(DecodedValue.string))))
            } else if option.isRepeating {
                members.append(("anyOf", .array([scalar, .object(fromPairs: [("type", .string("array")), ("items", scalar)])])))
            } else {
                members.append(("type", .array([.string("string"), .string("number"), .string("boolean")])))
            }
            return (option.name, .object(fromPairs: members))
        }
        result.append(("vars", .object(fromPairs: [
            ("description", .string("Variables, as --var sets them: name → value.")),
            ("type", .string("object")),
            ("additionalProperties", .object(fromPairs: [("type", .array([.string("string"), .string("number"), .string("boolean"), .string("null")]))])),
        ])))
        let header = DecodedValue.object(fromPairs: [("type", .string("string")), ("pattern", .string("^\(HeaderName.pattern):"))])
        result.append(("headers", .object(fromPairs: [
            ("description", .string("Headers sent with every request, as -H sends them: [\"Name: value\"] or {Name: value}.")),
            ("anyOf", .array([
                .object(fromPairs: [("type", .string("array")), ("items", header)]),
                .object(fromPairs: [("type", .string("object")), ("additionalProperties", .object(fromPairs: [("type", .string("string"))]))]),
            ])),
        ])))
        return result
    }
}
