import SwiftProtobuf

/// The messages, enums and methods of a set of resolved file descriptors, indexed for the JSON
/// mapping and the calls. Built from `.proto` files, a descriptor set or a server's reflection;
/// a descriptor that names a type no file declares is refused here, so the codec never meets one.
package final class DescriptorPool: Sendable {
    /// One field of a message.
    struct FieldInfo: Sendable {
        var name: String
        var jsonName: String
        var number: Int32
        var type: Google_Protobuf_FieldDescriptorProto.TypeEnum
        /// The full name (no leading dot) of a message, group or enum type.
        var typeName: String
        var isRepeated: Bool
        /// Whether a repeated scalar is written packed.
        var isPacked: Bool
        /// Whether a value equal to the default is still sent and printed.
        var hasPresence: Bool
        /// The oneof it belongs to (a proto3 `optional` field's synthetic oneof excluded).
        var oneof: Int?
        var isRequired: Bool
    }

    /// One message type.
    struct MessageType: Sendable {
        var fullName: String
        /// In field number order.
        var fields: [FieldInfo]
        var byNumber: [Int32: Int]
        /// By JSON name and by original name.
        var byName: [String: Int]
        var oneofs: [String]
        var isMapEntry: Bool
    }

    /// One enum type.
    struct Enumeration: Sendable {
        var fullName: String
        var values: [(name: String, number: Int32)]
        var byName: [String: Int32]
        var byNumber: [Int32: String]
    }

    /// One method of a service.
    package struct Method: Sendable {
        /// `package.Service`.
        package var service: String
        /// The method's name.
        package var name: String
        /// The request message's full name.
        package var input: String
        /// The response message's full name.
        package var output: String
        /// Whether the client sends a stream.
        package var clientStreaming: Bool
        /// Whether the server sends a stream.
        package var serverStreaming: Bool
    }

    let messages: [String: MessageType]
    let enums: [String: Enumeration]
    /// By `package.Service/Method`.
    package let methods: [String: Method]
    /// Every service's full name.
    package let services: [String]
    /// The files, as given.
    let files: [Google_Protobuf_FileDescriptorProto]
    /// The file that declares each message, enum and service, by full name.
    let symbolFiles: [String: String]

    /// Indexes `files`, whose type names are resolved (`.package.Type`).
    init(files: [Google_Protobuf_FileDescriptorProto]) throws(ProtoSyntaxError) {
        var messages: [String: MessageType] = [:]
        var enums: [String: Enumeration] = [:]
        var methods: [String: Method] = [:]
        var services: [String] = []
        func fail(_ file: String, _ message: String) -> ProtoSyntaxError {
            ProtoSyntaxError(file: file, line: 0, column: 0, message: message)
        }
        func addEnum(_ descriptor: Google_Protobuf_EnumDescriptorProto, scope: String, file: String) throws(ProtoSyntaxError) {
            let name = ProtoResolver.join(scope, descriptor.name)
            guard messages[name] == nil, enums[name] == nil else { throw fail(file, "\(name) is declared twice") }
            var enumeration = Enumeration(fullName: name, values: [], byName: [:], byNumber: [:])
            for value in descriptor.value {
                enumeration.values.append((value.name, value.number))
                enumeration.byName[value.name] = value.number
                if enumeration.byNumber[value.number] == nil { enumeration.byNumber[value.number] = value.name }
            }
            enums[name] = enumeration
        }
        var pending: [(Google_Protobuf_DescriptorProto, String, String, Bool)] = []
        func collect(_ descriptor: Google_Protobuf_DescriptorProto, scope: String, file: String, proto3: Bool) throws(ProtoSyntaxError) {
            let name = ProtoResolver.join(scope, descriptor.name)
            guard messages[name] == nil, enums[name] == nil else { throw fail(file, "\(name) is declared twice") }
            messages[name] = MessageType(fullName: name, fields: [], byNumber: [:], byName: [:], oneofs: [], isMapEntry: descriptor.options.mapEntry)
            pending.append((descriptor, name, file, proto3))
            for nested in descriptor.nestedType { try collect(nested, scope: name, file: file, proto3: proto3) }
            for nested in descriptor.enumType { try addEnum(nested, scope: name, file: file) }
        }
        for file in files {
            let proto3 = file.syntax == "proto3"
            for message in file.messageType { try collect(message, scope: file.package, file: file.name, proto3: proto3) }
            for enumeration in file.enumType { try addEnum(enumeration, scope: file.package, file: file.name) }
        }
        for (descriptor, name, file, proto3) in pending {
            var message = messages[name] ?? MessageType(fullName: name, fields: [], byNumber: [:], byName: [:], oneofs: [], isMapEntry: false)
            message.oneofs = descriptor.oneofDecl.map(\.name)
            for field in descriptor.field.sorted(by: { $0.number < $1.number }) {
                var typeName = ""
                switch field.type {
                case .message, .group, .enum:
                    typeName = field.typeName.hasPrefix(".") ? String(field.typeName.dropFirst()) : field.typeName
                    let known = field.type == .enum ? enums[typeName] != nil : messages[typeName] != nil
                    guard known else { throw fail(file, "field \(name).\(field.name) has type \(field.typeName), which no file declares") }
                default:
                    guard field.hasType else { throw fail(file, "field \(name).\(field.name) has no type") }
                }
                guard message.byNumber[field.number] == nil else { throw fail(file, "\(name) has two fields numbered \(field.number)") }
                let repeated = field.label == .repeated
                let scalar = ![.message, .group, .string, .bytes].contains(field.type)
                let inOneof = field.hasOneofIndex && !field.proto3Optional
                guard !field.hasOneofIndex || Int(field.oneofIndex) < descriptor.oneofDecl.count, field.oneofIndex >= 0 else {
                    throw fail(file, "field \(name).\(field.name) names a oneof that does not exist")
                }
                let entry = FieldInfo(
                    name: field.name,
                    jsonName: field.hasJsonName ? field.jsonName : ProtoParser.jsonName(field.name),
                    number: field.number,
                    type: field.type,
                    typeName: typeName,
                    isRepeated: repeated,
                    isPacked: repeated && scalar && (field.options.hasPacked ? field.options.packed : proto3),
                    hasPresence: !repeated && (!proto3 || field.type == .message || field.type == .group || field.hasOneofIndex || field.proto3Optional),
                    oneof: inOneof ? Int(field.oneofIndex) : nil,
                    isRequired: field.label == .required
                )
                message.byNumber[field.number] = message.fields.count
                message.byName[entry.jsonName] = message.fields.count
                message.byName[entry.name] = message.fields.count
                message.fields.append(entry)
            }
            messages[name] = message
        }
        try Self.addExtensions(of: files, to: &messages, enums: enums)
        for file in files {
            for service in file.service {
                let serviceName = ProtoResolver.join(file.package, service.name)
                services.append(serviceName)
                for method in service.method {
                    let input = method.inputType.hasPrefix(".") ? String(method.inputType.dropFirst()) : method.inputType
                    let output = method.outputType.hasPrefix(".") ? String(method.outputType.dropFirst()) : method.outputType
                    guard messages[input] != nil, messages[output] != nil else {
                        throw fail(file.name, "method \(serviceName)/\(method.name) takes or returns a message no file declares")
                    }
                    methods[serviceName + "/" + method.name] = Method(
                        service: serviceName, name: method.name, input: input, output: output,
                        clientStreaming: method.clientStreaming, serverStreaming: method.serverStreaming
                    )
                }
            }
        }
        symbolFiles = Self.declaringFiles(files)
        self.messages = messages
        self.enums = enums
        self.methods = methods
        self.services = services.sorted()
        self.files = files
    }

    /// Each extension of `files` (top-level and nested) as a field of the message it extends, named
    /// as protobuf's JSON mapping names it: `[package.name]`.
    private static func addExtensions(
        of files: [Google_Protobuf_FileDescriptorProto], to messages: inout [String: MessageType], enums: [String: Enumeration]
    ) throws(ProtoSyntaxError) {
        var extensions: [(Google_Protobuf_FieldDescriptorProto, scope: String, file: Google_Protobuf_FileDescriptorProto)] = []
        func collect(_ message: Google_Protobuf_DescriptorProto, scope: String, file: Google_Protobuf_FileDescriptorProto) {
            let name = ProtoResolver.join(scope, message.name)
            extensions += message.extension.map { ($0, name, file) }
            for nested in message.nestedType { collect(nested, scope: name, file: file) }
        }
        for file in files {
            extensions += file.extension.map { ($0, file.package, file) }
            for message in file.messageType { collect(message, scope: file.package, file: file) }
        }
        for (field, scope, file) in extensions {
            let fullName = ProtoResolver.join(scope, field.name)
            let extendee = field.extendee.hasPrefix(".") ? String(field.extendee.dropFirst()) : field.extendee
            // An extension of a message no file here declares (an option of descriptor.proto's
            // that is not loaded) extends nothing a message of this schema holds.
            guard var message = messages[extendee] else { continue }
            var typeName = ""
            if [.message, .group, .enum].contains(field.type) {
                typeName = field.typeName.hasPrefix(".") ? String(field.typeName.dropFirst()) : field.typeName
                guard field.type == .enum ? enums[typeName] != nil : messages[typeName] != nil else {
                    throw ProtoSyntaxError(file: file.name, line: 0, column: 0, message: "extension \(fullName) has type \(field.typeName), which no file declares")
                }
            }
            guard message.byNumber[field.number] == nil else {
                throw ProtoSyntaxError(file: file.name, line: 0, column: 0, message: "\(extendee) has two fields numbered \(field.number) (extension \(fullName))")
            }
            let repeated = field.label == .repeated
            let scalar = ![.message, .group, .string, .bytes].contains(field.type)
            let key = "[\(fullName)]"
            let entry = FieldInfo(
                name: key, jsonName: key, number: field.number, type: field.type, typeName: typeName, isRepeated: repeated,
                isPacked: repeated && scalar && (field.options.hasPacked ? field.options.packed : file.syntax == "proto3"),
                hasPresence: !repeated, oneof: nil, isRequired: false)
            message.byNumber[field.number] = message.fields.count
            message.byName[key] = message.fields.count
            message.fields.append(entry)
            message.fields.sort { $0.number < $1.number }
            message.byNumber = Dictionary(uniqueKeysWithValues: message.fields.enumerated().map { ($1.number, $0) })
            message.byName = [:]
            for (index, info) in message.fields.enumerated() {
                message.byName[info.jsonName] = index
                message.byName[info.name] = index
            }
            messages[extendee] = message
        }
    }

    /// The file that declares each message, enum and service of `files`, by full name.
    private static func declaringFiles(_ files: [Google_Protobuf_FileDescriptorProto]) -> [String: String] {
        var symbolFiles: [String: String] = [:]
        func record(_ message: Google_Protobuf_DescriptorProto, scope: String, file: String) {
            let name = ProtoResolver.join(scope, message.name)
            symbolFiles[name] = file
            for nested in message.nestedType { record(nested, scope: name, file: file) }
            for enumeration in message.enumType { symbolFiles[ProtoResolver.join(name, enumeration.name)] = file }
        }
        for file in files {
            for message in file.messageType { record(message, scope: file.package, file: file.name) }
            for enumeration in file.enumType { symbolFiles[ProtoResolver.join(file.package, enumeration.name)] = file.name }
            for service in file.service { symbolFiles[ProtoResolver.join(file.package, service.name)] = file.name }
        }
        return symbolFiles
    }
}
