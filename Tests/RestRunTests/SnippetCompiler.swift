import Foundation
import RestRunTestSupport
import Testing

/// Compiles documentation snippets with `swiftc` against the rest-run modules of the running test
/// build (found next to the test binary), the way a user's package would see them.
struct SnippetCompiler {
    /// The folder that holds `RestRun.swiftmodule` and its siblings.
    var modules: String
    /// `-Xcc -fmodule-map-file=` arguments for every C module those modules import.
    var moduleMaps: [String]
    /// The toolchain's `PackageDescription` folder, for manifests.
    var manifestAPI: String?

    /// The compiler for the build this test runs from, or nil when its modules are not found.
    static func forThisBuild() -> SnippetCompiler? {
        let fileManager = FileManager.default
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var modules: URL?
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if fileManager.fileExists(atPath: candidate.appendingPathComponent("RestRun.swiftmodule").path) {
                modules = candidate
                break
            }
            directory.deleteLastPathComponent()
        }
        guard let modules else { return nil }
        let buildDirectory = modules.deletingLastPathComponent()
        var maps: [String] = []
        // C targets built by this package and its dependencies keep their map in `NAME.build/`.
        for entry in (try? fileManager.contentsOfDirectory(atPath: buildDirectory.path)) ?? [] where entry.hasSuffix(".build") {
            let map = buildDirectory.appendingPathComponent(entry).appendingPathComponent("module.modulemap").path
            if fileManager.fileExists(atPath: map) { maps.append(map) }
        }
        // C targets with a module map of their own, in the checkouts and in this package.
        var scratch = buildDirectory
        for _ in 0..<3 where !fileManager.fileExists(atPath: scratch.appendingPathComponent("checkouts").path) {
            scratch.deleteLastPathComponent()
        }
        let checkouts = scratch.appendingPathComponent("checkouts").path
        for root in [checkouts, Fixtures.repositoryRoot + "/Sources"] {
            let enumerator = fileManager.enumerator(atPath: root)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix("module.modulemap"), path.contains("Sources/") || root.hasSuffix("/Sources") {
                    maps.append(root + "/" + path)
                }
            }
        }
        let toolchain = Self.swiftcPath().map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent() }
        let manifestAPI = toolchain?.appendingPathComponent("lib/swift/pm/ManifestAPI").path
        return SnippetCompiler(
            modules: modules.path,
            moduleMaps: maps.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] },
            manifestAPI: manifestAPI.flatMap { fileManager.fileExists(atPath: $0) ? $0 : nil })
    }

    /// `swiftc` on the `PATH`.
    static func swiftcPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A new empty folder for the snippets and their modules.
    static func scratchDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-snippets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Type-checks `files` as one module (emitting it as `module` into `directory` when named).
    func compile(_ files: [String], emittingModule module: String?, into directory: String) async throws -> BinaryRunner.Output {
        var arguments = ["-swift-version", "6", "-I", modules, "-I", directory] + moduleMaps
        if let module {
            arguments += ["-emit-module", "-parse-as-library", "-module-name", module, "-emit-module-path", directory + "/\(module).swiftmodule"]
        } else {
            arguments += ["-typecheck"]
            if !files.contains(where: { $0.hasSuffix("/main.swift") }) { arguments.append("-parse-as-library") }
        }
        return try await BinaryRunner.execute(
            "/usr/bin/env", ["swiftc"] + arguments + files, in: directory, environment: ProcessInfo.processInfo.environment)
    }

    /// Expects `files` to compile with no error and no warning.
    func expectCompiles(_ files: [String], emittingModule module: String?, into directory: String) async throws {
        let output = try await compile(files, emittingModule: module, into: directory)
        #expect(output.status == 0 && !output.all.contains("warning:"), "does not compile cleanly:\n\(output.all)")
    }

    /// Expects the manifest at `file` to type-check against the toolchain's `PackageDescription`.
    func expectManifestCompiles(_ file: String) async throws {
        let manifestAPI = try #require(manifestAPI, "the toolchain's PackageDescription was not found")
        let output = try await BinaryRunner.execute(
            "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-package-description-version", "6.2", "-I", manifestAPI, file],
            environment: ProcessInfo.processInfo.environment)
        #expect(output.status == 0, "Package.swift does not compile:\n\(output.all)")
    }
}
