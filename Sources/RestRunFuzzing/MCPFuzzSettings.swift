import RestRun

/// How `rest-run fuzz` fuzzes an MCP server: the seed, the cases per tool, the budgets, the
/// checks, each call's timeout and the tools.
package struct MCPFuzzSettings: Sendable {
    package var seed: UInt64
    /// Positive and negative cases per tool, each.
    package var maxExamples = 100
    package var timeLimit: Duration?
    package var maxRequests: Int?
    package var checks = FuzzCheck.defaults
    /// How long a call may take before it is a hang.
    package var timeout: Duration = .seconds(10)
    /// The tools to fuzz (`--tool`); empty for every one.
    package var tools: [String] = []

    package init(seed: UInt64) {
        self.seed = seed
    }
}
