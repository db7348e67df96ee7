import FuzzSupport
import RestRun

/// Each input as a JSON body: parsed, or refused with a position; never a crash.
@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        if let value = try? JSONParser.parse(fuzzInput(data, count)) { _ = value.jsonText }
        return 0
    }
}
