/// What a request's `expect: snapshot:` asks for: its response compared with the one recorded
/// for it, leaving out the values at `ignore` and recording the headers it names.
package struct SnapshotDeclaration: Sendable {
    /// JSONPaths whose values are not compared (whether they are there still is).
    package var ignore: [JSONPath] = []
    /// The headers recorded and compared, as written.
    package var headers: [String] = []

    /// A declaration.
    package init(ignore: [JSONPath] = [], headers: [String] = []) {
        self.ignore = ignore
        self.headers = headers
    }
}
