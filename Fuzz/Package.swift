// swift-tools-version:6.2
import PackageDescription

/// libFuzzer targets for rest-run's parsers: built with `-sanitize=fuzzer,address` by `Fuzz/run`.
let package = Package(
    name: "rest-run-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "rest-run", path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0", traits: []),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzRequestFile", dependencies: ["FuzzSupport", .product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzJSONPath", dependencies: ["FuzzSupport", .product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", .product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzEventStream", dependencies: ["FuzzSupport", .product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzGraphQL", dependencies: [
            "FuzzSupport", .product(name: "RestRun", package: "rest-run"), .product(name: "RestRunGraphQL", package: "rest-run"),
        ]),
        .executableTarget(name: "FuzzProto", dependencies: [
            "FuzzSupport", .product(name: "RestRunGRPC", package: "rest-run"), .product(name: "RestRunHelperProtocol", package: "rest-run"),
            .product(name: "SwiftProtobuf", package: "swift-protobuf"),
        ]),
        .executableTarget(name: "FuzzProtoJSON", dependencies: [
            "FuzzSupport", .product(name: "RestRunGRPC", package: "rest-run"), .product(name: "RestRunHelperProtocol", package: "rest-run"),
        ]),
        .executableTarget(name: "FuzzGRPC", dependencies: [
            "FuzzSupport", .product(name: "RestRunGRPC", package: "rest-run"), .product(name: "RestRunHelperProtocol", package: "rest-run"),
        ]),
        .executableTarget(name: "FuzzSpecCases", dependencies: [
            "FuzzSupport", .product(name: "RestRun", package: "rest-run"), .product(name: "RestRunFuzzing", package: "rest-run"),
        ]),
        .executableTarget(name: "FuzzCurlImport", dependencies: [
            "FuzzSupport", .product(name: "RestRun", package: "rest-run"), .product(name: "RestRunImporting", package: "rest-run"),
        ]),
        .executableTarget(name: "FuzzHARImport", dependencies: [
            "FuzzSupport", .product(name: "RestRun", package: "rest-run"), .product(name: "RestRunImporting", package: "rest-run"),
        ]),
        .executableTarget(name: "FuzzPostmanImport", dependencies: [
            "FuzzSupport", .product(name: "RestRun", package: "rest-run"), .product(name: "RestRunImporting", package: "rest-run"),
        ]),
        .executableTarget(name: "FuzzWebSocket", dependencies: [
            "FuzzSupport", .product(name: "RestRun", package: "rest-run"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOWebSocket", package: "swift-nio"),
        ]),
    ]
)
