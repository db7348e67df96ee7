// swift-tools-version:6.2
import Foundation
import PackageDescription

// The rest-run repository is two folders up; a path dependency is named after its folder.
let restRunPath = "../.."
let restRun = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent(restRunPath).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "CustomDecoders",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: restRunPath)],
    targets: [
        // The seeds' model and the plugin that registers it by type name.
        .target(name: "ArticlesKit", dependencies: [.product(name: "RestRun", package: restRun)]),
        // A rest-run of our own that knows `decode: Articles`.
        .executableTarget(name: "articles-run", dependencies: [
            "ArticlesKit", .product(name: "RestRunCLI", package: restRun),
        ]),
        // The library used from code: typed requests through a Networker.
        .executableTarget(name: "articles-client", dependencies: [
            "ArticlesKit", .product(name: "RestRun", package: restRun),
        ]),
        .testTarget(name: "ArticlesKitTests", dependencies: [
            "ArticlesKit", .product(name: "RestRun", package: restRun), .product(name: "RestRunMock", package: restRun),
        ]),
    ]
)
