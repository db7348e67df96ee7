/// A `- use: flows/login.yaml` step: the flow file, loaded with the request file, and the
/// values its `with:` gives the flow's variables. The runner runs the flow's requests in place,
/// in a scope of their own, and copies back only what the flow `exports:`.
package final class FlowUse: Sendable {
    /// The flow file, as written in `use:`.
    package let written: String
    /// The loaded flow.
    package let file: RequestFile
    /// `with:`: the flow's variables and their values, read in the using file's scope.
    package let arguments: [(name: String, value: ValueTemplate)]

    init(written: String, file: RequestFile, arguments: [(name: String, value: ValueTemplate)]) {
        self.written = written
        self.file = file
        self.arguments = arguments
    }
}
