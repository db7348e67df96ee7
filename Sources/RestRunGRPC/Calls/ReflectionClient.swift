import GRPCCore
import SwiftProtobuf

/// Asks a server's reflection service for the descriptors of every service it offers, over one
/// stream: `grpc.reflection.v1` first, `v1alpha` only when the server does not implement v1. The
/// reflection messages are few and small, so they are written and read field by field.
struct ReflectionClient {
    let pool: ChannelPool
    let runner: CallRunner

    /// The files that declare the server's services, with every file they import.
    func files(of target: CallTarget, metadata: [(String, String)], timeout: Duration?) async throws(CallFailure) -> [Google_Protobuf_FileDescriptorProto] {
        for version in ["grpc.reflection.v1", "grpc.reflection.v1alpha"] {
            if let files = try await files(of: target, service: version + ".ServerReflection", metadata: metadata, timeout: timeout) {
                return files
            }
        }
        throw CallFailure(kind: .reflection, message: "\(target.authority) offers no reflection service (grpc.reflection.v1 or v1alpha): name its .proto files with proto: or a descriptor set with protoset:")
    }

    /// The files, or nil when the server does not implement this version.
    private func files(of target: CallTarget, service: String, metadata: [(String, String)], timeout: Duration?) async throws(CallFailure) -> [Google_Protobuf_FileDescriptorProto]? {
        // First the list of services.
        let listing = try await ask(target, service: service, metadata: metadata, timeout: timeout, requests: [Self.request(field: 7, value: "*")])
        guard let listing else { return nil }
        var names: [String] = []
        for response in listing {
            for (number, payload) in Self.fields(response) where number == 6 {
                for (inner, service) in Self.fields(payload) where inner == 1 {
                    for (nameField, name) in Self.fields(service) where nameField == 1 {
                        names.append(String(decoding: name, as: UTF8.self))
                    }
                }
            }
            try Self.checkError(response, target: target)
        }
        var files: [String: Google_Protobuf_FileDescriptorProto] = [:]
        var order: [String] = []
        func take(_ responses: [[UInt8]]) throws(CallFailure) {
            for response in responses {
                try Self.checkError(response, target: target)
                for (number, payload) in Self.fields(response) where number == 4 {
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
        let wanted = names.filter { !$0.hasPrefix("grpc.reflection.") }
        if !wanted.isEmpty {
            let answers = try await ask(target, service: service, metadata: metadata, timeout: timeout, requests: wanted.map { Self.request(field: 4, value: $0) })
            try take(answers ?? [])
        }
        // Imports the server left out, asked for by name until none is missing.
        var rounds = 0
        while rounds < 20 {
            rounds += 1
            let missing = Set(files.values.flatMap(\.dependency)).filter { files[$0] == nil && WellKnownProtos.files[$0] == nil }
            if missing.isEmpty { break }
            let answers = try await ask(target, service: service, metadata: metadata, timeout: timeout, requests: missing.sorted().map { Self.request(field: 3, value: $0) })
            let before = files.count
            try take(answers ?? [])
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

    private static func checkError(_ response: [UInt8], target: CallTarget) throws(CallFailure) {
        for (number, payload) in fields(response) where number == 7 {
            var message = ""
            for (inner, text) in fields(payload) where inner == 2 { message = String(decoding: text, as: UTF8.self) }
            throw CallFailure(kind: .reflection, message: "\(target.authority)'s reflection service answered: \(message)")
        }
    }

    /// The responses to `requests` sent on one reflection stream, or nil when the server does not
    /// implement `service`.
    private func ask(_ target: CallTarget, service: String, metadata: [(String, String)], timeout: Duration?, requests: [[UInt8]]) async throws(CallFailure) -> [[UInt8]]? {
        let outcome = try await runner.call(
            target: target, service: service, method: "ServerReflectionInfo", metadata: metadata,
            messages: requests, timeout: timeout ?? .seconds(30)
        )
        if outcome.status == 12 { return nil }
        guard outcome.status == 0 else {
            throw CallFailure(kind: .reflection, message: "\(target.authority)'s reflection service failed with status \(StatusNames.name(of: outcome.status)): \(outcome.message)")
        }
        return outcome.responses
    }
}
