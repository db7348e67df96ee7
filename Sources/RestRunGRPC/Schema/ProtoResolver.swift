import SwiftProtobuf

/// Resolves the type names a `.proto` file wrote (`Point`, `routeguide.Point`, `.a.B`) to the full
/// names they mean, with protobuf's scoping rule: the innermost enclosing scope that declares the
/// name's first part wins.
struct ProtoResolver {
    /// What a full name declares.
    enum Symbol {
        case message
        case enumeration
        case package
        case service
    }

    private(set) var symbols: [String: Symbol] = [:]

    /// Adds every name `file` declares.
    mutating func declare(_ file: Google_Protobuf_FileDescriptorProto) throws(ProtoSyntaxError) {
        var prefix = ""
        for part in file.package.split(separator: ".") {
            prefix += (prefix.isEmpty ? "" : ".") + part
            if symbols[prefix] == nil { symbols[prefix] = .package }
        }
        let scope = file.package
        for message in file.messageType { try declare(message, in: scope, file: file.name) }
        for enumeration in file.enumType { try add(Self.join(scope, enumeration.name), .enumeration, file: file.name) }
        for service in file.service { try add(Self.join(scope, service.name), .service, file: file.name) }
    }

    private mutating func declare(_ message: Google_Protobuf_DescriptorProto, in scope: String, file: String) throws(ProtoSyntaxError) {
        let name = Self.join(scope, message.name)
        try add(name, .message, file: file)
        for nested in message.nestedType { try declare(nested, in: name, file: file) }
        for enumeration in message.enumType { try add(Self.join(name, enumeration.name), .enumeration, file: file) }
    }

    private mutating func add(_ name: String, _ symbol: Symbol, file: String) throws(ProtoSyntaxError) {
        if let existing = symbols[name], existing != .package || symbol != .package {
            throw ProtoSyntaxError(file: file, line: 0, column: 0, message: "\(name) is declared twice")
        }
        symbols[name] = symbol
    }

    static func join(_ scope: String, _ name: String) -> String { scope.isEmpty ? name : scope + "." + name }

    /// The full name (with its leading dot) that `name`, written in `scope`, means, or nil.
    func resolve(_ name: String, in scope: String) -> (name: String, symbol: Symbol)? {
        if name.hasPrefix(".") {
            let full = String(name.dropFirst())
            return symbols[full].map { ("." + full, $0) }
        }
        let first = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
        var scopeParts = scope.split(separator: ".").map(String.init)
        while true {
            let prefix = scopeParts.joined(separator: ".")
            if symbols[Self.join(prefix, first)] != nil {
                let full = Self.join(prefix, name)
                if let symbol = symbols[full], symbol == .message || symbol == .enumeration || name == first {
                    return ("." + full, symbol)
                }
            }
            guard !scopeParts.isEmpty else { return nil }
            scopeParts.removeLast()
        }
    }

    /// Every declared message and enum name, for did-you-mean.
    var typeNames: [String] { symbols.compactMap { $0.value == .message || $0.value == .enumeration ? $0.key : nil } }

    /// Resolves every type name in `file`; `references` says where each was written.
    func resolve(_ file: inout Google_Protobuf_FileDescriptorProto, references: [String: ProtoParser.Reference]) throws(ProtoSyntaxError) {
        for index in file.messageType.indices {
            try resolve(&file.messageType[index], in: file.package, file: file.name, references: references)
        }
        file.extension = try resolveExtensions(file.extension, in: file.package, file: file.name, references: references)
        for serviceIndex in file.service.indices {
            let service = Self.join(file.package, file.service[serviceIndex].name)
            for methodIndex in file.service[serviceIndex].method.indices {
                var method = file.service[serviceIndex].method[methodIndex]
                let key = service + "/" + method.name
                method.inputType = try resolveMessage(method.inputType, in: file.package, file: file.name, at: references[key + ">"])
                method.outputType = try resolveMessage(method.outputType, in: file.package, file: file.name, at: references[key + "<"])
                file.service[serviceIndex].method[methodIndex] = method
            }
        }
    }

    private func resolveMessage(_ name: String, in scope: String, file: String, at reference: ProtoParser.Reference?) throws(ProtoSyntaxError) -> String {
        guard let (full, symbol) = resolve(name, in: scope) else {
            throw unknown(name, file: file, at: reference)
        }
        guard symbol == .message else {
            throw ProtoSyntaxError(file: file, line: reference?.line ?? 0, column: reference?.column ?? 0, message: "\(name) is an enum: a method takes and returns messages")
        }
        return full
    }

    private func unknown(_ name: String, file: String, at reference: ProtoParser.Reference?) -> ProtoSyntaxError {
        var error = ProtoSyntaxError(file: file, line: reference?.line ?? 0, column: reference?.column ?? 0, message: "unknown type \(name)")
        error.unknown = name
        error.candidates = typeNames.sorted()
        return error
    }

    private func resolve(_ message: inout Google_Protobuf_DescriptorProto, in scope: String, file: String, references: [String: ProtoParser.Reference]) throws(ProtoSyntaxError) {
        let name = Self.join(scope, message.name)
        for index in message.field.indices where message.field[index].hasTypeName && (!message.field[index].hasType || message.field[index].type == .group) {
            var field = message.field[index]
            let reference = references[name + "#\(field.number)"]
            guard let (full, symbol) = resolve(field.typeName, in: name) else {
                throw unknown(field.typeName, file: file, at: reference)
            }
            switch symbol {
            case .message:
                if field.type != .group { field.type = .message }
            case .enumeration:
                field.type = .enum
            default:
                throw ProtoSyntaxError(file: file, line: reference?.line ?? 0, column: reference?.column ?? 0, message: "\(field.typeName) is not a message or an enum")
            }
            field.typeName = full
            message.field[index] = field
        }
        for index in message.nestedType.indices {
            try resolve(&message.nestedType[index], in: name, file: file, references: references)
        }
        message.extension = try resolveExtensions(message.extension, in: name, file: file, references: references)
    }

    /// The extensions written in `scope`, their extended message and their type resolved.
    private func resolveExtensions(
        _ fields: [Google_Protobuf_FieldDescriptorProto], in scope: String, file: String, references: [String: ProtoParser.Reference]
    ) throws(ProtoSyntaxError) -> [Google_Protobuf_FieldDescriptorProto] {
        try fields.map { (field: Google_Protobuf_FieldDescriptorProto) throws(ProtoSyntaxError) -> Google_Protobuf_FieldDescriptorProto in
            var field = field
            let reference = references[ProtoParser.extensionKey(scope: scope, extendee: field.extendee, number: field.number)]
            guard let (extendee, symbol) = resolve(field.extendee, in: scope) else { throw unknown(field.extendee, file: file, at: reference) }
            guard symbol == .message else {
                throw ProtoSyntaxError(file: file, line: reference?.line ?? 0, column: reference?.column ?? 0, message: "\(field.extendee) is not a message: only a message is extended")
            }
            field.extendee = extendee
            if field.hasTypeName {
                guard let (full, kind) = resolve(field.typeName, in: scope), kind == .message || kind == .enumeration else {
                    throw unknown(field.typeName, file: file, at: reference)
                }
                field.type = kind == .message ? .message : .enum
                field.typeName = full
            }
            return field
        }
    }
}
