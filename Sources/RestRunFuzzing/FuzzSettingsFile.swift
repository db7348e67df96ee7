package import RestRun

/// What a fuzz run takes from a `--with` request file: its `base_url`, its headers (with `auth:`
/// made into them, or kept for auth that acts while sending) and its options, with the file's
/// variables and the run's `--var` and `--secret` values.
package struct FuzzSettingsFile: Sendable {
    package var baseURL: String?
    package var headers: [(String, String)] = []
    package var transport = TransportOptions()
    package var auth: RequestAuth?

    /// No settings: the spec's server, no headers, the default options.
    package init() {}

    /// Reads `path`; a file that does not load, or whose settings do not render, is its
    /// diagnostics.
    package static func read(
        _ path: String, variables: [String: DecodedValue], environment: [String: String], redactor: Redactor
    ) async throws(DiagnosticList) -> FuzzSettingsFile {
        // A settings file without requests is read as an include of a file with one, never sent.
        let text = (try? FileSystem.readText(path)) ?? ""
        let hasRequests = text.split(separator: "\n").contains { $0.hasPrefix("requests:") }
        var session = RunSession(paths: [hasRequests ? path : RunSession.standardInputPath])
        if !hasRequests {
            let absolute = path.hasPrefix("/") ? path : FileSystem.currentDirectory() + "/" + path
            session.standardInput = "include: [\(YAMLText.quoted(absolute))]\nrequests:\n  - url: http://127.0.0.1/\n"
        }
        session.variables = variables
        session.redactor = redactor
        session.environment = environment.merging(variables.compactMapValues { $0.interpolationText }) { $1 }
        let loaded = await session.load()
        guard let file = loaded.files.first else { throw DiagnosticList(loaded.invalid.flatMap(\.problems)) }
        let runner = session.runner()
        let scope = runner.initialScope(for: file)
        do {
            var settings = FuzzSettingsFile()
            settings.baseURL = try file.baseURL?.render(in: scope)
            var request = PreparedRequest(name: path, url: settings.baseURL ?? "")
            settings.headers = try runner.fileHeaders(of: file, for: &request, scope: scope)
            settings.transport = file.options.transport
            settings.auth = request.auth as? RequestAuth
            return settings
        } catch {
            throw DiagnosticList([error])
        }
    }
}
