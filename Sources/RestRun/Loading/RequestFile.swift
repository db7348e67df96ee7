import OrderedCollections

/// A loaded request file: its settings and its requests, every template parsed and checked.
public struct RequestFile: Sendable {
    /// The path as the user gave it.
    public var path: String
    /// The suite name; default the file name without extension.
    public var name: String
    /// The prefix of every relative URL.
    package var baseURL: Template?
    /// Default variables, in order; each may read the ones before it.
    package var variables: [(name: String, value: ValueTemplate)]
    /// Headers sent with every request.
    package var headers: [HeaderTemplate]
    /// Defaults for every request's options.
    package var options: RequestOptions
    /// External decoders the file declares (its own and its includes').
    package var decoders: [DecoderDeclaration] = []
    /// The items of `requests:`, in order.
    package var steps: [DeclaredStep]
    /// Each step's request (a `use:` step's name and line), in order.
    package var requests: [DeclaredExchange] { steps.map(\.request) }
    /// `openapi:`: the spec every response is checked against.
    package var contract: OpenAPIContract?
    /// `load:`: the profile and thresholds of `rest-run load`.
    package var load: LoadSettings?
    /// `exports:`: the captures a file used as a flow (`use:`) gives back to the file using it.
    package var exports: [String] = []
    /// `parameters:`: the variables a flow needs from its `with:` (or `--var`), having no default.
    package var parameters: [String] = []

    /// Creates a request file.
    package init(
        path: String, name: String, baseURL: Template? = nil, variables: [(name: String, value: ValueTemplate)] = [],
        headers: [HeaderTemplate] = [], options: RequestOptions = RequestOptions(), steps: [DeclaredStep] = []
    ) {
        self.path = path
        self.name = name
        self.baseURL = baseURL
        self.variables = variables
        self.headers = headers
        self.options = options
        self.steps = steps
    }
}
