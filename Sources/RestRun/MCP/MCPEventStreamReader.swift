/// Reads an MCP server's event stream (server-sent events) chunk by chunk: the `data` of each
/// event, its lines joined, is one JSON-RPC message.
struct MCPEventStreamReader {
    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false

    /// The messages the events that `bytes` completes carry.
    mutating func read(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                if line.isEmpty {
                    if hasData, !data.isEmpty { messages.append(data) }
                    data.removeAll(keepingCapacity: true)
                    hasData = false
                } else if line.starts(with: "data:".utf8) {
                    var value = line.dropFirst(5)
                    if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
                    if hasData { data.append(UInt8(ascii: "\n")) }
                    data.append(contentsOf: value)
                    hasData = true
                }
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
        }
        return messages
    }
}
