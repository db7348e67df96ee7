import ArgumentParser

/// `--strict` of the commands that read a spec whole (`import openapi`, `mock`, `fuzz`).
enum OpenAPIStrictness {
    static let help = ArgumentHelp(
        "Refuse a spec that breaks the letter of OpenAPI anywhere. Without it, each such place is a warning and only the operations it touches are left out (a 3.1 spec's boolean exclusiveMinimum is read as 3.0's).")
}
