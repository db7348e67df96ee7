import RestRun

/// One fuzz input as a JSONPath: parsed (or refused) and, when valid, run over a fixed document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONPath(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    guard let text = String(validating: bytes, as: UTF8.self), let path = try? JSONPath(text) else { return 0 }
    _ = path.select(document)
    return 0
}

nonisolated(unsafe) let document = (try? JSONParser.parse(#"""
    {"store": {"book": [{"category": "reference", "author": "Nigel Rees", "title": "Sayings", "price": 8.95},
     {"category": "fiction", "title": "Moby Dick", "isbn": "0-553", "price": 8.99, "tags": ["a", "b", ""]}],
     "bicycle": {"color": "red", "price": 399}}, "a": [0, 1, -1, 2.5, null, true, "x", [], {}], "é": {"e\u0301": 1}}
    """#)) ?? .null
