import RestRun

/// One fuzz input as a JSONPath: parsed (or refused) and, when valid, run over a fixed document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONPath(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    guard let text = String(validating: bytes, as: UTF8.self), let path = try? JSONPath(text) else { return 0 }
    _ = path.select(document)
    return 0
}

let document = (try? JSONParser.parse(#"""
    {"store": {"book": [{"category": "reference", "author": "Nigel Rees", "title": "Sayings", "price": 8.95},
     {"category": "fiction", "title": "Moby Dick", "isbn": "0-553", "price": 8.99, "tags": ["a", "b", ""]}],
     "bicycle": {"color": "red", "price": 399}}, "a": [0, 1, -1, 2.5, null, true, "x", [], {}], "é": {"e\u0301": 1}}
    """#)) ?? .null

/// The program's entry point: SwiftPM calls an executable's main `FuzzJSONPath_main`; it hands the
/// arguments to libFuzzer's driver, which calls `LLVMFuzzerTestOneInput` for every input.
@_cdecl("FuzzJSONPath_main")
public func FuzzJSONPathMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    _ = document.description  // built once, before libFuzzer starts counting allocations
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzJSONPath(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
