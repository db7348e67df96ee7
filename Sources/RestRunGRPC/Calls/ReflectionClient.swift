import GRPCCore
import RestRunHelperProtocol
package import RestRunHelperProtocol
import SwiftProtobuf

/// Asks a server's reflection service for the descriptors of every service it offers, over one
/// stream: `grpc.reflection.v1` first, `v1alpha` only when the server does not implement v1. The
/// reflection messages are few and small, so they are written and read field by field.
struct ReflectionClient {
    let pool: ChannelPool

    /// The files that declare the server's services, with every file they import.
    func files(of target: GRPCTarget, metadata: [(String, String)], timeout: Duration?) async throws(CallFailure) -> [Google_Protobuf_FileDescriptorProto] {
        for version in ["grpc.reflection.v1", "grpc.reflection.v1alpha"] {
            if let files = try await files(of: target, service: version + ".ServerReflection", metadata: metadata, timeout: timeout) {
                return files
            }
        }
        throw CallFailure(kind: .reflection, message: "\(target.authority) offers no reflection service (grpc.reflection.v1 or v1alpha): name its .proto files with proto: or a descriptor set with protoset:")
    }

    /// The files, or nil when the server does not implement this version. One stream carries the
    /// whole conversation: the list of services, the files that declare them, then any import the
    /// server left out, asked for by name.
    private func files(of target: GRPCTarget, service: String, metadata: [(String, String)], timeout: Duration?) async throws(CallFailure) -> [Google_Protobuf_FileDescriptorProto]? {
        let client = try pool.client(for: target)
        let (outgoing, sender) = AsyncStream.makeStream(of: [UInt8].self)
        var requestMetadata = Metadata()
        for (name, value) in metadata where !name.lowercased().hasSuffix("-bin") { requestMetadata.addString(value, forKey: name.lowercased()) }
        let request = StreamingClientRequest<[UInt8]>(metadata: requestMetadata) { writer in
            for await message in outgoing { try await writer.write(message) }
        }
        var options = CallOptions.defaults
        options.timeout = timeout ?? .seconds(30)
        options.waitForReady = false
        options.maxResponseMessageBytes = CallRunner.responseLimit
        let started = ContinuousClock.now
        // The first question goes out with the call, before any answer: a server may send its
        // headers only with its first answer (grpcio does), and a client that waited for them to
        // ask would wait for ever.
        sender.yield(Self.request(field: 7, value: "*"))
        do {
            return try await client.bidirectionalStreaming(
                request: request,
                descriptor: MethodDescriptor(fullyQualifiedService: service, method: "ServerReflectionInfo"),
                serializer: RawMessageSerializer(), deserializer: RawMessageDeserializer(), options: options
            ) { response -> [Google_Protobuf_FileDescriptorProto]? in
                defer { sender.finish() }
                let contents: StreamingClientResponse<[UInt8]>.Contents
                switch response.accepted {
                case .success(let accepted): contents = accepted
                case .failure(let error):
                    try CallRunner.failIfLocal(error, target: target, timeout: timeout, started: started)
                    if error.code == .unimplemented { return nil }
                    throw CallFailure(kind: .reflection, message: "\(target.authority)'s reflection service failed with status \(StatusNames.name(of: error.code.rawValue)): \(error.message)")
                }
                var answers = contents.bodyParts.makeAsyncIterator()
                func next() async throws -> [UInt8]? {
                    while let part = try await answers.next() {
                        if case .message(let bytes) = part { return bytes }
                    }
                    return nil
                }
                guard let listing = try await next() else { return nil }
                try Self.checkError(listing, target: target)
                var names: [String] = []
                for (number, payload) in Self.fields(listing) where number == 6 {
                    for (inner, entry) in Self.fields(payload) where inner == 1 {
                        for (nameField, name) in Self.fields(entry) where nameField == 1 {
                            names.append(String(decoding: name, as: UTF8.self))
                        }
                    }
                }
                var files: [String: Google_Protobuf_FileDescriptorProto] = [:]
                var order: [String] = []
                func ask(_ requests: [[UInt8]]) async throws {
                    for request in requests { sender.yield(request) }
                    for _ in requests {
                        guard let answer = try await next() else { return }
                        try Self.checkError(answer, target: target)
                        for (number, payload) in Self.fields(answer) where number == 4 {
                            for (inner, bytes) in Self.fields(payload) where inner == 1 {
                                guard let file = try? Google_Protobuf_FileDescriptorProto(serializedBytes: bytes) else {
                                    throw CallFailure(kind: .reflection, message: "\(target.authority)'s reflection service sent a file descriptor that cannot be read")
                                }
                                if files[file.name] == nil { order.append(file.name) }
                                files[file.name] = file
                            }
                        }
                    }
                }
                try await ask(names.filter { !$0.hasPrefix("grpc.reflection.") }.map { Self.request(field: 4, value: $0) })
                // Imports the server left out, asked for by name until none is missing.
                for _ in 0..<20 {
                    let missing = Set(files.values.flatMap(\.dependency)).filter { files[$0] == nil && WellKnownProtos.files[$0] == nil }
                    if missing.isEmpty { break }
                    let before = files.count
                    try await ask(missing.sorted().map { Self.request(field: 3, value: $0) })
                    if files.count == before { break }
                }
                // The well-known types a server did not send come from rest-run's own copies.
                let builtIn = Set(files.values.flatMap(\.dependency)).filter { files[$0] == nil && WellKnownProtos.files[$0] != nil }
                var result = order.compactMap { files[$0] }
                if !builtIn.isEmpty {
                    do throws(ProtoSyntaxError) {
                        result = try ProtoFileLoader.loadBuiltIn(builtIn.sorted()) + result
                    } catch {
                        throw CallFailure(kind: .reflection, message: error.message)
                    }
                }
                return result
            }
        } catch let failure as CallFailure {
            throw failure
        } catch let error as RPCError {
            try CallRunner.failIfLocal(error, target: target, timeout: timeout, started: started)
            if error.code == .unimplemented { return nil }
            throw CallFailure(kind: .reflection, message: "\(target.authority)'s reflection service failed with status \(StatusNames.name(of: error.code.rawValue)): \(error.message)")
        } catch {
            throw CallFailure(kind: .reflection, message: "reflection with \(target.authority) failed: \(CallRunner.describe(error))")
        }
    }

    private static func request(field: Int32, value: String) -> [UInt8] {
        var writer = WireWriter()
        writer.tag(field, 2)
        writer.lengthDelimited(Array(value.utf8))
        return writer.bytes
    }

    /// The length-delimited fields of `bytes`, as (number, payload).
    static func fields(_ bytes: [UInt8]) -> [(Int32, [UInt8])] {
        var reader = WireReader(bytes[...])
        var result: [(Int32, [UInt8])] = []
        while let next = try? reader.next() {
            if case .bytes(let payload) = next.value { result.append((next.number, Array(payload))) }
        }
        return result
    }

    private static func checkError(_ response: [UInt8], target: GRPCTarget) throws(CallFailure) {
        for (number, payload) in fields(response) where number == 7 {
            var message = ""
            for (inner, text) in fields(payload) where inner == 2 { message = String(decoding: text, as: UTF8.self) }
            throw CallFailure(kind: .reflection, message: "\(target.authority)'s reflection service answered: \(message)")
        }
    }
}
