// swift-tools-version:6.2
import PackageDescription

/// The settings every target shares: Swift 6 language mode with strict concurrency is the default of
/// this tools version; the upcoming features below keep `import` visibility and `any` explicit. A file
/// sees only the members of the modules it imports itself (`MemberImportVisibility`): no source
/// reaches Foundation's `String` methods through a dependency's `import Foundation`.
let sharedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "rest-run",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rest-run", targets: ["rest-run"]),
        .library(name: "RestRun", targets: ["RestRun"]),
        .library(name: "RestRunCLI", targets: ["RestRunCLI"]),
        .library(name: "RestRunMock", targets: ["RestRunMock"]),
        // For the fuzz targets (Fuzz/Package.swift); neither has a public declaration.
        .library(name: "RestRunFuzzing", targets: ["RestRunFuzzing"]),
        .library(name: "RestRunImporting", targets: ["RestRunImporting"]),
        // For FuzzGraphQL: the checks `rest-run-graphql` answers, in-process.
        .library(name: "RestRunGraphQL", targets: ["RestRunGraphQL"]),
        .executable(name: "rest-run-graphql", targets: ["rest-run-graphql"]),
        // For FuzzProto: the .proto parser and the JSON mapping `rest-run-grpc` runs, in-process.
        .library(name: "RestRunGRPC", targets: ["RestRunGRPC"]),
        // For FuzzGRPC: the requests and answers rest-run and its helpers exchange.
        .library(name: "RestRunHelperProtocol", targets: ["RestRunHelperProtocol"]),
        .executable(name: "rest-run-grpc", targets: ["rest-run-grpc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // Already a dependency of AsyncHTTPClient: named for the tests' HTTP/2 server.
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", from: "4.3.0"),
        // Already built for swift-nio-ssl's certificates: SHA-256, HMAC and MD5 for SigV4 and Digest.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        // Without its Foundation trait: rest-run links FoundationEssentials only, for a quick start-up.
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2", traits: []),
        // For the gRPC helper only: descriptor types and the well-known types' JSON, the calls.
        // Without its default traits: BinaryDelimitedStreams reads Foundation's InputStream, which
        // would link all of Foundation (and ICU's data) into the helper.
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0", traits: []),
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // zlib, for response bodies sent with Content-Encoding: gzip or deflate (AsyncHTTPClient
        // links it already, for the decompression handler rest-run does not use).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The rest-run executable's allocator settings, made before main (see memory_arenas.c);
        // a program that links RestRunCLI as a library keeps its own.
        .target(name: "CMemoryArenas"),
        // The lines rest-run and its helpers exchange, typed, with the one JSON value they are made
        // of: imported by both sides, and by nothing else.
        .target(name: "RestRunHelperProtocol"),
        // The task executor on an event loop that rest-run's runs and rest-run-grpc's calls share.
        .target(name: "RestRunEventLoops", dependencies: [.product(name: "NIOCore", package: "swift-nio")]),
        .target(
            name: "RestRunYAML",
            dependencies: ["CYAML"]
        ),
        .target(
            name: "RestRun",
            dependencies: [
                "RestRunYAML",
                "RestRunHelperProtocol",
                "RestRunEventLoops",
                "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // An async function runs on its caller's executor instead of hopping to the global
            // one: every hop asked the task for its preferred executor, under a lock (RESULTS.md).
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        ),
        .target(
            name: "RestRunMock",
            dependencies: [
                "RestRun",
                "RestRunYAML",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        .target(
            name: "RestRunFuzzing",
            dependencies: [
                "RestRun",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .target(
            name: "RestRunImporting",
            dependencies: [
                "RestRun",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .target(
            name: "RestRunCLI",
            dependencies: [
                "RestRun",
                "RestRunFuzzing",
                "RestRunImporting",
                "RestRunMock",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // GraphQLSwift/GraphQL and the Foundation it imports stay out of rest-run's binary: their
        // conformance records would lengthen the runtime's searches in every run. rest-run starts
        // this helper the first time a file uses GraphQL.
        .target(
            name: "RestRunGraphQL",
            dependencies: ["RestRunHelperProtocol", .product(name: "GraphQL", package: "GraphQL")]
        ),
        .executableTarget(
            name: "rest-run-graphql",
            dependencies: ["RestRunGraphQL"]
        ),
        // gRPC's packages stay out of rest-run's binary for the same reason: rest-run starts this
        // helper the first time a file makes a gRPC call or names a .proto file.
        .target(
            name: "RestRunGRPC",
            dependencies: [
                "RestRunHelperProtocol",
                "RestRunEventLoops",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "rest-run-grpc",
            dependencies: ["RestRunGRPC"]
        ),
        // The example gRPC server requests/grpc.yaml calls (`swift run route-guide-server`), and
        // the tests' gRPC servers: the route guide served through rest-run-grpc's codec.
        .target(
            name: "RouteGuideExample",
            dependencies: [
                "RestRunGRPC",
                "RestRunHelperProtocol",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
            ],
            path: "Examples/RouteGuide/Sources/RouteGuideExample"
        ),
        .executableTarget(
            name: "route-guide-server",
            dependencies: ["RouteGuideExample"],
            path: "Examples/RouteGuide/Sources/route-guide-server"
        ),
        // Not a dependency of rest-run's target: SwiftPM would link the helper's modules into
        // rest-run. `swift build` builds both; `scripts/install` names each product.
        .executableTarget(
            name: "rest-run",
            dependencies: ["CMemoryArenas", "RestRunCLI"]
        ),
        .target(
            name: "RestRunTestSupport",
            dependencies: [
                "RestRun", "RestRunMock",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                // The auth server checks Digest answers and SigV4 signatures with its own hashing.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/RestRunTestSupport"
        ),
        // The tests' items API served on its own, for Benchmarks/fuzz-items beside Schemathesis.
        .executableTarget(
            name: "items-api-server",
            dependencies: ["RestRunMock", "RestRunTestSupport"],
            path: "Benchmarks/ItemsServer"
        ),
        .testTarget(
            name: "RestRunYAMLTests",
            dependencies: ["RestRunYAML"]
        ),
        .testTarget(
            name: "RestRunTests",
            dependencies: ["RestRun", "RestRunFuzzing", "RestRunGraphQL", "RestRunGRPC", "RestRunHelperProtocol", "RestRunEventLoops", "RestRunImporting", "RestRunMock", "RestRunTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "RestRunCLITests",
            dependencies: ["RestRun", "RestRunFuzzing", "RestRunImporting", "RestRunMock", "RestRunTestSupport", "RouteGuideExample"],
            exclude: ["Fixtures"]
        ),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + sharedSettings
}
