import RestRun

/// A check `rest-run fuzz` makes on each response, named as Schemathesis names it.
package enum FuzzCheck: String, Sendable, CaseIterable, Comparable {
    /// A 5xx, or no answer from a server that was answering.
    case serverError = "not_a_server_error"
    /// A status the operation does not declare.
    case statusCode = "status_code_conformance"
    /// A Content-Type the response does not declare.
    case contentType = "content_type_conformance"
    /// A body that does not match the response's schema.
    case responseSchema = "response_schema_conformance"
    /// A required response header missing, or one its schema refuses.
    case responseHeaders = "response_headers_conformance"
    /// Input the schemas refuse, answered with success.
    case negativeDataRejection = "negative_data_rejection"
    /// A required header left out, answered with anything but a 4xx.
    case missingRequiredHeader = "missing_required_header"
    /// Input the schemas allow, answered with a client error (only with `--checks all`).
    case positiveDataAcceptance = "positive_data_acceptance"
    /// A resource just created cannot be read.
    case resourceAvailability = "ensure_resource_availability"
    /// A resource just deleted can still be read.
    case useAfterFree = "use_after_free"
    /// A method the spec does not declare on a path, answered with success or a server error
    /// (with `--checks all`, anything but 405 with `Allow`).
    case unsupportedMethod = "unsupported_method"
    /// An operation that declares authentication answered with success without credentials, or
    /// with wrong ones.
    case ignoredAuth = "ignored_auth"
    /// An MCP tool that took, as if valid, arguments a lenient server may coerce (a numeric text
    /// for a number, a boolean for an integer): only when `--checks` names it.
    case lenientTypes = "lenient_types"

    /// What it found, as a sentence's subject.
    package var summary: String {
        switch self {
        case .serverError: "server error"
        case .statusCode: "undeclared status"
        case .contentType: "undeclared Content-Type"
        case .responseSchema: "response body does not match its schema"
        case .responseHeaders: "response header missing or invalid"
        case .negativeDataRejection: "accepted invalid input"
        case .missingRequiredHeader: "required header not required"
        case .positiveDataAcceptance: "rejected valid input"
        case .resourceAvailability: "created resource not found"
        case .useAfterFree: "deleted resource still there"
        case .unsupportedMethod: "undeclared method not refused"
        case .ignoredAuth: "authentication not enforced"
        case .lenientTypes: "coerced a value of the wrong type"
        }
    }

    /// The checks a run makes unless `--checks` says otherwise: every one but
    /// `positive_data_acceptance`, which `--checks all` (or naming it) adds.
    package static let defaults = Set(allCases).subtracting([.positiveDataAcceptance, .lenientTypes])

    package static func < (left: FuzzCheck, right: FuzzCheck) -> Bool {
        allCases.firstIndex(of: left) ?? 0 < allCases.firstIndex(of: right) ?? 0
    }
}
