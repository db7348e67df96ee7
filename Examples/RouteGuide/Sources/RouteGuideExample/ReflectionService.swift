package import GRPCCore
package import RestRunGRPC
import Synchronization

/// gRPC server reflection (`grpc.reflection.v1` and `v1alpha` alike: their messages are the
/// same) for a codec's schema: the list of services, and each file by name or by a symbol it
/// declares, with the files it imports. Its messages are few and small, so they are written and
/// read field by field.
package final class ReflectionService: RegistrableRPCService {
    /// Which versions a server offers.
    package enum Versions: Sendable {
        case both, v1, v1alpha
    }

    let codec: ProtoCodec
    let versions: Versions
    private let opened = Mutex(0)

    /// How many reflection streams clients opened.
    package var streams: Int { opened.withLock { $0 } }

    /// Reflection of `codec`'s schema, in `versions`.
    package init(codec: ProtoCodec, versions: Versions = .both) {
        self.codec = codec
        self.versions = versions
    }

    package func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        let names: [String] = switch versions {
        case .both: ["grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"]
        case .v1: ["grpc.reflection.v1.ServerReflection"]
        case .v1alpha: ["grpc.reflection.v1alpha.ServerReflection"]
        }
        for name in names {
            router.registerHandler(
                forMethod: MethodDescriptor(fullyQualifiedService: name, method: "ServerReflectionInfo"),
                deserializer: RawMessageDeserializer(), serializer: RawMessageSerializer()
            ) { request, _ in
                self.opened.withLock { $0 += 1 }
                return StreamingServerResponse { writer in
                    for try await message in request.messages {
                        try await writer.write(self.answer(message, services: names))
                    }
                    return [:]
                }
            }
        }
    }

    private func answer(_ request: [UInt8], services reflection: [String]) -> [UInt8] {
        var response = ReflectionWire()
        response.bytes(2, request)
        for (number, value) in ReflectionWire.fields(request) {
            switch number {
            case 7:
                var list = ReflectionWire()
                for service in codec.services + reflection {
                    var entry = ReflectionWire()
                    entry.string(1, service)
                    list.bytes(1, entry.output)
                }
                response.bytes(6, list.output)
                return response.output
            case 3, 4:
                let name = String(decoding: value, as: UTF8.self)
                guard let file = number == 3 ? name : codec.file(declaring: name) else {
                    var error = ReflectionWire()
                    error.varint(1, 5)
                    error.string(2, "\(name) is not known")
                    response.bytes(7, error.output)
                    return response.output
                }
                var files = ReflectionWire()
                var seen: Set<String> = []
                var pending = [file]
                while let next = pending.popLast() {
                    guard seen.insert(next).inserted, let encoded = codec.encodedFile(next) else { continue }
                    files.bytes(1, encoded.bytes)
                    pending += encoded.dependencies
                }
                response.bytes(4, files.output)
                return response.output
            default:
                continue
            }
        }
        var error = ReflectionWire()
        error.varint(1, 12)
        error.string(2, "not implemented")
        response.bytes(7, error.output)
        return response.output
    }
}

/// The few parts of the protobuf encoding reflection's messages need, on rest-run-grpc's writer.
struct ReflectionWire {
    private var writer = WireWriter()

    var output: [UInt8] { writer.bytes }

    mutating func varint(_ field: UInt64, _ value: UInt64) {
        writer.tag(Int32(field), 0)
        writer.varint(value)
    }

    mutating func bytes(_ field: UInt64, _ value: [UInt8]) {
        writer.tag(Int32(field), 2)
        writer.lengthDelimited(value)
    }

    mutating func string(_ field: UInt64, _ value: String) { bytes(field, Array(value.utf8)) }

    /// The length-delimited fields of `message`, as (number, bytes); other fields skipped.
    static func fields(_ message: [UInt8]) -> [(UInt64, [UInt8])] {
        var result: [(UInt64, [UInt8])] = []
        var offset = 0
        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < message.count, shift < 64 {
                let byte = message[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        while offset < message.count, let key = varint() {
            switch key & 7 {
            case 0: guard varint() != nil else { return result }
            case 1: offset += 8
            case 5: offset += 4
            case 2:
                guard let length = varint(), length <= UInt64(message.count - offset) else { return result }
                result.append((key >> 3, Array(message[offset..<offset + Int(length)])))
                offset += Int(length)
            default: return result
            }
        }
        return result
    }
}
