#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftProtobuf

/// Reads `.proto` files and everything they import, from the import paths or built in
/// (`google/protobuf/*.proto`), and returns them parsed and resolved, each after its imports, as
/// `protoc --descriptor_set_out --include_imports` would.
struct ProtoFileLoader {
    /// The largest `.proto` file read.
    static let fileLimit = 8 * 1024 * 1024
    /// The most files one schema may read.
    static let fileCountLimit = 2_000

    private let importPaths: [String]
    /// Files given as text rather than read from disk, by import name.
    private var sources: [String: String] = [:]
    private var parsed: [String: (descriptor: Google_Protobuf_FileDescriptorProto, references: [String: ProtoParser.Reference])] = [:]
    private var order: [String] = []
    private var loading: [String] = []
    /// Where each file read from disk was found, by import name.
    private var paths: [String: String] = [:]

    /// A loader that looks for imports in `importPaths` (absolute folders), in order.
    init(importPaths: [String]) {
        self.importPaths = importPaths.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
    }

    /// Reads the files at `paths` (absolute) and their imports.
    static func load(_ paths: [String], importPaths: [String]) throws(ProtoSyntaxError) -> [Google_Protobuf_FileDescriptorProto] {
        // A file outside every import path is read as if its own folder were one (as when no
        // import path is given).
        var folders = importPaths
        for path in paths where !importPaths.contains(where: { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
            let folder = Self.folder(of: path)
            if !folders.contains(folder) { folders.append(folder) }
        }
        var loader = ProtoFileLoader(importPaths: folders)
        do throws(ProtoSyntaxError) {
            for path in paths {
                try loader.load(name: loader.importName(of: path), importedFrom: nil)
            }
            return try loader.resolved()
        } catch {
            // Errors name files as their importers do; rest-run shows the file's path.
            var located = error
            located.file = loader.paths[error.file] ?? error.file
            throw located
        }
    }

    /// Files given as text (by import name; they may import each other and the built-in ones),
    /// parsed and resolved.
    static func load(sources: [String: String]) throws(ProtoSyntaxError) -> [Google_Protobuf_FileDescriptorProto] {
        var loader = ProtoFileLoader(importPaths: [])
        loader.sources = sources
        for name in sources.keys.sorted() { try loader.load(name: name, importedFrom: nil) }
        return try loader.resolved()
    }

    /// The built-in files named (and what they import), parsed and resolved.
    static func loadBuiltIn(_ names: [String]) throws(ProtoSyntaxError) -> [Google_Protobuf_FileDescriptorProto] {
        var loader = ProtoFileLoader(importPaths: [])
        for name in names { try loader.load(name: name, importedFrom: nil) }
        return try loader.resolved()
    }

    private func resolved() throws(ProtoSyntaxError) -> [Google_Protobuf_FileDescriptorProto] {
        var resolver = ProtoResolver()
        for name in order {
            guard let file = parsed[name] else { continue }
            try resolver.declare(file.descriptor)
        }
        var result: [Google_Protobuf_FileDescriptorProto] = []
        for name in order {
            guard var file = parsed[name] else { continue }
            try resolver.resolve(&file.descriptor, references: file.references)
            result.append(file.descriptor)
        }
        return result
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The name a file at `path` is imported by: its path inside the first import path holding it.
    private func importName(of path: String) -> String {
        for folder in importPaths {
            let prefix = folder == "/" ? "/" : folder + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        return path
    }

    private mutating func load(name: String, importedFrom: (file: String, reference: ProtoParser.Reference?)?) throws(ProtoSyntaxError) {
        if parsed[name] != nil { return }
        func failure(_ message: String) -> ProtoSyntaxError {
            ProtoSyntaxError(file: importedFrom?.file ?? name, line: importedFrom?.reference?.line ?? 0, column: importedFrom?.reference?.column ?? 0, message: message)
        }
        if loading.contains(name) {
            throw failure("\(name) imports itself, through \((loading.drop { $0 != name } + [name]).joined(separator: " -> "))")
        }
        guard order.count < Self.fileCountLimit else { throw failure("more than \(Self.fileCountLimit) files are imported") }
        let bytes: [UInt8]
        if let text = sources[name] ?? WellKnownProtos.files[name] {
            bytes = Array(text.utf8)
        } else if let (path, found) = try contents(of: name, failure: failure) {
            bytes = found
            paths[name] = path
        } else if importedFrom == nil {
            throw failure("cannot read \(name)")
        } else {
            throw failure("import \"\(name)\" was not found in \(importPaths.joined(separator: ", "))")
        }
        loading.append(name)
        var (descriptor, references) = try ProtoParser.parse(bytes, file: name)
        descriptor.name = name
        for (index, dependency) in descriptor.dependency.enumerated() {
            try load(name: dependency, importedFrom: (name, references["import#\(index)"]))
        }
        loading.removeLast()
        parsed[name] = (descriptor, references)
        order.append(name)
    }

    private func contents(of name: String, failure: (String) -> ProtoSyntaxError) throws(ProtoSyntaxError) -> (String, [UInt8])? {
        let candidates = name.hasPrefix("/") ? [name] : importPaths.map { ($0 == "/" ? "" : $0) + "/" + name }
        for path in candidates {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                throw failure("\(path) is not a file")
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw failure("cannot read \(path): \(String(cString: strerror(errno)))") }
                if count == 0 { return (path, bytes) }
                bytes += chunk[..<count]
                guard bytes.count <= Self.fileLimit else { throw failure("\(path) is larger than 8 MB") }
            }
        }
        return nil
    }
}
