import FuzzSupport
@testable import RestRun

/// Each input as a request file: the loader must return a file or diagnostics, never crash, hang or
/// take long (libFuzzer's -timeout catches that).
@_cdecl("FuzzRequestFile_main")
public func fuzzRequestFileMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        guard let text = String(validating: fuzzInput(data, count), as: UTF8.self) else { return 0 }
        let loader = RequestFileLoader(environment: ["HOME": "/nonexistent", "API_URL": "http://127.0.0.1:1"], predefinedVariables: ["mock_url"])
        if let file = try? loader.load(text: text, path: "/nonexistent/fuzz.yaml") {
            // Rendering what loaded must not trap either.
            for request in file.requests { request.forEachTemplate { _ = $0.description } }
        }
        return 0
    }
}
