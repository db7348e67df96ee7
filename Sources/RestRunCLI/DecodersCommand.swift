import ArgumentParser
import RestRun

/// `rest-run decoders`: lists the decoders `decode:` can name.
struct DecodersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decoders", abstract: "List the registered response decoders.")

    func run() async throws {
        let registry: DecoderRegistry
        do {
            registry = try PluginStore.registry()
        } catch {
            FileDescriptorSink.standardError.write("error: \(error)\n")
            throw ArgumentParser.ExitCode(RestRun.ExitCode.usage.rawValue)
        }
        let width = registry.names.map(\.count).max() ?? 0
        var text = ""
        for entry in registry.all {
            text += entry.name + String(repeating: " ", count: width - entry.name.count + 2) + entry.origin.description + "\n"
        }
        FileDescriptorSink.standardOutput.write(text)
    }
}
