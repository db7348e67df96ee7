// swift-tools-version:6.2
import PackageDescription

/// libFuzzer targets for rest-run's parsers: built with `-sanitize=fuzzer,address` by `Fuzz/run`.
let package = Package(
    name: "rest-run-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "rest-run", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzRequestFile", dependencies: ["FuzzSupport", .product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzJSONPath", dependencies: ["FuzzSupport", .product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", .product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzEventStream", dependencies: ["FuzzSupport", .product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzGraphQL", dependencies: ["FuzzSupport", .product(name: "RestRun", package: "rest-run")]),
    ]
)
