/// A response's entry waiting to be compared with its snapshot once the step's result has its
/// final name: the runner compares it when the result comes out of its step.
package struct SnapshotTake: Sendable {
    /// What the response recorded.
    package var entry: SnapshotEntry
    /// The paths whose values are not compared.
    package var ignore: [JSONPath]
    /// Which run of a `repeat:` it is (`2`), appended to the request's name as ` [2]`.
    package var run: Int?

    /// A take.
    package init(entry: SnapshotEntry, ignore: [JSONPath], run: Int? = nil) {
        self.entry = entry
        self.ignore = ignore
        self.run = run
    }
}
