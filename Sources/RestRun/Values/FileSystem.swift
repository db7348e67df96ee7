#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations rest-run needs, with errors that name the file.
public enum FileSystem {
    /// A file that could not be read.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// One sentence naming the file and the reason.
        public var message: String
        /// The sentence.
        public var description: String { message }
    }

    /// The whole file as bytes.
    public static func readBytes(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(message: "cannot read '\(path)': \(errorText())") }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read '\(path)': \(errorText())")
            }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }

    /// The whole file as UTF-8 text.
    public static func readText(_ path: String) throws(Failure) -> String {
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(message: "cannot read '\(path)': it is not UTF-8 text")
        }
        return text
    }

    /// Writes `text` to `path`, replacing it.
    public static func write(_ text: String, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw Failure(message: "cannot write '\(path)': \(errorText())") }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot write '\(path)': \(errorText())")
            }
            offset += written
        }
    }

    /// Whether `path` is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is a file this process may execute.
    public static func isExecutable(_ path: String) -> Bool {
        !isDirectory(path) && access(path, X_OK) == 0
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The names in a directory, sorted, without `.` and `..`.
    public static func contents(ofDirectory path: String) throws(Failure) -> [String] {
        guard let directory = opendir(path) else { throw Failure(message: "cannot list '\(path)': \(errorText())") }
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
    public static func canonicalPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `base`'s directory joined with `path`, unless `path` is absolute.
    public static func path(_ path: String, relativeTo base: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let slash = base.lastIndex(of: "/") else { return path }
        return String(base[...slash]) + path
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
