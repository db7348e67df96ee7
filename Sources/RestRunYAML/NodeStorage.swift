/// A parsed document's nodes, shared by every `Node` of it; never changed once made.
package final class NodeStorage: Sendable {
    /// The nodes.
    package let table: NodeTable

    init(_ table: consuming NodeTable) {
        self.table = table
    }
}
