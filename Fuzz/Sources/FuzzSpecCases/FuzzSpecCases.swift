import FuzzSupport
@testable import RestRun
@testable import RestRunFuzzing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each input as an OpenAPI spec for `rest-run fuzz`: loading it, generating positive and negative
/// cases, shrinking them and inferring chains must never crash or hang, and every case a run
/// could save must make a request file that loads.
@_cdecl("FuzzSpecCases_main")
public func fuzzSpecCasesMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, count in
        let path = "/tmp/rest-run-fuzz-spec-\(getpid()).yaml"
        guard let text = String(validating: fuzzInput(data, count), as: UTF8.self), (try? FileSystem.write(text, to: path)) != nil,
              let spec = try? OpenAPISpec.load(path: path) else { return 0 }
        _ = ResourceChain.chains(of: spec)
        let references = ResourceReference.references(of: spec)
        let loader = RequestFileLoader(environment: [:], predefinedVariables: [])
        for (index, operation) in spec.operations.prefix(6).enumerated() {
            let generator = CaseGenerator(operation: operation, index: index, seed: UInt64(count))
            for number in [0, 1, 13, 40] {
                for fuzzCase in [generator.positive(number), generator.negative(number)].compactMap({ $0 }) where fuzzCase.isWritable {
                    let request = fuzzCase.request(to: "http://127.0.0.1:1/v1", operation: operation)
                    _ = CaseShrinker(operation: operation).candidates(fuzzCase)
                    var steps = [FuzzStep(fuzzCase: fuzzCase, request: request, status: 500)]
                    // A case naming created resources is saved after their creates, each linked by a capture.
                    if let list = references[index], let producer = list.first?.producer,
                       let create = CaseGenerator(operation: spec.operations[producer], index: producer, seed: 1).positive(0), create.isWritable {
                        var linked = fuzzCase
                        var links: [String: FuzzStep.Link] = [:]
                        for reference in list {
                            guard let changed = linked.setting(.integer(5), at: reference.key) else { continue }
                            linked = changed
                            links[reference.key] = FuzzStep.Link(step: 0, capture: "$['id']")
                        }
                        let createRequest = create.request(to: "http://127.0.0.1:1/v1", operation: spec.operations[producer])
                        steps = [
                            FuzzStep(fuzzCase: create, request: createRequest, status: 201),
                            FuzzStep(fuzzCase: linked, request: linked.request(to: "http://127.0.0.1:1/v1", operation: operation), status: 500, linked: links),
                        ]
                    }
                    let finding = FuzzFinding(operation: operation.name, check: .serverError, status: 500, message: "fuzz", steps: steps)
                    let file = FindingFile.text(
                        finding, operations: spec.operations, baseURL: "http://127.0.0.1:1/v1", specPath: path, seed: 1, headers: [], include: nil)
                    do {
                        _ = try loader.load(text: file, path: "/tmp/finding.yaml")
                    } catch {
                        preconditionFailure("a saved finding does not load: \(error)\n\(file)")
                    }
                }
            }
        }
        return 0
    }
}
