#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The few file operations rest-run needs, with errors that name the file.
package enum FileSystem {
    /// A file that could not be read.
    package struct ReadError: Error, Sendable, CustomStringConvertible {
        /// One sentence naming the file and the reason.
        package var message: String
        /// The sentence.
        package var description: String { message }
    }

    /// The most any file the tool reads may hold, unless its reader asks for less or more.
    package static let defaultSizeLimit = 16 * 1024 * 1024
    /// The most a request body file (`file:` or a multipart part) may hold.
    package static let bodySizeLimit = 512 * 1024 * 1024

    /// The whole file as bytes. Only regular files are read (a directory, a device such as
    /// `/dev/zero` or a pipe is refused before a byte is read), and never more than `limit` bytes.
    package static func readBytes(_ path: String, limit: Int = defaultSizeLimit) throws(ReadError) -> [UInt8] {
        noteRead(path)
        // O_NONBLOCK: opening a named pipe must not wait for a writer; regular files ignore it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw ReadError(message: "cannot read '\(path)': \(errorText())") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(message: "cannot read '\(path)': \(errorText())") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ReadError(message: "cannot read '\(path)': it is a directory")
        default: throw ReadError(message: "cannot read '\(path)': it is not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw ReadError(message: "cannot read '\(path)': it is \(ByteCount.format(Int(info.st_size))), more than the \(ByteCount.format(limit)) allowed")
        }
        return try readAll(descriptor, named: path, limit: limit, expected: Int(info.st_size))
    }

    /// Standard input as bytes, up to `limit` (for a request file given as `-`).
    package static func readStandardInput(limit: Int = defaultSizeLimit) throws(ReadError) -> [UInt8] {
        try readAll(0, named: "standard input", limit: limit, expected: 0)
    }

    private static func readAll(_ descriptor: Int32, named path: String, limit: Int, expected: Int) throws(ReadError) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(expected)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(message: "cannot read '\(path)': \(errorText())")
            }
            if count == 0 { break }
            // A file that grows while it is read is still cut at the limit.
            guard result.count + count <= limit else {
                throw ReadError(message: "cannot read '\(path)': it is more than the \(ByteCount.format(limit)) allowed")
            }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }

    /// The whole file as UTF-8 text (see `readBytes` for what is refused).
    package static func readText(_ path: String, limit: Int = defaultSizeLimit) throws(ReadError) -> String {
        let bytes = try readBytes(path, limit: limit)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let (line, column) = UTF8Position.firstInvalidByte(in: bytes)
            throw ReadError(message: "cannot read '\(path)': it is not UTF-8 text (the first bad byte is at line \(line), column \(column))")
        }
        return text
    }

    /// Writes `text` to `path`, replacing it.
    package static func write(_ text: String, to path: String) throws(ReadError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw ReadError(message: "cannot write '\(path)': \(errorText())") }
        defer { close(descriptor) }
        do {
            _ = try FileDescriptor(rawValue: descriptor).writeAll(Array(text.utf8))
        } catch let error as Errno {
            throw ReadError(message: "cannot write '\(path)': \(String(cString: strerror(error.rawValue)))")
        } catch {
            throw ReadError(message: "cannot write '\(path)': \(error)")
        }
    }

    /// Opens `path` for writing, replacing it and creating its folder first when it is missing;
    /// the caller closes the descriptor.
    package static func openForWritingCreatingFolders(_ path: String) throws(ReadError) -> Int32 {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try createDirectories(String(path[..<slash])) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw ReadError(message: "cannot write '\(path)': \(errorText())") }
        return descriptor
    }

    /// Creates the folder `path` and the folders above it that are missing (`mkdir -p`).
    package static func createDirectories(_ path: String) throws(ReadError) {
        guard !path.isEmpty, !isDirectory(path) else { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try createDirectories(String(path[..<slash]))
        }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw ReadError(message: "cannot create the folder '\(path)': \(errorText())")
        }
    }

    /// Writes `text` to `path`, creating its folder first when it is missing.
    package static func writeCreatingFolders(_ text: String, to path: String) throws(ReadError) {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try createDirectories(String(path[..<slash])) }
        try write(text, to: path)
    }

    /// Replaces `path` with `text` at once (written beside it, then renamed over it), so that a
    /// reader never sees half a file; its folder is created when missing.
    package static func replaceAtomically(_ path: String, with text: String) throws(ReadError) {
        let slash = path.lastIndex(of: "/")
        if let slash, slash != path.startIndex { try createDirectories(String(path[..<slash])) }
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let folder = slash.map { String(path[...$0]) } ?? ""
        let temporary = folder + "." + name + ".\(getpid()).tmp"
        try write(text, to: temporary)
        guard rename(temporary, path) == 0 else {
            let reason = errorText()
            unlink(temporary)
            throw ReadError(message: "cannot write '\(path)': \(reason)")
        }
    }

    /// Removes the file at `path`, and its folder when that is left empty; a file already gone
    /// is not an error.
    package static func remove(_ path: String, withEmptyFolder: Bool = false) throws(ReadError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw ReadError(message: "cannot remove '\(path)': \(errorText())") }
        if withEmptyFolder, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            rmdir(String(path[..<slash]))  // fails, as it should, while the folder holds anything
        }
    }

    /// Why the file at `path` cannot be read as a request, include, body or data file (not there,
    /// a directory, not a regular file, larger than `limit`), or nil when it can.
    package static func readableFileProblem(_ path: String, limit: Int = defaultSizeLimit) -> String? {
        noteRead(path)
        var info = stat()
        guard stat(path, &info) == 0 else { return errorText() }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "it is a directory"
        default: return "it is not a regular file"
        }
        guard Int(info.st_size) <= limit else {
            return "it is \(ByteCount.format(Int(info.st_size))), more than the \(ByteCount.format(limit)) allowed"
        }
        return nil
    }

    /// Whether `path` is a directory.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is a file this process may execute.
    package static func isExecutable(_ path: String) -> Bool {
        !isDirectory(path) && access(path, X_OK) == 0
    }

    /// Where `program` is found on `PATH` (an executable file), or nil.
    package static func executableOnPath(_ program: String) -> String? {
        guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
        for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = folder + "/" + program
            if isExecutable(String(candidate)) { return String(candidate) }
        }
        return nil
    }

    /// Whether something exists at `path`.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The names in a directory, sorted, without `.` and `..`.
    package static func contents(ofDirectory path: String) throws(ReadError) -> [String] {
        guard let directory = opendir(path) else { throw ReadError(message: "cannot list '\(path)': \(errorText())") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The absolute path with `.`, `..` and links resolved, or `path` itself when it does not exist.
    package static func canonicalPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The working directory's absolute path (`.` when it cannot be read).
    package static func currentDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "." }
        defer { free(directory) }
        return String(cString: directory)
    }

    /// `path` as messages show it: relative to the working directory when it lies inside it.
    package static func displayPath(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let directory = currentDirectory() + "/"
        return path.hasPrefix(directory) ? String(path.dropFirst(directory.count)) : path
    }

    /// `base`'s directory joined with `path`, unless `path` is absolute.
    package static func path(_ path: String, relativeTo base: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let slash = base.lastIndex(of: "/") else { return path }
        return String(base[...slash]) + path
    }

    /// How `path` is reached from the folder `directory`: `../spec.yaml`; both are made absolute
    /// first (an absolute `path` when they share nothing but the root).
    package static func relativePath(of path: String, from directory: String) -> String {
        func absolute(_ path: String) -> [Substring] {
            let full = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
            var parts: [Substring] = []
            for part in full.split(separator: "/") where part != "." {
                if part == ".." { _ = parts.popLast() } else { parts.append(part) }
            }
            return parts
        }
        let target = absolute(canonicalPath(path)), base = absolute(canonicalPath(directory))
        var shared = 0
        while shared < min(target.count, base.count), target[shared] == base[shared] { shared += 1 }
        if shared == 0 { return "/" + target.joined(separator: "/") }
        return (Array(repeating: "..", count: base.count - shared) + target[shared...].map(String.init)).joined(separator: "/")
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
