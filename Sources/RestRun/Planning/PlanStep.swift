/// One step of a planned file. An exchange (of any `ExchangeKind`: a new kind of exchange is a
/// case there, not here) and a flow's `use:` are the steps that do something; `when:`,
/// `for_each:`, `repeat:` and a filter's missing captures wrap the step they govern, so the runner
/// has one dispatch over them. A new kind of step (not of exchange) joins by adding a case here
/// and its execution in `Runner`.
package indirect enum PlanStep: Sendable {
    /// Run an exchange of its kind (send a request, read a stream, hold a conversation) and check
    /// what comes back.
    case exchange(PlannedExchange)
    /// Run a flow file's steps in a scope of their own (`use:`).
    case flow(PlannedFlow)
    /// Run the step only when every condition holds (`when:`); otherwise it is skipped.
    case when([WhenCondition], PlanStep)
    /// Run the step once per item of the list (`for_each:`).
    case forEach(Iteration, PlanStep)
    /// Run the step this many times in a row, as one result (`repeat:`).
    case repeated(Int, PlanStep)
    /// Skip the step when one of these variables, which it reads, is still unset: each was to be
    /// captured by a request that `--tag` or `--name` left out.
    case needsCaptures([(name: String, capturedBy: String)], PlanStep)

    /// The request or flow use the step comes from, under its wrappers: it names the results.
    package var declared: DeclaredExchange {
        switch self {
        case let .exchange(planned): planned.request
        case let .flow(flow): flow.step
        case let .when(_, inner), let .forEach(_, inner), let .repeated(_, inner), let .needsCaptures(_, inner): inner.declared
        }
    }

    /// How a skipped or failed result of this step shows its URL: the request's URL as written,
    /// or the flow's path.
    package var writtenURL: String {
        switch self {
        case let .flow(flow): flow.use.written
        case let .when(_, inner), let .forEach(_, inner), let .repeated(_, inner), let .needsCaptures(_, inner): inner.writtenURL
        case let .exchange(planned): planned.request.url.description
        }
    }

    /// The variables a run of this step sets in its caller's scope: a request's captures, a
    /// flow's exports.
    package var setNames: [String] {
        switch self {
        case let .exchange(planned): planned.request.captures.map(\.name)
        case let .flow(flow): flow.use.file.exports
        case let .when(_, inner), let .forEach(_, inner), let .repeated(_, inner), let .needsCaptures(_, inner): inner.setNames
        }
    }
}
