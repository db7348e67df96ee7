/// gRPC's status codes: a name such as `NOT_FOUND` (written in any case) or its number.
package enum GRPCStatus {
    /// The names, by code, as gRPC's specification spells them.
    package static let names = [
        "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
        "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
        "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
    ]

    /// The code a name (in any case) or a number stands for.
    package static func code(_ written: String) -> Int? {
        if let number = Int(written), names.indices.contains(number) { return number }
        let upper = written.uppercased()
        // gRPC's own documentation spells it CANCELED in places.
        if upper == "CANCELED" { return 1 }
        return names.firstIndex(of: upper)
    }

    /// `NOT_FOUND (5)`.
    package static func describe(_ code: Int) -> String {
        names.indices.contains(code) ? "\(names[code]) (\(code))" : "status \(code)"
    }

    /// The name of `code`, or the number when it has none.
    package static func name(_ code: Int) -> String {
        names.indices.contains(code) ? names[code] : String(code)
    }
}
