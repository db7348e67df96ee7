/// What a request's runs are counted under across `--repeat` passes, `repeat:` and `for_each`
/// items: where it was declared, its name without an item's label, and, in a flow, where the
/// flow was used. Built without formatting anything, since every result carries one.
package struct StatisticsKey: Sendable, Hashable {
    /// The declaring file.
    package var file: String
    /// The request's line and column.
    package var line: Int, column: Int
    /// The name its summary shows (`login › get token`, `create user`).
    package var name: String
    /// The `use:` steps that led to it, outermost first, as `file:line:column`.
    package var usedFrom: [String] = []

    /// The key of a request declared at `location` named `name`.
    package init(location: SourceLocation?, name: String) {
        file = location?.file ?? ""
        line = location?.line ?? 0
        column = location?.column ?? 0
        self.name = name
    }
}
