import GRPCCore

/// Hands a message's bytes to grpc-swift as they are: rest-run encodes and decodes messages
/// through their descriptors, not through generated types.
struct RawMessageSerializer: MessageSerializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes {
        Bytes(message)
    }
}

/// Takes a received message's bytes as they are.
struct RawMessageDeserializer: MessageDeserializer {
    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> [UInt8] {
        serializedMessageBytes.withUnsafeBytes { Array($0) }
    }
}
