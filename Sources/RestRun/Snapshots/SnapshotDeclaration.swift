/// What a request's `expect: snapshot:` asks for: its response compared with the one recorded
/// for it, leaving out the values at `ignore` and recording the headers it names.
package struct SnapshotDeclaration: Sendable {
    /// JSONPaths whose values are not compared (whether they are there still is).
    package var ignore: [JSONPath] = []
    /// The headers recorded and compared, as written.
    package var headers: [String] = []
    /// Where `snapshot:` was written.
    package var location: SourceLocation?

    /// A declaration.
    package init(ignore: [JSONPath] = [], headers: [String] = [], location: SourceLocation? = nil) {
        self.ignore = ignore
        self.headers = headers
        self.location = location
    }
}
