import RestRun

/// One setting of a layer of configuration (the user's file, the project's, the environment, the
/// command line): an option and its values as the command line takes them, and where it was set.
struct ConfigSetting: Sendable {
    /// The option's long name (`timeout`); `var` and `header` for `vars:` and `headers:`.
    var key: String
    /// Its values as command-line words: one, several for a repeatable option, `true` or `false`
    /// for a flag.
    var values: [String]
    /// Where it was set, in words: `.rest-run.yaml:3`, `environment REST_RUN_TIMEOUT`.
    var source: String
    /// Where it was set in a file.
    var location: SourceLocation?
    /// For a variable or a header, its name: layers merge these one by one.
    var member: String?
}
