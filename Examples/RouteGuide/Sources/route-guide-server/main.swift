#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteGuideExample

// The example gRPC server that requests/grpc.yaml calls:
//
//   swift run route-guide-server [--port 50051] [--no-reflection]
//
// It reads Examples/RouteGuide/route_guide.proto (run it from the repository's folder) and
// serves the route guide on 127.0.0.1, with server reflection unless --no-reflection.
let arguments = CommandLine.arguments.dropFirst()
var port = 50051
if let index = arguments.firstIndex(of: "--port"), arguments.indices.contains(index + 1), let given = Int(arguments[index + 1]) {
    port = given
}
let reflection: ReflectionService.Versions? = arguments.contains("--no-reflection") ? nil : .both
let protoFile = arguments.first(where: { $0.hasSuffix(".proto") }) ?? "Examples/RouteGuide/route_guide.proto"
do {
    let codec = try RouteGuideServer.codec(protoFile: protoFile)
    let server = try await RouteGuideServer.start(codec: codec, port: port, reflection: reflection)
    print("route guide listening on 127.0.0.1:\(server.port)\(reflection == nil ? "" : " (with reflection)")")
    fflush(nil)
    try await server.task.value
} catch {
    print("route-guide-server: \(error)")
}
