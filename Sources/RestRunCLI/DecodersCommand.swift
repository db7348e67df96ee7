import ArgumentParser
import RestRun

/// `rest-run decoders`: lists the decoders `decode:` can name.
struct DecodersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decoders",
        abstract: "List the registered response decoders (and those request files declare).")

    @Argument(help: "Request files or directories whose external decoders to list too.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String] = []

    func run() async throws {
        var registry = try PluginStore.registry()
        if !paths.isEmpty {
            let loader = RequestFileLoader(environment: ProcessEnvironment.current, decoderNames: registry.names, predefinedVariables: [RunSession.mockURLVariable])
            let stderr = FileDescriptorSink.standardError
            for path in try InputFiles.expand(paths) {
                do {
                    let file = try await BlockingWork.run { Result { () throws(DiagnosticList) in try loader.load(path: path) } }.get()
                    // A decoder that an earlier file declared is listed once, as that file's.
                    registry = try registry.adding(file.decoders.filter { !registry.names.contains($0.name) })
                } catch {
                    DiagnosticPrinter(errors: stderr, annotations: FileDescriptorSink.standardOutput, colors: stderr.isTerminal).print(error)
                    throw ArgumentParser.ExitCode(RestRun.ExitCode.invalidFile.rawValue)
                }
            }
        }
        let width = registry.names.map(\.count).max() ?? 0
        var text = ""
        for entry in registry.all {
            text += entry.name + String(repeating: " ", count: width - entry.name.count + 2) + entry.origin.description + "\n"
        }
        FileDescriptorSink.standardOutput.write(text)
    }
}
