/// The names of gRPC's status codes, as its specification spells them.
package enum StatusNames {
    /// The names, by code.
    package static let names = [
        "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
        "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
        "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
    ]

    /// The name of `code`, or the number when it has none.
    package static func name(of code: Int) -> String {
        names.indices.contains(code) ? names[code] : String(code)
    }
}
