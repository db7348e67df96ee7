import RestRun

/// One fuzz input as a JSON body: parsed or refused with a position, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if let value = try? JSONParser.parse(bytes) { _ = value.jsonText }
    return 0
}
