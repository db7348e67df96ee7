import FuzzSupport
import RestRun

/// Each input as a JSONPath: parsed (or refused) and, when valid, run over a fixed document.
@_cdecl("FuzzJSONPath_main")
public func fuzzJSONPathMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    _ = document.description  // built once, before libFuzzer starts counting allocations
    return runLibFuzzer(argc, argv) { data, count in
        guard let text = String(validating: fuzzInput(data, count), as: UTF8.self), let path = try? JSONPath(text) else { return 0 }
        _ = path.select(document)
        return 0
    }
}

let document = (try? JSONParser.parse(#"""
    {"store": {"book": [{"category": "reference", "author": "Nigel Rees", "title": "Sayings", "price": 8.95},
     {"category": "fiction", "title": "Moby Dick", "isbn": "0-553", "price": 8.99, "tags": ["a", "b", ""]}],
     "bicycle": {"color": "red", "price": 399}}, "a": [0, 1, -1, 2.5, null, true, "x", [], {}], "é": {"e\u0301": 1}}
    """#)) ?? .null
