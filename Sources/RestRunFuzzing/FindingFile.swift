package import RestRun

/// A finding as a request file that replays it: its requests as the fuzzer sent them, with the
/// expectations that failed, so that `rest-run FILE` fails (exit 4) while the server is broken
/// and passes once it is fixed. `base_url` is `${API_URL:-<the run's URL>}`, so the file can be
/// pointed elsewhere.
package enum FindingFile {
    /// The file's name: the operation, the check and the status, as a slug.
    package static func name(_ finding: FuzzFinding) -> String {
        "\(slug(finding.operation))-\(finding.check.rawValue)-\(finding.status == 0 ? "no-answer" : String(finding.status)).yaml"
    }

    /// `text` as part of a file name: lower-case letters and digits, a `-` for each run of others.
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug
    }

    /// The file's text. `specPath` is the spec as the file reaches it (relative to where the file
    /// is saved); `headers` are the run's `-H` headers (their values kept out when secret).
    package static func text(
        _ finding: FuzzFinding, operations: [OpenAPIOperation], baseURL: String, specPath: String, seed: UInt64,
        headers: [(String, String)], include: String?
    ) -> String {
        var lines = [
            "# rest-run fuzz found this (seed \(seed)): \(finding.operation): \(finding.check.rawValue) (\(finding.check.summary)), status \(finding.status == 0 ? "none" : String(finding.status)).",
            "# \(finding.message.replacingLiterally("\n", with: " "))",
            "# Replay: rest-run THIS_FILE (API_URL=... points it elsewhere); it passes once the server is fixed.",
        ]
        if let include { lines.append("include: [\(YAMLText.quoted(include))]") }
        lines.append("base_url: \(YAMLText.quoted("${API_URL:-\(baseURL)}"))")
        let checksContract = [.statusCode, .contentType, .responseSchema, .responseHeaders].contains(finding.check)
        if checksContract { lines.append("openapi: \(YAMLText.quoted(specPath))") }
        if !headers.isEmpty {
            lines.append("headers:")
            for (name, value) in headers {
                let shown = Redactor.isSensitiveHeader(name) ? "${\(environmentName(name)):-}" : value
                lines.append("  \(YAMLText.quoted(name)): \(YAMLText.quoted(shown))")
            }
        }
        // A value an earlier response gave is captured there and sent as `{{name}}`.
        var captures: [Int: [(String, String)]] = [:]
        var templates: [Int: [String: String]] = [:]
        for (place, step) in finding.steps.enumerated() {
            for (parameter, link) in step.linked.sorted(by: { $0.key < $1.key }) {
                guard let path = link.capture else { continue }
                let name = "linked_" + String(FuzzCase.split(parameter).name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
                if captures[link.step]?.contains(where: { $0.0 == name }) != true { captures[link.step, default: []].append((name, path)) }
                templates[place, default: [:]][parameter] = "{{\(name)}}"
            }
        }
        lines.append("requests:")
        for (place, step) in finding.steps.enumerated() {
            let operation = operations[step.fuzzCase.operation]
            let last = place == finding.steps.count - 1
            // A `${` of the spec's path in the name would read as an environment variable.
            let name = (last ? "\(operation.name): \(finding.check.rawValue)" : operation.name).replacingLiterally("${", with: "$ {")
            lines.append("  - name: \(YAMLText.quoted(name))")
            lines.append("    method: \(step.fuzzCase.method ?? operation.method)")
            lines.append("    url: \(YAMLText.quoted(step.fuzzCase.target(operation, literal: templates[place] ?? [:])))")
            let literal = templates[place] ?? [:]
            var headerLines: [String] = []
            for field in step.request.headers.fields {
                let value = literal.first { $0.key.lowercased() == "header \(field.name.lowercased())" }?.value ?? field.value
                headerLines.append("      \(YAMLText.quoted(field.name)): \(YAMLText.quoted(value))")
            }
            // A header the run sends that this request leaves out (its credentials, for ignored_auth).
            for name in step.request.removedHeaders.sorted() where !step.request.headers.contains(name) {
                headerLines.append("      \(YAMLText.quoted(name)): null")
            }
            var fuzzCase = step.fuzzCase
            for (key, template) in literal where key.hasPrefix("body ") {
                fuzzCase = fuzzCase.setting(.string(template), at: key) ?? fuzzCase
            }
            switch fuzzCase.body {
            case let .json(value, mediaType)? where Self.readsAsTemplate(value):
                // Text that a request file would read as a template (`${`, `{{`) is sent as it was:
                // the body's bytes, which no template reads.
                headerLines.append("      \"Content-Type\": \(YAMLText.quoted(mediaType))")
                lines += ["    headers:"] + headerLines
                lines.append("    base64: \(YAMLText.quoted(Base64.encode(value.jsonBytes)))")
            case let .json(value, mediaType)?:
                if MediaType.essence(mediaType) != "application/json" { headerLines.append("      \"Content-Type\": \(YAMLText.quoted(mediaType))") }
                if !headerLines.isEmpty { lines += ["    headers:"] + headerLines }
                lines.append("    json: \(YAMLText.flow(value))")
            case let .form(fields, _)?:
                if !headerLines.isEmpty { lines += ["    headers:"] + headerLines }
                lines.append("    form: {" + fields.map { YAMLText.quoted($0.name) + ": " + YAMLText.quoted(ExampleValue.text($0.value)) }.joined(separator: ", ") + "}")
            case let .multipart(fields)?:
                if !headerLines.isEmpty { lines += ["    headers:"] + headerLines }
                var parts: [String] = []
                for field in fields {
                    let values = if case let .array(items) = field.value { items } else { [field.value] }
                    for value in values { parts.append("{ name: \(YAMLText.quoted(field.name)), value: \(YAMLText.quoted(ExampleValue.text(value))) }") }
                }
                lines.append("    multipart: [" + parts.joined(separator: ", ") + "]")
            case let .raw(bytes, mediaType)?:
                headerLines.append("      \"Content-Type\": \(YAMLText.quoted(mediaType))")
                lines += ["    headers:"] + headerLines
                lines.append("    base64: \(YAMLText.quoted(Base64.encode(bytes)))")
            case nil:
                if !headerLines.isEmpty { lines += ["    headers:"] + headerLines }
            }
            if let captured = captures[place] {
                lines.append("    capture:")
                for (name, path) in captured { lines.append("      \(name): \(YAMLText.quoted(path))") }
            }
            lines.append("    expect:")
            lines.append("      status: " + (last ? finding.expectedStatus ?? expectedStatus(finding.check) : "{ \">=\": 100 }"))
            if last, !finding.expectedHeaders.isEmpty {
                lines.append("      headers:")
                for (name, predicate) in finding.expectedHeaders { lines.append("        \(YAMLText.quoted(name)): \(predicate)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes each finding of `report` into the folder `folder` (made when missing) and notes
    /// where in the report. `specPath` and `include` are as the folder reaches them.
    package static func save(
        _ report: inout FuzzReport, operations: [OpenAPIOperation], in folder: String, baseURL: String, specPath: String,
        headers: [(String, String)], include: String?
    ) throws(FileSystem.ReadError) {
        let paths = try write(report.findings.map { finding in
            (name(finding), text(finding, operations: operations, baseURL: baseURL, specPath: specPath, seed: report.seed, headers: headers, include: include))
        }, in: folder)
        for (index, path) in paths.enumerated() { report.findings[index].file = path }
    }

    /// Writes each file, its name and its text, into the folder `folder` (made when missing);
    /// their paths.
    static func write(_ files: [(name: String, text: String)], in folder: String) throws(FileSystem.ReadError) -> [String] {
        guard !files.isEmpty else { return [] }
        try FileSystem.createDirectories(folder)
        var paths: [String] = []
        for file in files {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + file.name
            try FileSystem.write(file.text, to: path)
            paths.append(path)
        }
        return paths
    }

    /// Whether a text of `value` would read as a template in a request file.
    static func readsAsTemplate(_ value: DecodedValue) -> Bool {
        switch value {
        // By bytes: a combining mark after `{` makes another Character, not another byte.
        case let .string(text): text.utf8.firstRange(of: "${".utf8) != nil || text.utf8.firstRange(of: "{{".utf8) != nil
        case let .array(items): items.contains(where: readsAsTemplate)
        case let .object(members): members.contains { readsAsTemplate(.string($0.key)) || readsAsTemplate($0.value) }
        default: false
        }
    }

    /// What the failing request must answer once the server is fixed.
    private static func expectedStatus(_ check: FuzzCheck) -> String {
        switch check {
        case .serverError: "{ \"<\": 500 }"
        case .negativeDataRejection, .missingRequiredHeader: "\"4xx\""
        case .ignoredAuth: "{ one_of: [401, 403] }"
        case .positiveDataAcceptance: "{ \"<\": 400 }"
        case .useAfterFree: "{ one_of: [404, 410] }"
        case .unsupportedMethod: "{ \">=\": 300, \"<\": 500 }"
        case .resourceAvailability: "{ \"!=\": 404, \"<\": 500 }"
        case .statusCode, .contentType, .responseSchema, .responseHeaders, .lenientTypes: "{ \">=\": 100 }"
        }
    }

    /// `Authorization` → `AUTHORIZATION`, `X-Api-Key` → `X_API_KEY`.
    static func environmentName(_ header: String) -> String {
        String(header.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
