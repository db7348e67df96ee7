import RestRun

/// One fuzz input as a request file: the loader must return a file or diagnostics, never crash,
/// hang or take long (libFuzzer's -timeout catches that).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestFile(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let loader = RequestFileLoader(environment: ["HOME": "/nonexistent", "API_URL": "http://127.0.0.1:1"], predefinedVariables: ["mock_url"])
    if let file = try? loader.load(text: text, path: "/nonexistent/fuzz.yaml") {
        // Rendering what loaded must not trap either.
        for request in file.requests { _ = request.templates.map(\.description) }
    }
    return 0
}

/// The program's entry point: SwiftPM calls an executable's main `FuzzRequestFile_main`; it hands the
/// arguments to libFuzzer's driver, which calls `LLVMFuzzerTestOneInput` for every input.
@_cdecl("FuzzRequestFile_main")
public func FuzzRequestFileMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzRequestFile(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
