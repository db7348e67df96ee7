package import RestRunHelperProtocol
import SwiftProtobuf

/// Messages of a schema (`.proto` files or their text) written and read in the proto3 JSON
/// mapping, through the descriptors: what a gRPC server without generated code (the example
/// server, the tests' servers, the fuzzers) needs of rest-run-grpc.
package struct ProtoCodec: Sendable {
    private let pool: DescriptorPool

    /// The schema of `.proto` files at `paths`, their imports looked for in `importPaths`.
    package init(files paths: [String], importPaths: [String]) throws(ProtoSyntaxError) {
        pool = try DescriptorPool(files: ProtoFileLoader.load(paths, importPaths: importPaths))
    }

    /// The schema of `.proto` files given as text, by import name.
    package init(sources: [String: String]) throws(ProtoSyntaxError) {
        pool = try DescriptorPool(files: ProtoFileLoader.load(sources: sources))
    }

    /// The binary encoding of `json`, a message of `type` (a full name), or its problems.
    package func encode(_ json: JSONValue, as type: String) -> Result<[UInt8], ProtoCodecProblems> {
        var encoder = MessageEncoder(pool: pool, allowTemplates: false)
        let bytes = encoder.encode(json, as: type)
        return encoder.problems.isEmpty ? .success(bytes) : .failure(ProtoCodecProblems(problems: encoder.problems))
    }

    /// The JSON of `bytes`, a message of `type`.
    package func decode(_ bytes: [UInt8], as type: String) throws(MessageDecoder.DecodeFailure) -> JSONValue {
        try MessageDecoder(pool: pool).decode(bytes[...], as: type)
    }

    /// Every service's full name.
    package var services: [String] { pool.services }

    /// The methods, by `package.Service/Method`.
    package var methods: [String: DescriptorPool.Method] { pool.methods }

    /// The name of the file that declares `symbol` (a service, message or enum, or a method as
    /// `package.Service.Method`).
    package func file(declaring symbol: String) -> String? {
        if let file = pool.symbolFiles[symbol] { return file }
        guard let dot = symbol.lastIndex(of: ".") else { return nil }
        return pool.symbolFiles[String(symbol[..<dot])]
    }

    /// The encoded `FileDescriptorProto` of the file named `name`, and the names it imports.
    package func encodedFile(_ name: String) -> (bytes: [UInt8], dependencies: [String])? {
        guard let file = pool.files.first(where: { $0.name == name }), let bytes: [UInt8] = try? file.serializedBytes() else { return nil }
        return (bytes, file.dependency)
    }
}

/// Why a message cannot be encoded: every problem found.
package struct ProtoCodecProblems: Error, Sendable {
    /// The problems.
    package var problems: [MessageProblem]
}
