import FuzzSupport
@testable import RestRunGRPC
@testable import RestRunHelperProtocol
import SwiftProtobuf

/// Each input as a `.proto` file, read as rest-run-grpc reads a request file's `proto:` (lexed,
/// parsed, its types resolved, indexed for the JSON mapping), and as a compiled descriptor set:
/// an error or a schema, never a crash or a hang.
@_cdecl("FuzzProto_main")
public func fuzzProtoMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        let bytes = fuzzInput(data, count)
        let text = String(decoding: bytes, as: UTF8.self)
        if let files = try? ProtoFileLoader.load(sources: ["fuzz.proto": text]), let pool = try? DescriptorPool(files: files) {
            // Every message of the schema, written empty and read back.
            for name in pool.messages.keys.sorted().prefix(20) {
                var encoder = MessageEncoder(pool: pool, allowTemplates: false)
                let encoded = encoder.encode(.object([]), as: name)
                _ = try? MessageDecoder(pool: pool).decode(encoded[...], as: name)
            }
        }
        if let set = try? Google_Protobuf_FileDescriptorSet(serializedBytes: bytes) {
            _ = try? DescriptorPool(files: set.file)
        }
        return 0
    }
}
