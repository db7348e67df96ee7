import ArgumentParser
import RestRun
import RestRunImporting

/// What every importer takes: where to write, and whether to replace a file.
struct ImportOutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the request file here (default, or -: standard output).", valueName: "PATH"),
            completion: .file(extensions: ["yaml", "yml"]))
    var output: String?

    @Flag(help: "Replace the file at -o if there is one.")
    var force = false

    /// Writes `text`, or prints it; says where on standard error. A file already there without
    /// `--force` ends the command with exit 1 and writes nothing.
    func deliver(_ text: String, requests: Int, warnings: [String]) throws {
        let stderr = FileDescriptorSink.standardError
        for warning in warnings { stderr.write("warning: \(warning)\n") }
        // `-o -` is standard output, as for curl.
        guard let output, output != "-" else {
            FileDescriptorSink.standardOutput.write(text)
            return
        }
        if FileSystem.exists(output), !force {
            stderr.write("error: \(output) exists; add --force to replace it\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
        }
        do {
            try FileSystem.writeCreatingFolders(text, to: output)
        } catch {
            stderr.write("error: cannot write \(output): \(error.message)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.runtimeError.rawValue)
        }
        stderr.write("wrote \(output) (\(requests) request\(requests == 1 ? "" : "s"))\n")
    }

    /// Writes `requests` as a request file headed by `comment`, after the importer's `warnings`.
    /// With no request: the warnings, `nothing` as the error, exit 2, and nothing written.
    func write(_ requests: [ImportedHTTPRequest], comment: String, variables: [(String, String)] = [], warnings: [String], nothing: String) throws {
        guard !requests.isEmpty else {
            let stderr = FileDescriptorSink.standardError
            for warning in warnings { stderr.write("warning: \(warning)\n") }
            stderr.write("error: \(nothing)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
        try deliver(RequestFileWriter.text(requests, comments: [comment], variables: variables), requests: requests.count, warnings: warnings)
    }

    /// The bytes of `input` (a file, or `-` for standard input); one sentence and exit 2 when it
    /// cannot be read.
    static func read(_ input: String) throws -> [UInt8] {
        do {
            return input == "-" ? try FileSystem.readStandardInput() : try FileSystem.readBytes(input)
        } catch {
            FileDescriptorSink.standardError.write("error: cannot read \(input == "-" ? "<stdin>" : input): \(error.message)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
    }

    /// What `importing` returns; when the input cannot be read, the command ends with exit 2, the
    /// problem shown at its line of `source`, nothing written.
    static func requests(from source: String, _ importing: () throws(ImportProblem) -> [ImportedHTTPRequest]) throws -> [ImportedHTTPRequest] {
        do {
            return try importing()
        } catch {
            FileDescriptorSink.standardError.write("\(source):\(error.line):1: error: \(error.message)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
        }
    }

    /// The folder the request file's relative paths are written from.
    var directory: String {
        guard let output, output != "-", let slash = output.lastIndex(of: "/") else { return FileSystem.currentDirectory() }
        let folder = String(output[..<slash])
        return folder.hasPrefix("/") ? folder : FileSystem.currentDirectory() + "/" + folder
    }
}
