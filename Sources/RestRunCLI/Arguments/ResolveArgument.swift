import ArgumentParser

/// `--resolve HOST:PORT:ADDR`, as curl takes it (an IPv6 address in brackets): the port must be a
/// number, and the mapping holds for the host on every port.
struct ResolveArgument: ExpressibleByArgument, Sendable {
    /// The host name, lower-cased.
    var host: String
    /// The address connected to instead.
    var address: String

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, let port = Int(parts[1]), (1...65535).contains(port), !parts[2].isEmpty else { return nil }
        var address = String(parts[2])
        if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        host = String(parts[0]).lowercased()
        self.address = address
    }
}
