#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftProtobuf

/// Reads a compiled `FileDescriptorSet` (`protoc --descriptor_set_out`, `buf build -o`), bounded.
enum DescriptorSetReader {
    /// The largest descriptor set read.
    static let limit = 64 * 1024 * 1024

    static func load(_ path: String) throws(ProtoSyntaxError) -> [Google_Protobuf_FileDescriptorProto] {
        func failure(_ message: String) -> ProtoSyntaxError { ProtoSyntaxError(file: path, line: 0, column: 0, message: message) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { throw failure("\(path) is not a file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= limit else { throw failure("\(path) is larger than 64 MB") }
        }
        let set: Google_Protobuf_FileDescriptorSet
        do {
            set = try Google_Protobuf_FileDescriptorSet(serializedBytes: bytes)
        } catch {
            throw failure("\(path) is not a descriptor set (protoc --descriptor_set_out or buf build -o writes one)")
        }
        guard !set.file.isEmpty else { throw failure("\(path) holds no files") }
        // A set written without --include_imports may leave out the well-known types it uses.
        let present = Set(set.file.map(\.name))
        let missing = Set(set.file.flatMap(\.dependency)).subtracting(present).filter { WellKnownProtos.files[$0] != nil }
        return try ProtoFileLoader.loadBuiltIn(missing.sorted()) + set.file
    }
}
