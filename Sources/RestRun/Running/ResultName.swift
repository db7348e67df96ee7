/// How a step's results are named: as shown (`create user [2: bob]`) and as their runs are
/// counted for latency statistics (`create user`, without a `for_each` item's label).
package struct ResultName: Sendable {
    /// The name shown in output and reports.
    package var shown: String
    /// The name statistics are gathered under.
    package var statistics: String

    /// A name as given.
    package init(shown: String, statistics: String) {
        self.shown = shown
        self.statistics = statistics
    }

    /// The name `request` declares.
    package init(_ request: DeclaredExchange) {
        shown = request.name
        statistics = request.name
    }
}
