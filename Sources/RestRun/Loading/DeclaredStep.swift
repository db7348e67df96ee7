/// One item of a file's `requests:` as written: a request, or a `use:` of a flow, with the
/// `when:`, `for_each:` and `repeat:` that govern it. Planning turns these into `PlanStep`
/// wrappers; a `DeclaredExchange` is only what is sent and checked.
package struct DeclaredStep: Sendable {
    /// What governs a step besides its request, in one box that most steps (a request sent
    /// once) do without, so that a step copies as cheaply as its request.
    package final class Governance: Sendable {
        /// `use:`: the flow the step runs instead of sending its request.
        package let flow: FlowUse?
        /// `when:`: the step runs only if every condition holds.
        package let conditions: [WhenCondition]
        /// `for_each:`: the list the step runs over, once per item.
        package let iteration: Iteration?
        /// `repeat:`: how many times the request is sent in a row; its runs make one result.
        package let repeatCount: Int

        /// Creates a governance.
        package init(flow: FlowUse? = nil, conditions: [WhenCondition] = [], iteration: Iteration? = nil, repeatCount: Int = 1) {
            self.flow = flow
            self.conditions = conditions
            self.iteration = iteration
            self.repeatCount = repeatCount
        }
    }

    /// The request; for a `use:` step, its name, line, tags and the flow's path as its URL.
    package var request: DeclaredExchange
    /// Its flow, conditions, list and repeats; nil for a request sent once.
    package let governance: Governance?

    /// A step of `request`, governed as given.
    package init(_ request: DeclaredExchange, governance: Governance? = nil) {
        self.request = request
        self.governance = governance
    }

    /// `use:`: the flow this step runs instead of sending `request`.
    package var flow: FlowUse? { governance?.flow }
    /// `when:`: the step runs only if every condition holds.
    package var conditions: [WhenCondition] { governance?.conditions ?? [] }
    /// `for_each:`: the list the step runs over, once per item.
    package var iteration: Iteration? { governance?.iteration }
    /// `repeat:`: how many times the request is sent in a row.
    package var repeatCount: Int { governance?.repeatCount ?? 1 }

    /// Calls `visit` with every template the step reads: its request's, its conditions',
    /// its list's and its flow's `with:` values.
    package func forEachTemplate(_ visit: (Template) -> Void) {
        request.forEachTemplate(visit)
        guard let governance else { return }
        // By index: a `for` loop would copy each whole condition.
        let conditions = governance.conditions
        for index in conditions.indices { conditions[index].predicate.forEachTemplate(visit) }
        if let flow = governance.flow { for argument in flow.arguments { argument.value.forEachTemplate(visit) } }
        if let iteration = governance.iteration {
            switch iteration.source {
            case let .items(items): for item in items { item.forEachTemplate(visit) }
            case let .value(value): value.forEachTemplate(visit)
            case .data: break
            }
        }
    }
}
