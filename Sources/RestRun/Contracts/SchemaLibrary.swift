package import RestRunYAML
import Synchronization

/// The schemas a run uses, each compiled once however many requests and responses use it: schema
/// files (YAML or JSON) named by path and optional `#/pointer`, and schemas written inline in a
/// request file. Documents that `$ref`s name are read from files next to the referring one;
/// nothing is fetched over the network.
package final class SchemaLibrary: Sendable {
    private let compiled = Mutex<[String: Result<JSONSchema, DiagnosticList>]>([:])
    private let specs = Mutex<[String: Result<OpenAPISpec, DiagnosticList>]>([:])

    /// An empty library.
    package init() {}

    /// The schema at `pointer` in the file at `path` (as the user wrote it, relative to the
    /// working directory), compiled under `rules`.
    package func schema(file path: String, pointer: String = "", rules: SchemaRules = SchemaRules()) throws(DiagnosticList) -> JSONSchema {
        let key = "\(rules.dialect)|\(path)#\(pointer)"
        if let known = compiled.withLock({ $0[key] }) { return try known.get() }
        let result: Result<JSONSchema, DiagnosticList>
        do throws(DiagnosticList) {
            let uri = Self.fileURI(path)
            guard let document = try Self.loadDocument(uri) else {
                throw DiagnosticList([Diagnostic("cannot read the schema file '\(path)'")])
            }
            if !pointer.isEmpty, document.value(at: pointer) == nil {
                throw DiagnosticList([Diagnostic("'\(path)' has nothing at '#\(pointer)'")])
            }
            result = .success(try JSONSchema.compile(document, at: pointer, rules: rules, load: Self.loadDocument))
        } catch {
            result = .failure(error)
        }
        // Files load side by side: the first to finish compiling the schema is the one kept.
        return try compiled.withLock { compiled in
            if let first = compiled[key] { return first }
            compiled[key] = result
            return result
        }.get()
    }

    /// The OpenAPI spec at `path`, read and compiled once for the whole run (so coverage adds up
    /// across files).
    package func spec(path: String) throws(DiagnosticList) -> OpenAPISpec {
        let key = FileSystem.canonicalPath(path)
        if let known = specs.withLock({ $0[key] }) { return try known.get() }
        let result: Result<OpenAPISpec, DiagnosticList>
        do throws(DiagnosticList) {
            // As import, mock and fuzz read it: a published spec's broken places leave out the
            // operations they touch, and a request to one says why.
            result = .success(try OpenAPISpec.load(path: path, strict: false))
        } catch {
            result = .failure(error)
        }
        // Files load side by side: the first spec read is the one every file shares, so coverage
        // adds up.
        return try specs.withLock { specs in
            if let first = specs[key] { return first }
            specs[key] = result
            return result
        }.get()
    }

    /// Every spec loaded so far.
    package var loadedSpecs: [OpenAPISpec] {
        specs.withLock { $0.values.compactMap { try? $0.get() } }.sorted { $0.path < $1.path }
    }

    /// A schema written inline in a request file (`node` read from `source`); its relative `$ref`s
    /// resolve against the request file.
    package func schema(inline node: Node, source: SourceText, rules: SchemaRules = SchemaRules()) throws(DiagnosticList) -> JSONSchema {
        let document = SchemaDocument(uri: Self.fileURI(source.path), node: node, source: source)
        return try JSONSchema.compile(document, rules: rules, load: Self.loadDocument)
    }

    // MARK: Files

    /// `file:///absolute/path` for a path relative to the working directory.
    package static func fileURI(_ path: String) -> SchemaURI {
        let absolute = path.hasPrefix("/") ? path : FileSystem.currentDirectory() + "/" + path
        let encoded = absolute.split(separator: "/", omittingEmptySubsequences: false).map { URLBuilder.encode(String($0)) }
        return SchemaURI("file://" + encoded.joined(separator: "/"))
    }

    /// The path a `file:` URI names, shown relative to the working directory when it is inside it.
    static func displayPath(_ uri: SchemaURI) -> String {
        FileSystem.displayPath(URLBuilder.decode(uri.path))
    }

    /// Reads a `file:` document (YAML, or JSON when it ends in `.json`); nil for any other URI,
    /// since rest-run never fetches a schema.
    package static func loadDocument(_ uri: SchemaURI) throws(DiagnosticList) -> SchemaDocument? {
        guard uri.scheme == "file" else { return nil }
        let path = displayPath(uri)
        let (bytes, text) = try YAMLDocument.readText(path)
        if path.lowercased().hasSuffix(".json") {
            let value: DecodedValue
            do {
                value = try JSONParser.parse(bytes)
            } catch {
                let source = SourceText(path: path, text: text)
                throw DiagnosticList([Diagnostic(
                    "'\(path)' is not valid JSON: \(error.message)", at: source.location(Mark(line: error.line, column: error.column)))])
            }
            // JSON is YAML too: its positions come from the YAML parser when it accepts the text.
            if let yaml = try? YAMLDocument.parse(text: text, path: path), DecodedValue(node: yaml.root) == value {
                return SchemaDocument(uri: uri, node: yaml.root, source: yaml.source)
            }
            var document = SchemaDocument(uri: uri, value: value, displayName: path)
            document.displayName = path
            return document
        }
        let yaml = try YAMLDocument.parse(text: text, path: path)
        return SchemaDocument(uri: uri, node: yaml.root, source: yaml.source)
    }
}

extension SchemaURI {
    /// The reference as messages show it: a `file:` URI as its path (relative to the working
    /// directory when inside it) with its fragment.
    package var displayText: String {
        guard scheme == "file" else { return description }
        return SchemaLibrary.displayPath(self) + (fragment.map { "#" + $0 } ?? "")
    }
}

