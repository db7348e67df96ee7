/// A declared exchange as the plan runs it, with what it needs worked out once, before anything
/// is sent: what its checks read of a body, whether the body is kept, and what its runs are
/// counted under.
package struct PlannedExchange: Sendable {
    /// The request as its file declares it.
    package var request: DeclaredExchange
    /// What its decoder, expectations and captures read of a response body.
    package var bodyUse: BodyUse
    /// Whether the response body is kept: something reads it, an OpenAPI contract checks it, or
    /// `--very-verbose` shows it.
    package var keepsBody: Bool
    /// What its runs are counted under for latency statistics.
    package var statisticsKey: StatisticsKey
}
