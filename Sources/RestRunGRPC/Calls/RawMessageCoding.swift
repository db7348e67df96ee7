package import GRPCCore

/// Hands a message's bytes to grpc-swift as they are: rest-run encodes and decodes messages
/// through their descriptors, not through generated types.
package struct RawMessageSerializer: MessageSerializer {
    /// A serializer.
    package init() {}

    package func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes {
        Bytes(message)
    }
}

/// Takes a received message's bytes as they are.
package struct RawMessageDeserializer: MessageDeserializer {
    /// A deserializer.
    package init() {}

    package func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> [UInt8] {
        serializedMessageBytes.withUnsafeBytes { Array($0) }
    }
}
