package import RestRun

/// Which operations of a spec a fuzz run takes: `--operation`, `--tag`, `--exclude` and
/// `--shard`, each empty or absent taking every one.
package struct FuzzSelection: Sendable {
    /// Operations by `operationId` or `METHOD /path`.
    package var operations: [String] = []
    /// Tags, any of which an operation must have.
    package var tags: [String] = []
    /// Operations (as above) or tags left out.
    package var excluded: [String] = []
    /// The K-th (from 1) of N equal parts.
    package var shard: (index: Int, count: Int)?

    /// Everything.
    package init() {}

    /// The places in `spec.operations` selected; a name that is no operation or tag, or a
    /// selection that selects nothing, is one sentence (with a did-you-mean).
    package func select(in spec: OpenAPISpec) throws(Diagnostic) -> [Int] {
        func matches(_ operation: OpenAPIOperation, _ text: String) -> Bool {
            if operation.operationID == text { return true }
            let parts = text.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].uppercased() == operation.method && parts[1] == operation.path
        }
        for text in operations + excluded where !spec.operations.contains(where: { matches($0, text) || $0.tags.contains(text) }) {
            let names = spec.operations.map(\.name) + spec.operations.compactMap(\.operationID)
            var sentence = "'\(text)' is not an operation of \(spec.path) (an operationId or 'METHOD /path')"
            if let closest = Suggestion.closest(to: text, in: names) { sentence += "; did you mean '\(closest)'?" }
            throw Diagnostic(sentence, at: nil)
        }
        var selected = spec.operations.indices.filter { index in
            let operation = spec.operations[index]
            if !operations.isEmpty, !operations.contains(where: { matches(operation, $0) }) { return false }
            if !tags.isEmpty, !tags.contains(where: operation.tags.contains) { return false }
            return !excluded.contains { matches(operation, $0) || operation.tags.contains($0) }
        }
        if let shard { selected = selected.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element) }
        guard !selected.isEmpty else { throw Diagnostic("the selection selects no operation of \(spec.path)", at: nil) }
        return selected
    }
}
