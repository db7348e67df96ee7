public import RestRun

/// Loading helpers for tests.
public enum Fixtures {
    /// Loads YAML text as a request file named `test.yaml`, or returns the diagnostics' messages.
    public static func load(
        _ yaml: String, environment: [String: String] = [:], predefined: Set<String> = [], path: String = "test.yaml"
    ) -> Result<RequestFile, DiagnosticList> {
        let loader = RequestFileLoader(environment: environment, predefinedVariables: predefined)
        do {
            return .success(try loader.load(text: yaml, path: path))
        } catch {
            return .failure(error)
        }
    }

    /// The diagnostics of text expected to be invalid (empty when it loads).
    public static func diagnostics(_ yaml: String, environment: [String: String] = [:], predefined: Set<String> = []) -> [Diagnostic] {
        switch load(yaml, environment: environment, predefined: predefined) {
        case .success: []
        case let .failure(list): list.diagnostics
        }
    }

    /// The repository's root folder, found from this source file's path.
    public static var repositoryRoot: String {
        let file = #filePath
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }
}
