import RestRunHelperProtocol
import RestRunYAML

/// A file's `proto:`, `import_paths:` and `protoset:` as written, their paths made absolute
/// relative to the file that names them (an included settings file included), before the schema
/// they declare is read.
struct GRPCSchemaSetting {
    var protoFiles: [String]?
    var importPaths: [String]?
    var protoset: String?
    /// Where `proto:` (or `protoset:`) was written.
    var location: SourceLocation?

    /// Reads one of the keys.
    mutating func read(_ key: String, _ node: Node, context: LoadContext) {
        func paths(_ what: String) -> [String]? {
            let value = context.expanded(node)
            let written: [String]
            if let items = value.items {
                written = items.compactMap { context.string(context.expanded($0), "a path of '\(what)'") }
            } else if let path = context.string(value, "'\(what)'") {
                written = [path]
            } else {
                return nil
            }
            if written.isEmpty {
                context.error("'\(what)' needs at least one path", at: value)
                return nil
            }
            return written.map { FileSystem.path($0, relativeTo: context.source.path) }
        }
        switch key {
        case "proto":
            protoFiles = paths("proto")
            location = context.location(node)
        case "import_paths":
            importPaths = paths("import_paths")
        case "protoset":
            guard let written = context.string(context.expanded(node), "'protoset'") else { return }
            protoset = FileSystem.path(written, relativeTo: context.source.path)
            location = context.location(node)
        default:
            break
        }
    }

    /// These settings over `base`: each key given here wins.
    func merged(over base: GRPCSchemaSetting) -> GRPCSchemaSetting {
        var result = base
        if let protoFiles { result.protoFiles = protoFiles; result.location = location }
        if let importPaths { result.importPaths = importPaths }
        if let protoset { result.protoset = protoset; result.location = location }
        return result
    }

    /// The schema the settings declare, read now (its problems reported), or nil when there is
    /// none (calls then ask the server's reflection service).
    func schema(context: LoadContext, within limit: Duration = GRPCHelper.loadLimit) -> GRPCSchema? {
        guard protoFiles != nil || protoset != nil else {
            if let importPaths, !importPaths.isEmpty, let location {
                context.append([Diagnostic("'import_paths' is for the imports of proto: files, and the file names none", at: location)])
            }
            return nil
        }
        if protoFiles != nil, protoset != nil, let location {
            context.append([Diagnostic("a file declares its gRPC schema with 'proto:' or 'protoset:', not both", at: location)])
            return nil
        }
        let schema = GRPCSchema(source: protoset.map { .descriptorSet($0) } ?? .protoFiles(protoFiles ?? [], importPaths: importPaths ?? []))
        do throws(GRPCSchema.Unreadable) {
            _ = try schema.numberBlocking(within: limit)
        } catch {
            report(error, context: context)
            return nil
        }
        return schema
    }

    private func report(_ problem: GRPCSchema.Unreadable, context: LoadContext) {
        let named = location
        if let file = problem.file, problem.line > 0, let text = try? FileSystem.readText(file, limit: 8 * 1024 * 1024) {
            let place = SourceText(path: file, text: text).location(Mark(line: problem.line, column: max(problem.column, 1)))
            context.append([Diagnostic(problem.message, at: place, notes: named.map { ["named by \($0.file):\($0.line):\($0.column)"] } ?? [])])
        } else {
            let key = protoset != nil ? "protoset" : "proto"
            context.append([Diagnostic("\(key): \(problem.message)", at: named)])
        }
    }
}
