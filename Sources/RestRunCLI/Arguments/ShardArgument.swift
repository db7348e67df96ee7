import ArgumentParser

/// `--shard K/N`: the K-th of N shares of the sorted file list, 1 <= K <= N.
struct ShardArgument: ExpressibleByArgument, Sendable {
    /// K, from 1.
    var index: Int
    /// N.
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.index = index
        self.count = count
    }

    /// Files K, K+N, K+2N, ... of `paths`.
    func select(_ paths: [String]) -> [String] {
        paths.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
