import ArgumentParser
import RestRun

/// `--max-body 10MB`: a size in bytes.
struct ByteCountArgument: ExpressibleByArgument, Sendable {
    /// The number of bytes.
    var bytes: Int

    init?(argument: String) {
        guard let bytes = ByteCount.parse(argument) else { return nil }
        self.bytes = bytes
    }
}
