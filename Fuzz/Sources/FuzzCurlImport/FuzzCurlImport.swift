import FuzzSupport
@testable import RestRun
@testable import RestRunImporting

/// Each input as text for `rest-run import curl`: splitting it into shell words and commands, and
/// reading curl's options, must never crash or hang, and every file it writes must load (`rest-run
/// check` accepts it).
@_cdecl("FuzzCurlImport_main")
public func fuzzCurlImportMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        guard let text = String(validating: fuzzInput(data, count), as: UTF8.self) else { return 0 }
        var importer = CurlImporter(workingDirectory: "/nonexistent-fuzz-dir", outputDirectory: "/tmp")
        guard let requests = try? importer.requests(from: text), !requests.isEmpty else { return 0 }
        let file = RequestFileWriter.text(requests, comments: ["fuzz"])
        let loader = RequestFileLoader(environment: [:], predefinedVariables: [])
        do {
            _ = try loader.load(text: file, path: "/tmp/imported.yaml")
        } catch {
            preconditionFailure("an imported file does not load: \(error)\n\(file)")
        }
        return 0
    }
}
