import RestRunGRPC
import RestRunHelperProtocol

/// The features the example server knows, as JSON in the proto3 mapping.
enum RouteGuideFeatures {
    static let all: [JSONValue] = [
        feature("Berkshire Valley Management Area Trail, Jefferson, NJ, USA", 409_146_138, -746_188_906, kind: "LANDMARK", visits: "9007199254740993"),
        feature("Patriots Path, Mendham, NJ 07945, USA", 407_838_351, -746_143_763, kind: "LANDMARK", visits: "12"),
        feature("101 New Jersey 10, Whippany, NJ 07981, USA", 408_122_808, -743_999_179, kind: "BUILDING", visits: "3"),
    ]

    private static func feature(_ name: String, _ latitude: Int, _ longitude: Int, kind: String, visits: String) -> JSONValue {
        .object([
            JSONValue.Property("name", .string(name)),
            JSONValue.Property("location", point(latitude, longitude)),
            JSONValue.Property("kind", .string(kind)),
            JSONValue.Property("visits", .string(visits)),
            JSONValue.Property("tags", .object([JSONValue.Property("state", .string("NJ"))])),
            JSONValue.Property("opened", .string("1972-01-01T10:00:20.021Z")),
        ])
    }

    static func point(_ latitude: Int, _ longitude: Int) -> JSONValue {
        .object([JSONValue.Property("latitude", .number(String(latitude))), JSONValue.Property("longitude", .number(String(longitude)))])
    }

    /// A point's coordinates (a field left out is 0).
    static func coordinates(_ point: JSONValue?) -> (latitude: Int, longitude: Int) {
        func number(_ key: String) -> Int {
            if case .number(let text)? = point?[key] { return Int(text) ?? 0 }
            return 0
        }
        return (number("latitude"), number("longitude"))
    }
}
