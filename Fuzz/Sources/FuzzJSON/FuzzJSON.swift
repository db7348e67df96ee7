import RestRun

/// One fuzz input as a JSON body: parsed or refused with a position, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if let value = try? JSONParser.parse(bytes) { _ = value.jsonText }
    return 0
}

/// The program's entry point: SwiftPM calls an executable's main `FuzzJSON_main`; it hands the
/// arguments to libFuzzer's driver, which calls `LLVMFuzzerTestOneInput` for every input.
@_cdecl("FuzzJSON_main")
public func FuzzJSONMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzJSON(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
