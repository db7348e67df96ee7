#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import FuzzSupport
@testable import RestRunGRPC
@testable import RestRunHelperProtocol
import Synchronization

/// The helper, with one schema (number 0) that checks can name.
private let service: GRPCService = {
    let service = GRPCService()
    let path = "/tmp/rest-run-fuzz-grpc-\(getpid()).proto"
    let source = """
        syntax = "proto3";
        package fuzz;
        import "google/protobuf/timestamp.proto";
        message Point { int32 latitude = 1; int64 longitude = 2; repeated string tags = 3; map<string, Point> near = 4; google.protobuf.Timestamp at = 5; }
        service Guide { rpc Get(Point) returns (Point); rpc List(stream Point) returns (stream Point); }
        """
    if let file = fopen(path, "w") {
        fputs(source, file)
        fclose(file)
    }
    _ = answer(.schema(.protoFiles([path], importPaths: [])), of: service)
    return service
}()

/// `service`'s answer, waited for (the harness calls in from C, outside any task).
private func answer(_ request: GRPCHelperRequest, of service: GRPCService) -> GRPCHelperAnswer {
    let box = Mutex<GRPCHelperAnswer?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let answer = await service.answer(request).answer
        box.withLock { $0 = answer }
        done.signal()
    }
    done.wait()
    return box.withLock { $0 } ?? GRPCHelperAnswer()
}

/// The answer line to a request line, waited for.
private func answerLine(_ line: [UInt8]) -> String {
    let box = Mutex("")
    let done = DispatchSemaphore(value: 0)
    Task {
        let text = await service.answer(line)
        box.withLock { $0 = text }
        done.signal()
    }
    done.wait()
    return box.withLock { $0 }
}

/// Each input as the lines rest-run sends `rest-run-grpc`: each line's id read from its first
/// bytes, its JSON read as a request and as an answer, each of which writes and reads back the
/// same; every line the helper would answer without reading a file or making a call is answered,
/// and the answer names the line's id. Never a crash or a hang.
@_cdecl("FuzzGRPC_main")
public func fuzzGRPCMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        for line in fuzzInput(data, count).split(separator: UInt8(ascii: "\n")) {
            let bytes = Array(line)
            let id = HelperEnvelope.id(atStartOf: bytes)
            guard let json = try? JSONValueReader.parse(bytes) else {
                let answered = answerLine(bytes)
                if let id, HelperEnvelope.id(atStartOf: Array(answered.utf8)) != id { fatalError("the answer to \(id) names another: \(answered)") }
                continue
            }
            let read = GRPCHelperAnswer(json: json)
            guard GRPCHelperAnswer(json: read.json) == read else { fatalError("an answer does not read back: \(read.json.text)") }
            guard let request = try? GRPCHelperRequest(json: json) else {
                _ = answerLine(bytes)
                continue
            }
            guard let again = try? GRPCHelperRequest(json: request.json), again == request else {
                fatalError("a request does not read back: \(request.json.text)")
            }
            if case .check = request {
                let answered = answerLine(bytes)
                if let id, HelperEnvelope.id(atStartOf: Array(answered.utf8)) != id { fatalError("the answer to \(id) names another: \(answered)") }
            }
        }
        return 0
    }
}
