import OrderedCollections

/// Which operations of each OpenAPI spec a run exercised, and which of their declared responses:
/// printed as a table, written as JSON (`--report-coverage`), merged across shards
/// (`rest-run coverage merge`) and gated with `--min-coverage`.
package struct CoverageReport: Sendable, Equatable {
    /// One operation: its declared response keys and those the run's responses fell under.
    package struct Operation: Sendable, Equatable {
        /// `GET /pets/{petId}`
        package var name: String
        /// `200`, `404`, `default`, as the spec declares them.
        package var declared: [String]
        /// The declared keys that responses fell under (an undeclared status counts as exercising
        /// the operation, not a response).
        package var exercised: Set<String>

        /// Whether any request reached the operation.
        package var isCovered: Bool { !exercised.isEmpty }
    }

    /// One spec's operations.
    package struct Spec: Sendable, Equatable {
        /// The spec's path.
        package var path: String
        /// Its operations, in the spec's order.
        package var operations: [Operation]
    }

    /// Every spec the run used.
    package var specs: [Spec]

    /// The coverage of `specs` by `hits`, the operations that responses exercised.
    package init(_ specs: [OpenAPISpec], hits: Set<OperationHit>) {
        var exercised: [String: [String: Set<String>]] = [:]
        for hit in hits { exercised[hit.spec, default: [:]][hit.operation, default: []].insert(hit.response) }
        self.specs = specs.map { spec in
            Spec(path: spec.path, operations: spec.operations.map { operation in
                Operation(name: operation.name, declared: operation.responses.map(\.key), exercised: exercised[spec.path]?[operation.name] ?? [])
            })
        }
    }

    init(specs: [Spec]) { self.specs = specs }

    /// Operations covered and in all.
    package var operationCounts: (covered: Int, total: Int) {
        let operations = specs.flatMap(\.operations)
        return (operations.filter(\.isCovered).count, operations.count)
    }

    /// Declared responses exercised and in all.
    package var responseCounts: (covered: Int, total: Int) {
        let operations = specs.flatMap(\.operations)
        return (
            operations.reduce(0) { $0 + $1.declared.filter($1.exercised.contains).count },
            operations.reduce(0) { $0 + $1.declared.count })
    }

    /// The share of operations covered, 0 to 100 (100 when there are none).
    package var percent: Double {
        let (covered, total) = operationCounts
        return total == 0 ? 100 : Double(covered) * 100 / Double(total)
    }

    /// The operations nobody exercised, as `spec: GET /pets`.
    package var missing: [String] {
        specs.flatMap { spec in spec.operations.filter { !$0.isCovered }.map { "\(spec.path): \($0.name)" } }
    }

    /// `self` and `other` together: an operation or response is exercised if either run did.
    package func merged(with other: CoverageReport) -> CoverageReport {
        var result = self
        for spec in other.specs {
            guard let index = result.specs.firstIndex(where: { $0.path == spec.path }) else {
                result.specs.append(spec)
                continue
            }
            for operation in spec.operations {
                if let known = result.specs[index].operations.firstIndex(where: { $0.name == operation.name }) {
                    result.specs[index].operations[known].exercised.formUnion(operation.exercised)
                } else {
                    result.specs[index].operations.append(operation)
                }
            }
        }
        return result
    }

    /// The terminal table: one line per operation, `✓`/`✗`, and its responses exercised.
    package func table(colors: Bool) -> String {
        let style = TerminalStyle(enabled: colors)
        var text = ""
        for spec in specs {
            let covered = spec.operations.filter(\.isCovered).count
            text += "OpenAPI coverage of \(spec.path): \(covered) of \(spec.operations.count) operations\n"
            let width = spec.operations.map(\.name.count).max() ?? 0
            for operation in spec.operations {
                let mark = operation.isCovered ? style.green("✓") : style.red("✗")
                let responses = operation.declared.map { operation.exercised.contains($0) ? $0 : style.dim("(\($0))") }.joined(separator: " ")
                text += "  \(mark) \(operation.name.padding(to: width))  \(responses)\n"
            }
        }
        let (operations, allOperations) = operationCounts
        let (responses, allResponses) = responseCounts
        text += "coverage: \(Self.format(percent))% of operations (\(operations) of \(allOperations)), "
            + "\(responses) of \(allResponses) declared responses\n"
        return text
    }

    package static func format(_ percent: Double) -> String {
        let rounded = (percent * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    // MARK: JSON

    /// The report as JSON: every spec, its operations, what each declares and what was exercised,
    /// and the totals.
    package var json: DecodedValue {
        let (operations, allOperations) = operationCounts
        let (responses, allResponses) = responseCounts
        return .object([
            "specs": .array(specs.map { spec in
                .object([
                    "spec": .string(spec.path),
                    "operations": .array(spec.operations.map { operation in
                        .object([
                            "operation": .string(operation.name),
                            "covered": .bool(operation.isCovered),
                            "declared": .array(operation.declared.map(DecodedValue.string)),
                            "exercised": .array(operation.exercised.sorted().map(DecodedValue.string)),
                        ])
                    }),
                ])
            }),
            "operations": .object(["covered": .integer(operations), "total": .integer(allOperations)]),
            "responses": .object(["covered": .integer(responses), "total": .integer(allResponses)]),
            "percent": .number(percent),
        ])
    }

    /// A report read back from its JSON (`rest-run coverage merge`); nil when it is not one.
    package init?(json: DecodedValue) {
        guard case let .object(root) = json, case let .array(specs)? = root["specs"] else { return nil }
        var result: [Spec] = []
        for spec in specs {
            guard case let .object(fields) = spec, case let .string(path)? = fields["spec"],
                  case let .array(operations)? = fields["operations"]
            else { return nil }
            var read: [Operation] = []
            for operation in operations {
                guard case let .object(entry) = operation, case let .string(name)? = entry["operation"],
                      case let .array(declared)? = entry["declared"], case let .array(exercised)? = entry["exercised"]
                else { return nil }
                read.append(Operation(
                    name: name, declared: declared.compactMap(\.stringValue), exercised: Set(exercised.compactMap(\.stringValue))))
            }
            result.append(Spec(path: path, operations: read))
        }
        self.specs = result
    }
}

extension String {
    /// The string with spaces after it up to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
