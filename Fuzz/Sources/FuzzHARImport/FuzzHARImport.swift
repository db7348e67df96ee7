import FuzzSupport
@testable import RestRun
@testable import RestRunImporting

/// Each input as a HAR file for `rest-run import har`: reading it, filtering it and linking values
/// between entries must never crash or hang, and every file it writes must load.
@_cdecl("FuzzHARImport_main")
public func fuzzHARImportMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        var importer = HARImporter()
        importer.expectsStatus = count % 2 == 0
        guard let requests = try? importer.requests(from: fuzzInput(data, count)), !requests.isEmpty else { return 0 }
        let file = RequestFileWriter.text(requests, comments: ["fuzz"])
        do {
            _ = try RequestFileLoader(environment: [:], predefinedVariables: []).load(text: file, path: "/tmp/imported-har.yaml")
        } catch {
            preconditionFailure("an imported file does not load: \(error)\n\(file)")
        }
        return 0
    }
}
