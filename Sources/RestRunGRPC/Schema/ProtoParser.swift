import SwiftProtobuf

/// Reads one `.proto` file (proto2, proto3 or editions syntax) into a `FileDescriptorProto`, as
/// `protoc` would, with its type names left as written: `ProtoResolver` resolves them once every
/// import is read. Options the JSON mapping and the wire need (`json_name`, `packed`,
/// `map_entry`) are kept; the others are read and dropped.
struct ProtoParser {
    /// Where a type name was written, to report a name that resolves to nothing.
    struct Reference: Sendable {
        /// The scope it was written in (`package.Message`).
        var scope: String
        var line: Int
        var column: Int
    }

    private var tokens: [ProtoToken]
    private var index = 0
    private let file: String
    private var syntax = "proto2"
    /// Where each field's and method's type name was written: keyed `Message#number` and
    /// `package.Service/Method>` or `<`.
    private(set) var references: [String: Reference] = [:]
    /// Where each field's name was written, keyed `Message#number`, for the checks of a message's
    /// fields (the later of two clashing fields is reported).
    private var fieldPlaces: [String: [(line: Int, column: Int)]] = [:]
    private var depth = 0

    private static let scalarTypes: [String: Google_Protobuf_FieldDescriptorProto.TypeEnum] = [
        "double": .double, "float": .float, "int64": .int64, "uint64": .uint64, "int32": .int32,
        "fixed64": .fixed64, "fixed32": .fixed32, "bool": .bool, "string": .string, "bytes": .bytes,
        "uint32": .uint32, "sfixed32": .sfixed32, "sfixed64": .sfixed64, "sint32": .sint32, "sint64": .sint64,
    ]

    /// Parses `bytes`, the file its importers call `file`.
    static func parse(_ bytes: [UInt8], file: String) throws(ProtoSyntaxError) -> (descriptor: Google_Protobuf_FileDescriptorProto, references: [String: Reference]) {
        var parser = ProtoParser(tokens: try ProtoLexer.tokens(of: bytes, file: file), file: file)
        let descriptor = try parser.parseFile()
        return (descriptor, parser.references)
    }

    private init(tokens: [ProtoToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    // MARK: Tokens

    private var current: ProtoToken { tokens[index] }

    private mutating func take() -> ProtoToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private func error(_ message: String, at token: ProtoToken? = nil) -> ProtoSyntaxError {
        let token = token ?? current
        return ProtoSyntaxError(file: file, line: token.line, column: token.column, message: message)
    }

    private func describe(_ token: ProtoToken) -> String {
        switch token.kind {
        case .end: "the end of the file"
        case .string: "a string"
        default: "'\(token.text)'"
        }
    }

    private mutating func expect(_ symbol: String, _ context: String = "") throws(ProtoSyntaxError) {
        guard current.isSymbol(symbol) else {
            throw error("expected '\(symbol)'\(context.isEmpty ? "" : " " + context), found \(describe(current))")
        }
        _ = take()
    }

    private mutating func accept(_ symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        _ = take()
        return true
    }

    private mutating func identifier(_ what: String) throws(ProtoSyntaxError) -> ProtoToken {
        guard current.kind == .identifier else { throw error("expected \(what), found \(describe(current))") }
        return take()
    }

    /// A dotted name, with its leading dot when it has one.
    private mutating func dottedName(_ what: String) throws(ProtoSyntaxError) -> (String, ProtoToken) {
        let first = current
        var name = accept(".") ? "." : ""
        name += try identifier(what).text
        while current.isSymbol(".") {
            _ = take()
            name += "." + (try identifier(what).text)
        }
        return (name, first)
    }

    private mutating func stringLiteral(_ what: String) throws(ProtoSyntaxError) -> ProtoToken {
        guard current.kind == .string else { throw error("expected \(what) in quotes, found \(describe(current))") }
        return take()
    }

    private mutating func integer(_ what: String, allowSign: Bool = false) throws(ProtoSyntaxError) -> Int64 {
        let negative = allowSign && accept("-")
        guard current.kind == .integer else { throw error("expected \(what), found \(describe(current))") }
        let token = take()
        guard let magnitude = Self.integerValue(token.text) else { throw error("\(token.text) is too large", at: token) }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw error("-\(token.text) is too small", at: token) }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw error("\(token.text) is too large", at: token) }
        return Int64(magnitude)
    }

    static func integerValue(_ text: String) -> UInt64? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
        if text.count > 1, text.hasPrefix("0") { return UInt64(text.dropFirst(), radix: 8) }
        return UInt64(text)
    }

    // MARK: File

    private mutating func parseFile() throws(ProtoSyntaxError) -> Google_Protobuf_FileDescriptorProto {
        var descriptor = Google_Protobuf_FileDescriptorProto()
        descriptor.name = file
        if current.isIdentifier("syntax") || current.isIdentifier("edition") {
            let keyword = take()
            try expect("=")
            let value = try stringLiteral(keyword.text == "syntax" ? "\"proto2\" or \"proto3\"" : "an edition")
            if keyword.text == "syntax" {
                guard value.text == "proto2" || value.text == "proto3" else {
                    throw error("unknown syntax \"\(value.text)\": use \"proto2\" or \"proto3\"", at: value)
                }
                syntax = value.text
            } else {
                guard value.text == "2023" || value.text == "2024" else {
                    throw error("unknown edition \"\(value.text)\": rest-run reads editions 2023 and 2024", at: value)
                }
                syntax = "editions"
                descriptor.edition = value.text == "2023" ? .edition2023 : .edition2024
            }
            try expect(";", "after the syntax")
            if syntax != "proto2" { descriptor.syntax = syntax }
        }
        var sawPackage = false
        while current.kind != .end {
            let token = current
            if accept(";") { continue }
            guard token.kind == .identifier else { throw error("expected a declaration (message, enum, service, import, option, package), found \(describe(token))") }
            switch token.text {
            case "package":
                _ = take()
                guard !sawPackage else { throw error("a file has one package statement", at: token) }
                sawPackage = true
                let (name, start) = try dottedName("the package name")
                guard !name.hasPrefix(".") else { throw error("a package name does not start with a dot", at: start) }
                descriptor.package = name
                try expect(";", "after the package name")
            case "import":
                _ = take()
                if current.isIdentifier("public") {
                    _ = take()
                    descriptor.publicDependency.append(Int32(descriptor.dependency.count))
                } else if current.isIdentifier("weak") {
                    _ = take()
                    descriptor.weakDependency.append(Int32(descriptor.dependency.count))
                } else if current.isIdentifier("option") {
                    _ = take()
                }
                let imported = try stringLiteral("the imported file's name")
                references["import#\(descriptor.dependency.count)"] = Reference(scope: "", line: imported.line, column: imported.column)
                descriptor.dependency.append(imported.text)
                try expect(";", "after the import")
            case "option":
                _ = take()
                try skipOption()
                try expect(";", "after the option")
            case "message":
                _ = take()
                descriptor.messageType.append(try parseMessage(scope: descriptor.package))
            case "enum":
                _ = take()
                descriptor.enumType.append(try parseEnum())
            case "service":
                _ = take()
                descriptor.service.append(try parseService(package: descriptor.package))
            case "extend":
                _ = take()
                descriptor.extension += try parseExtend(scope: descriptor.package)
            case "syntax", "edition":
                throw error("the syntax statement must come first in the file", at: token)
            default:
                throw error("expected a declaration (message, enum, service, import, option, package), found '\(token.text)'", at: token)
            }
        }
        return descriptor
    }

    // MARK: Options

    /// Reads `name = value` (the `option` keyword already read) and returns the name and the value.
    @discardableResult
    private mutating func skipOption() throws(ProtoSyntaxError) -> (name: String, value: ProtoToken) {
        var name = ""
        if accept("(") {
            name = "(" + (try dottedName("the option's name").0) + ")"
            try expect(")", "after the option's name")
        } else {
            name = try identifier("the option's name").text
        }
        while accept(".") {
            if accept("(") {
                name += ".(" + (try dottedName("the option's name").0) + ")"
                try expect(")", "after the option's name")
            } else {
                name += "." + (try identifier("the option's name").text)
            }
        }
        try expect("=", "after the option's name")
        return (name, try constant())
    }

    /// A constant: a name, a signed number, a string, or a `{ ... }` message literal (skipped).
    private mutating func constant() throws(ProtoSyntaxError) -> ProtoToken {
        let start = current
        if start.isSymbol("{") {
            try skipBraces()
            return start
        }
        if start.isSymbol("-") || start.isSymbol("+") {
            _ = take()
            guard current.kind == .integer || current.kind == .float || current.isIdentifier("inf") || current.isIdentifier("nan") else {
                throw error("expected a number after '\(start.text)', found \(describe(current))")
            }
            var token = take()
            token.text = (start.text == "-" ? "-" : "") + token.text
            return token
        }
        switch start.kind {
        case .identifier, .integer, .float, .string:
            if start.kind == .identifier {
                return try ProtoToken(kind: .identifier, text: dottedName("a value").0, line: start.line, column: start.column)
            }
            return take()
        default:
            throw error("expected a value, found \(describe(start))")
        }
    }

    private mutating func skipBraces() throws(ProtoSyntaxError) {
        let open = current
        try expect("{")
        var level = 1
        while level > 0 {
            guard current.kind != .end else { throw error("this '{' is never closed", at: open) }
            if current.isSymbol("{") { level += 1 }
            if current.isSymbol("}") { level -= 1 }
            _ = take()
        }
    }

    /// `[name = value, ...]` after a field or an enum value.
    private mutating func fieldOptions() throws(ProtoSyntaxError) -> [(name: String, value: ProtoToken)] {
        guard accept("[") else { return [] }
        var options: [(name: String, value: ProtoToken)] = []
        repeat {
            options.append(try skipOption())
        } while accept(",")
        try expect("]", "after the options")
        return options
    }

    // MARK: Messages

    private mutating func nest() throws(ProtoSyntaxError) {
        depth += 1
        guard depth <= 64 else { throw error("declarations are nested more than 64 deep") }
    }

    private mutating func parseMessage(scope: String) throws(ProtoSyntaxError) -> Google_Protobuf_DescriptorProto {
        try nest()
        defer { depth -= 1 }
        let nameToken = try identifier("the message's name")
        var message = Google_Protobuf_DescriptorProto()
        message.name = nameToken.text
        let fullName = scope.isEmpty ? nameToken.text : scope + "." + nameToken.text
        try expect("{", "after the message's name")
        try parseMessageBody(&message, fullName: fullName)
        // A proto3 optional field's synthetic oneof comes after the declared ones.
        for position in message.field.indices where message.field[position].proto3Optional {
            message.field[position].oneofIndex = Int32(message.oneofDecl.count)
            var oneof = Google_Protobuf_OneofDescriptorProto()
            var name = "_" + message.field[position].name
            while message.oneofDecl.contains(where: { $0.name == name }) { name = "X" + name }
            oneof.name = name
            message.oneofDecl.append(oneof)
        }
        try checkFields(message, fullName: fullName)
        return message
    }

    private mutating func parseMessageBody(_ message: inout Google_Protobuf_DescriptorProto, fullName: String, oneof: Int32? = nil) throws(ProtoSyntaxError) {
        while !accept("}") {
            let token = current
            guard token.kind != .end else { throw error("expected '}' to close \(fullName), found the end of the file") }
            if accept(";") { continue }
            guard token.kind == .identifier || token.isSymbol(".") else { throw error("expected a field or a declaration, found \(describe(token))") }
            switch token.text {
            case "message" where oneof == nil && tokens[index + 1].kind == .identifier:
                _ = take()
                message.nestedType.append(try parseMessage(scope: fullName))
            case "enum" where oneof == nil && tokens[index + 1].kind == .identifier:
                _ = take()
                message.enumType.append(try parseEnum())
            case "option" where tokens[index + 1].kind == .identifier || tokens[index + 1].isSymbol("("):
                _ = take()
                let (name, value) = try skipOption()
                if name == "map_entry" { throw error("map_entry is set by map<,> fields, not by hand", at: value) }
                try expect(";", "after the option")
            case "oneof" where oneof == nil && tokens[index + 1].kind == .identifier:
                _ = take()
                let name = try identifier("the oneof's name")
                var declaration = Google_Protobuf_OneofDescriptorProto()
                declaration.name = name.text
                message.oneofDecl.append(declaration)
                try expect("{", "after the oneof's name")
                let before = message.field.count
                try parseMessageBody(&message, fullName: fullName, oneof: Int32(message.oneofDecl.count - 1))
                if message.field.count == before { throw error("oneof \(name.text) has no fields", at: name) }
            case "reserved" where oneof == nil:
                _ = take()
                try parseReserved(&message)
            case "extensions" where oneof == nil:
                _ = take()
                repeat {
                    let (start, end) = try numberRange()
                    var range = Google_Protobuf_DescriptorProto.ExtensionRange()
                    range.start = start
                    range.end = end
                    message.extensionRange.append(range)
                } while accept(",")
                _ = try fieldOptions()
                try expect(";", "after the extension range")
            case "extend" where oneof == nil:
                _ = take()
                message.extension += try parseExtend(scope: fullName)
            default:
                try parseField(into: &message, fullName: fullName, oneof: oneof)
            }
        }
    }

    private mutating func parseReserved(_ message: inout Google_Protobuf_DescriptorProto) throws(ProtoSyntaxError) {
        if current.kind == .string || current.kind == .identifier && !current.isIdentifier("max") && syntax == "editions" {
            repeat {
                message.reservedName.append(current.kind == .string ? try stringLiteral("a field name").text : try identifier("a field name").text)
            } while accept(",")
        } else {
            repeat {
                let (start, end) = try numberRange()
                var range = Google_Protobuf_DescriptorProto.ReservedRange()
                range.start = start
                range.end = end
                message.reservedRange.append(range)
            } while accept(",")
        }
        try expect(";", "after the reserved list")
    }

    /// `N` or `N to M` or `N to max`: field numbers from `start`, up to but not including `end`.
    private mutating func numberRange() throws(ProtoSyntaxError) -> (start: Int32, end: Int32) {
        let start = Int32(clamping: try integer("a field number"))
        guard current.isIdentifier("to") else { return (start, start &+ 1) }
        _ = take()
        if current.isIdentifier("max") {
            _ = take()
            return (start, 536_870_912)
        }
        return (start, Int32(clamping: try integer("a field number")) &+ 1)
    }

    /// `extend Message { fields }` (the keyword read), written in `scope`: the fields, each with the
    /// message it extends as written (the resolver resolves it). A group in an extension, which
    /// would declare a type of the scope, leaves the block's fields out, as before.
    private mutating func parseExtend(scope: String) throws(ProtoSyntaxError) -> [Google_Protobuf_FieldDescriptorProto] {
        let (extendee, token) = try dottedName("the extended message's name")
        try expect("{", "after the extended message's name")
        try nest()
        defer { depth -= 1 }
        var block = Google_Protobuf_DescriptorProto()
        let key = scope + "+" + extendee + "@\(token.line):\(token.column)"
        while !accept("}") {
            guard current.kind != .end else { throw error("expected '}' to close the extension of \(extendee), found the end of the file") }
            if accept(";") { continue }
            try parseField(into: &block, fullName: key, oneof: nil)
        }
        guard block.nestedType.isEmpty else { return [] }
        return block.field.map { field in
            var field = field
            field.extendee = extendee
            // The resolver reads where the type was written under the extension's own key.
            if let reference = references[key + "#\(field.number)"] {
                references[Self.extensionKey(scope: scope, extendee: extendee, number: field.number)] = reference
            }
            return field
        }
    }

    /// Where an extension's type was written, for the resolver's messages.
    static func extensionKey(scope: String, extendee: String, number: Int32) -> String {
        "extend:" + scope + "+" + extendee + "#\(number)"
    }

    private mutating func parseField(into message: inout Google_Protobuf_DescriptorProto, fullName: String, oneof: Int32?) throws(ProtoSyntaxError) {
        var field = Google_Protobuf_FieldDescriptorProto()
        let start = current
        var label: Google_Protobuf_FieldDescriptorProto.Label? = nil
        if current.kind == .identifier, ["optional", "required", "repeated"].contains(current.text), !tokens[index + 1].isSymbol("=") {
            if oneof != nil { throw error("a field of a oneof has no label", at: start) }
            label = switch take().text {
            case "optional": .optional
            case "required": .required
            default: .repeated
            }
            if label == .required && syntax == "proto3" { throw error("required fields are not allowed in proto3", at: start) }
            if label == .required && syntax == "editions" { throw error("required is not allowed in editions: use features.field_presence", at: start) }
            if label == .optional && syntax == "editions" { throw error("optional is not allowed in editions: fields have presence by default", at: start) }
        } else if syntax == "proto2", oneof == nil, !current.isIdentifier("map") {
            throw error("a proto2 field needs a label: optional, required or repeated", at: start)
        }
        if current.isIdentifier("map") && tokens[index + 1].isSymbol("<") {
            guard label == nil else { throw error("a map field has no label", at: start) }
            guard oneof == nil else { throw error("a map field cannot be in a oneof", at: start) }
            try parseMapField(into: &message, fullName: fullName)
            return
        }
        if current.isIdentifier("group") && syntax == "proto2" {
            _ = take()
            let name = try identifier("the group's name")
            guard let first = name.text.first, first.isUppercase else { throw error("a group's name starts with a capital letter", at: name) }
            try expect("=", "after the group's name")
            let number = try integer("a field number")
            field.name = name.text.lowercased()
            field.number = try fieldNumber(number, at: name)
            fieldPlaces[fullName + "#\(field.number)", default: []].append((name.line, name.column))
            field.label = label ?? .optional
            field.type = .group
            field.typeName = name.text
            _ = try fieldOptions()
            references[fullName + "#\(field.number)"] = Reference(scope: fullName, line: name.line, column: name.column)
            var group = Google_Protobuf_DescriptorProto()
            group.name = name.text
            try expect("{", "after the group's number")
            try nest()
            try parseMessageBody(&group, fullName: fullName + "." + name.text)
            depth -= 1
            try checkFields(group, fullName: fullName + "." + name.text)
            message.nestedType.append(group)
            if let oneof { field.oneofIndex = oneof }
            field.jsonName = Self.jsonName(field.name)
            message.field.append(field)
            return
        }
        let (typeName, typeToken) = try dottedName("a field type")
        if let scalar = Self.scalarTypes[typeName] {
            field.type = scalar
        } else {
            field.typeName = typeName
        }
        let name = try identifier("the field's name")
        try expect("=", "after the field's name")
        let number = try integer("a field number")
        field.name = name.text
        field.number = try fieldNumber(number, at: name)
        fieldPlaces[fullName + "#\(field.number)", default: []].append((name.line, name.column))
        field.label = label ?? .optional
        if label == .optional && syntax == "proto3" { field.proto3Optional = true }
        if let oneof { field.oneofIndex = oneof }
        field.jsonName = Self.jsonName(field.name)
        for (option, value) in try fieldOptions() {
            switch option {
            case "json_name":
                guard value.kind == .string else { throw error("json_name takes a string", at: value) }
                guard !value.text.hasPrefix("[") || !value.text.hasSuffix("]") else { throw error("json_name cannot be in brackets", at: value) }
                field.jsonName = value.text
            case "packed":
                field.options.packed = value.text == "true"
            case "default":
                guard syntax == "proto2" || syntax == "editions" else { throw error("default values are not allowed in proto3", at: value) }
                guard label != .repeated else { throw error("a repeated field has no default value", at: value) }
                field.defaultValue = value.text
            default:
                break
            }
        }
        try expect(";", "after the field")
        if field.hasTypeName {
            references[fullName + "#\(field.number)"] = Reference(scope: fullName, line: typeToken.line, column: typeToken.column)
        }
        message.field.append(field)
    }

    private mutating func parseMapField(into message: inout Google_Protobuf_DescriptorProto, fullName: String) throws(ProtoSyntaxError) {
        _ = take()
        try expect("<")
        let keyToken = try identifier("the map's key type")
        guard let keyType = Self.scalarTypes[keyToken.text], ![.double, .float, .bytes].contains(keyType) else {
            throw error("a map's key is an integer, bool or string type, not \(keyToken.text)", at: keyToken)
        }
        try expect(",", "after the map's key type")
        let (valueName, valueToken) = try dottedName("the map's value type")
        try expect(">", "after the map's value type")
        let name = try identifier("the field's name")
        try expect("=", "after the field's name")
        let number = try integer("a field number")
        var entry = Google_Protobuf_DescriptorProto()
        entry.name = Self.mapEntryName(name.text)
        entry.options.mapEntry = true
        var key = Google_Protobuf_FieldDescriptorProto()
        key.name = "key"
        key.number = 1
        key.label = .optional
        key.type = keyType
        key.jsonName = "key"
        var value = Google_Protobuf_FieldDescriptorProto()
        value.name = "value"
        value.number = 2
        value.label = .optional
        value.jsonName = "value"
        if let scalar = Self.scalarTypes[valueName] {
            value.type = scalar
        } else {
            value.typeName = valueName
            references[fullName + "." + entry.name + "#2"] = Reference(scope: fullName, line: valueToken.line, column: valueToken.column)
        }
        entry.field = [key, value]
        var field = Google_Protobuf_FieldDescriptorProto()
        field.name = name.text
        field.number = try fieldNumber(number, at: name)
        fieldPlaces[fullName + "#\(field.number)", default: []].append((name.line, name.column))
        field.label = .repeated
        field.type = .message
        field.typeName = "." + fullName + "." + entry.name
        field.jsonName = Self.jsonName(name.text)
        for (option, value) in try fieldOptions() where option == "json_name" && value.kind == .string {
            field.jsonName = value.text
        }
        try expect(";", "after the field")
        message.nestedType.append(entry)
        message.field.append(field)
    }

    private func fieldNumber(_ number: Int64, at token: ProtoToken) throws(ProtoSyntaxError) -> Int32 {
        guard number >= 1, number <= 536_870_911 else { throw error("field numbers are from 1 to 536870911, not \(number)", at: token) }
        guard !(19_000...19_999).contains(number) else { throw error("field numbers 19000 to 19999 are reserved for protobuf itself", at: token) }
        return Int32(number)
    }

    private func checkFields(_ message: Google_Protobuf_DescriptorProto, fullName: String) throws(ProtoSyntaxError) {
        var numbers: [Int32: String] = [:]
        var names: Set<String> = []
        var jsonNames: [String: String] = [:]
        var seenNumbers: [Int32: Int] = [:]
        for field in message.field {
            let places = fieldPlaces[fullName + "#\(field.number)"] ?? []
            let occurrence = seenNumbers[field.number, default: 0]
            seenNumbers[field.number] = occurrence + 1
            let position = places.indices.contains(occurrence) ? places[occurrence] : places.last
            func fail(_ message: String) -> ProtoSyntaxError {
                ProtoSyntaxError(file: file, line: position?.line ?? 0, column: position?.column ?? 0, message: message)
            }
            if let other = numbers[field.number] {
                throw fail("\(fullName): fields \(other) and \(field.name) both have number \(field.number)")
            }
            numbers[field.number] = field.name
            guard names.insert(field.name).inserted else { throw fail("\(fullName) has two fields named \(field.name)") }
            if let other = jsonNames[field.jsonName] {
                throw fail("\(fullName): fields \(other) and \(field.name) have the same JSON name \(field.jsonName)")
            }
            jsonNames[field.jsonName] = field.name
            for range in message.reservedRange where field.number >= range.start && field.number < range.end {
                throw fail("\(fullName): field \(field.name) uses number \(field.number), which is reserved")
            }
            if message.reservedName.contains(field.name) { throw fail("\(fullName): field name \(field.name) is reserved") }
        }
    }

    /// protoc's JSON name of a field: underscores dropped, the letter after each one capitalized.
    static func jsonName(_ name: String) -> String { camelCase(name, capitalizingFirst: false) }

    /// protoc's name of a map field's entry message: `my_map` is `MyMapEntry`.
    static func mapEntryName(_ name: String) -> String { camelCase(name, capitalizingFirst: true) + "Entry" }

    private static func camelCase(_ name: String, capitalizingFirst: Bool) -> String {
        var result = ""
        var capitalizeNext = capitalizingFirst
        for character in name {
            if character == "_" {
                capitalizeNext = true
            } else if capitalizeNext {
                result += character.uppercased()
                capitalizeNext = false
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: Enums and services

    private mutating func parseEnum() throws(ProtoSyntaxError) -> Google_Protobuf_EnumDescriptorProto {
        let name = try identifier("the enum's name")
        var descriptor = Google_Protobuf_EnumDescriptorProto()
        descriptor.name = name.text
        try expect("{", "after the enum's name")
        var allowAlias = false
        var numbers: [Int32: String] = [:]
        while !accept("}") {
            let token = current
            guard token.kind != .end else { throw error("expected '}' to close enum \(name.text), found the end of the file") }
            if accept(";") { continue }
            if token.isIdentifier("option") && !tokens[index + 1].isSymbol("=") {
                _ = take()
                let (option, value) = try skipOption()
                if option == "allow_alias" { allowAlias = value.text == "true" }
                try expect(";", "after the option")
                continue
            }
            if token.isIdentifier("reserved") && !tokens[index + 1].isSymbol("=") {
                _ = take()
                repeat {
                    if current.kind == .string || current.kind == .identifier && syntax == "editions" {
                        descriptor.reservedName.append(take().text)
                    } else {
                        var range = Google_Protobuf_EnumDescriptorProto.EnumReservedRange()
                        range.start = Int32(clamping: try integer("a number", allowSign: true))
                        range.end = range.start
                        if current.isIdentifier("to") {
                            _ = take()
                            if current.isIdentifier("max") {
                                _ = take()
                                range.end = Int32.max
                            } else {
                                range.end = Int32(clamping: try integer("a number", allowSign: true))
                            }
                        }
                        descriptor.reservedRange.append(range)
                    }
                } while accept(",")
                try expect(";", "after the reserved list")
                continue
            }
            let valueName = try identifier("an enum value's name")
            try expect("=", "after the enum value's name")
            let number = try integer("the enum value's number", allowSign: true)
            guard let value32 = Int32(exactly: number) else { throw error("an enum value is a 32-bit number, not \(number)", at: valueName) }
            _ = try fieldOptions()
            try expect(";", "after the enum value")
            if descriptor.value.isEmpty, value32 != 0, syntax == "proto3" {
                throw error("the first value of a proto3 enum must be 0", at: valueName)
            }
            if descriptor.value.contains(where: { $0.name == valueName.text }) {
                throw error("enum \(name.text) has two values named \(valueName.text)", at: valueName)
            }
            numbers[value32] = numbers[value32] ?? valueName.text
            var value = Google_Protobuf_EnumValueDescriptorProto()
            value.name = valueName.text
            value.number = value32
            descriptor.value.append(value)
        }
        guard !descriptor.value.isEmpty else { throw error("enum \(name.text) has no values", at: name) }
        if !allowAlias {
            var seen: [Int32: String] = [:]
            for value in descriptor.value {
                if let other = seen[value.number] {
                    throw error("enum \(name.text): \(other) and \(value.name) both have number \(value.number) (set option allow_alias = true)", at: name)
                }
                seen[value.number] = value.name
            }
        }
        if allowAlias { descriptor.options.allowAlias = true }
        return descriptor
    }

    private mutating func parseService(package: String) throws(ProtoSyntaxError) -> Google_Protobuf_ServiceDescriptorProto {
        let name = try identifier("the service's name")
        var service = Google_Protobuf_ServiceDescriptorProto()
        service.name = name.text
        let fullName = package.isEmpty ? name.text : package + "." + name.text
        try expect("{", "after the service's name")
        while !accept("}") {
            let token = current
            guard token.kind != .end else { throw error("expected '}' to close service \(name.text), found the end of the file") }
            if accept(";") { continue }
            if token.isIdentifier("option") {
                _ = take()
                try skipOption()
                try expect(";", "after the option")
                continue
            }
            guard token.isIdentifier("rpc") else { throw error("expected rpc or option in a service, found \(describe(token))") }
            _ = take()
            let methodName = try identifier("the method's name")
            if service.method.contains(where: { $0.name == methodName.text }) {
                throw error("service \(name.text) has two methods named \(methodName.text)", at: methodName)
            }
            var method = Google_Protobuf_MethodDescriptorProto()
            method.name = methodName.text
            try expect("(", "before the request type")
            if current.isIdentifier("stream") && tokens[index + 1].kind == .identifier || current.isIdentifier("stream") && tokens[index + 1].isSymbol(".") {
                _ = take()
                method.clientStreaming = true
            }
            let (input, inputToken) = try dottedName("the request type")
            try expect(")", "after the request type")
            guard current.isIdentifier("returns") else { throw error("expected 'returns', found \(describe(current))") }
            _ = take()
            try expect("(", "before the response type")
            if current.isIdentifier("stream") && (tokens[index + 1].kind == .identifier || tokens[index + 1].isSymbol(".")) {
                _ = take()
                method.serverStreaming = true
            }
            let (output, outputToken) = try dottedName("the response type")
            try expect(")", "after the response type")
            method.inputType = input
            method.outputType = output
            references[fullName + "/" + methodName.text + ">"] = Reference(scope: package, line: inputToken.line, column: inputToken.column)
            references[fullName + "/" + methodName.text + "<"] = Reference(scope: package, line: outputToken.line, column: outputToken.column)
            if current.isSymbol("{") {
                try skipBraces()
                _ = accept(";")
            } else {
                try expect(";", "after the method")
            }
            service.method.append(method)
        }
        return service
    }
}
