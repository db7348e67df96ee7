import FuzzSupport
@testable import RestRunGRPC
@testable import RestRunHelperProtocol

/// A schema with every kind of field the proto3 JSON mapping treats in its own way.
private let codec = try? ProtoCodec(sources: ["fuzz.proto": """
    syntax = "proto3";
    package fuzz;
    import "google/protobuf/any.proto";
    import "google/protobuf/duration.proto";
    import "google/protobuf/field_mask.proto";
    import "google/protobuf/struct.proto";
    import "google/protobuf/timestamp.proto";
    import "google/protobuf/wrappers.proto";
    enum Color { COLOR_UNSPECIFIED = 0; RED = 1; }
    message All {
      double d = 1; float f = 2; int32 i32 = 3; int64 i64 = 4; uint32 u32 = 5; uint64 u64 = 6;
      sint32 s32 = 7; sint64 s64 = 8; fixed32 x32 = 9; fixed64 x64 = 10; sfixed32 y32 = 11; sfixed64 y64 = 12;
      bool b = 13; string s = 14; bytes by = 15; Color c = 16; optional int32 o = 17;
      repeated int64 ri = 18; repeated All children = 19; map<string, All> named = 20; map<int64, Color> colors = 21;
      oneof pick { string text = 22; All nested = 23; google.protobuf.NullValue none = 24; }
      google.protobuf.Timestamp at = 25; google.protobuf.Duration took = 26; google.protobuf.Int64Value w = 27;
      google.protobuf.Struct doc = 28; google.protobuf.Value v = 29; google.protobuf.ListValue l = 30;
      google.protobuf.FieldMask mask = 31; google.protobuf.Any any = 32; map<bool, bytes> flags = 33;
    }
    """])

/// Each input as a message in JSON, written in the binary encoding and read back as the
/// reference printer writes it, and as a message's binary encoding, read: problems or JSON,
/// never a crash or a hang; what is written reads back.
@_cdecl("FuzzProtoJSON_main")
public func fuzzProtoJSONMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        guard let codec else { return 0 }
        let bytes = fuzzInput(data, count)
        if let json = try? JSONValueReader.parse(bytes), case .success(let encoded) = codec.encode(json, as: "fuzz.All") {
            guard let printed = try? codec.decode(encoded, as: "fuzz.All") else { fatalError("a message rest-run wrote does not read back: \(json.text)") }
            // What was printed is JSON the mapping reads again.
            if case .failure(let problems) = codec.encode(printed, as: "fuzz.All") {
                fatalError("\(printed.text) was printed but does not encode: \(problems.problems.map(\.message))")
            }
        }
        _ = try? codec.decode(bytes, as: "fuzz.All")
        return 0
    }
}
