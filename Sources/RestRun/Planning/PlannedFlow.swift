/// A `use:` step: the flow file, planned like any other, run in place in a scope of its own.
package struct PlannedFlow: Sendable {
    /// The step as the using file declares it (its name, line, `with:`).
    package var step: DeclaredExchange
    /// The flow and the values its variables are given.
    package var use: FlowUse
    /// The flow's steps.
    package var file: PlannedFile
}
