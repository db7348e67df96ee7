package import GRPCCore
package import RestRunGRPC
import RestRunHelperProtocol
import Synchronization

/// The route guide, served without generated code: each message is read and written as JSON
/// through the schema, by rest-run-grpc's codec.
///
/// Besides gRPC's example it answers a few points specially, for trying rest-run's checks: at
/// latitude -2 it waits 2 seconds (for a deadline), at -3 it is UNAVAILABLE the first two times
/// (for `retry:`), and it echoes the `authorization` metadata in a trailer when asked to (a
/// server that leaks a secret back).
package final class RouteGuideService: RegistrableRPCService {
    let codec: ProtoCodec
    let echoesAuthorization: Bool
    private let unavailableLeft = Mutex(2)

    /// A service of `codec`'s schema (route_guide.proto).
    package init(codec: ProtoCodec, echoesAuthorization: Bool = false) {
        self.codec = codec
        self.echoesAuthorization = echoesAuthorization
    }

    private func decode(_ bytes: [UInt8], _ type: String) throws -> JSONValue {
        do throws(MessageDecoder.DecodeFailure) {
            return try codec.decode(bytes, as: type)
        } catch {
            throw RPCError(code: .invalidArgument, message: error.message)
        }
    }

    private func encode(_ json: JSONValue, _ type: String) throws -> [UInt8] {
        switch codec.encode(json, as: type) {
        case .success(let bytes): return bytes
        case .failure(let problems): throw RPCError(code: .internalError, message: problems.problems.map(\.message).joined(separator: "; "))
        }
    }

    package func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        let service = "routeguide.RouteGuide"
        router.registerHandler(
            forMethod: MethodDescriptor(fullyQualifiedService: service, method: "GetFeature"),
            deserializer: RawMessageDeserializer(), serializer: RawMessageSerializer()
        ) { request, _ in
            var input: [UInt8] = []
            for try await message in request.messages { input = message }
            let point = try self.decode(input, "routeguide.Point")
            let (latitude, longitude) = RouteGuideFeatures.coordinates(point)
            var trailers: Metadata = ["x-cost": "3"]
            if self.echoesAuthorization, let authorization = request.metadata[stringValues: "authorization"].first(where: { _ in true }) {
                trailers.addString(authorization, forKey: "x-authorization-seen")
            }
            if latitude == -2 { try await Task.sleep(for: .seconds(2)) }
            if latitude == -3 {
                let refuse = self.unavailableLeft.withLock { left in
                    defer { left -= 1 }
                    return left > 0
                }
                if refuse { return StreamingServerResponse(error: RPCError(code: .unavailable, message: "try again")) }
            }
            guard let feature = RouteGuideFeatures.all.first(where: { RouteGuideFeatures.coordinates($0["location"]) == (latitude, longitude) }) else {
                return StreamingServerResponse(error: RPCError(code: .notFound, message: "no feature at \(latitude), \(longitude)", metadata: trailers))
            }
            let bytes = try self.encode(feature, "routeguide.Feature")
            return StreamingServerResponse(single: ServerResponse(message: bytes, metadata: ["x-served-by": "route-guide"], trailingMetadata: trailers))
        }
        router.registerHandler(
            forMethod: MethodDescriptor(fullyQualifiedService: service, method: "ListFeatures"),
            deserializer: RawMessageDeserializer(), serializer: RawMessageSerializer()
        ) { request, _ in
            var input: [UInt8] = []
            for try await message in request.messages { input = message }
            let rectangle = try self.decode(input, "routeguide.Rectangle")
            let lo = RouteGuideFeatures.coordinates(rectangle["lo"]), hi = RouteGuideFeatures.coordinates(rectangle["hi"])
            let inside = RouteGuideFeatures.all.filter { feature in
                let point = RouteGuideFeatures.coordinates(feature["location"])
                return (min(lo.latitude, hi.latitude)...max(lo.latitude, hi.latitude)).contains(point.latitude)
                    && (min(lo.longitude, hi.longitude)...max(lo.longitude, hi.longitude)).contains(point.longitude)
            }
            let messages = try inside.map { try self.encode($0, "routeguide.Feature") }
            return StreamingServerResponse { writer in
                for message in messages { try await writer.write(message) }
                return [:]
            }
        }
        router.registerHandler(
            forMethod: MethodDescriptor(fullyQualifiedService: service, method: "RecordRoute"),
            deserializer: RawMessageDeserializer(), serializer: RawMessageSerializer()
        ) { request, _ in
            var points: [(latitude: Int, longitude: Int)] = []
            for try await message in request.messages {
                points.append(RouteGuideFeatures.coordinates(try self.decode(message, "routeguide.Point")))
            }
            let features = points.filter { point in RouteGuideFeatures.all.contains { RouteGuideFeatures.coordinates($0["location"]) == point } }
            var distance = 0
            for (from, to) in zip(points, points.dropFirst()) {
                distance += abs(to.latitude - from.latitude) + abs(to.longitude - from.longitude)
            }
            let summary = JSONValue.object([
                JSONValue.Property("pointCount", .number(String(points.count))),
                JSONValue.Property("featureCount", .number(String(features.count))),
                JSONValue.Property("distance", .number(String(min(distance, Int(Int32.max))))),
                JSONValue.Property("elapsedTime", .string("\(points.count).500s")),
            ])
            return StreamingServerResponse(single: ServerResponse(message: try self.encode(summary, "routeguide.RouteSummary")))
        }
        router.registerHandler(
            forMethod: MethodDescriptor(fullyQualifiedService: service, method: "RouteChat"),
            deserializer: RawMessageDeserializer(), serializer: RawMessageSerializer()
        ) { request, _ in
            StreamingServerResponse { writer in
                for try await message in request.messages {
                    _ = try self.decode(message, "routeguide.RouteNote")
                    try await writer.write(message)
                }
                return [:]
            }
        }
    }
}
