import Foundation
import RestRunMock
import RestRunTestSupport

// The tests' items API (Tests/RestRunTestSupport/ItemsAPI.swift), served for Benchmarks/fuzz-items:
// `ITEMS_API_SERVE` names the file that gets the API's URL once it listens; `ITEMS_API_BUGS` the
// bugs planted (comma-separated, `all`, or nothing); it serves for `ITEMS_API_SECONDS` (default
// 600) and writes its spec to `ITEMS_API_SPEC`.
let environment = ProcessInfo.processInfo.environment
guard let urlFile = environment["ITEMS_API_SERVE"], !urlFile.isEmpty else {
    FileHandle.standardError.write(Data("items-api-server: set ITEMS_API_SERVE to the file that gets the API's URL\n".utf8))
    exit(2)
}
let names = Set((environment["ITEMS_API_BUGS"] ?? "").split(separator: ",").map(String.init))
let bugs = Set(ItemsAPI.Bug.allCases.filter { names.contains("all") || names.contains(String(describing: $0)) })
let seconds = Int(environment["ITEMS_API_SECONDS"] ?? "") ?? 600
do {
    if let spec = environment["ITEMS_API_SPEC"] { try ItemsAPI.spec.write(toFile: spec, atomically: true, encoding: .utf8) }
    try await ItemsAPI.serving(bugs: bugs) { server in
        try (server.url + "/v1").write(toFile: urlFile, atomically: true, encoding: .utf8)
        try await Task.sleep(for: .seconds(seconds))
    }
} catch {
    FileHandle.standardError.write(Data("items-api-server: \(error)\n".utf8))
    exit(1)
}
