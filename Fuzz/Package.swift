// swift-tools-version:6.2
import PackageDescription

/// libFuzzer targets for rest-run's parsers: built with `-sanitize=fuzzer,address` by `Fuzz/run`.
let package = Package(
    name: "rest-run-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "rest-run", path: "..")],
    targets: [
        .executableTarget(name: "FuzzRequestFile", dependencies: [.product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzJSONPath", dependencies: [.product(name: "RestRun", package: "rest-run")]),
        .executableTarget(name: "FuzzJSON", dependencies: [.product(name: "RestRun", package: "rest-run")]),
    ]
)
