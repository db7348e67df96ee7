package import RestRunHelperProtocol

/// One answer of a helper program.
package struct HelperAnswer: Sendable {
    /// The answer's JSON object (its `id` among its members).
    package var json: JSONValue
    /// What the answer carried after its tab, as written.
    package var attachment: [UInt8]?
    /// Which start of the helper answered: what an earlier one was told, this one does not know.
    package var generation: Int
}
