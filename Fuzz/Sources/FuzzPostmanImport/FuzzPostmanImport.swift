import FuzzSupport
@testable import RestRun
@testable import RestRunImporting

/// Each input as a Postman collection for `rest-run import postman`: reading its folders, auth,
/// bodies and variables must never crash or hang, and every file it writes must load.
@_cdecl("FuzzPostmanImport_main")
public func fuzzPostmanImportMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        var importer = PostmanImporter(workingDirectory: "/nonexistent-fuzz-dir", outputDirectory: "/tmp")
        guard let requests = try? importer.requests(from: fuzzInput(data, count)), !requests.isEmpty else { return 0 }
        let file = RequestFileWriter.text(requests, comments: ["fuzz"], variables: importer.variables)
        do {
            _ = try RequestFileLoader(environment: [:], predefinedVariables: []).load(text: file, path: "/tmp/imported-postman.yaml")
        } catch {
            preconditionFailure("an imported file does not load: \(error)\n\(file)")
        }
        return 0
    }
}
