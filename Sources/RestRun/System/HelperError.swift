/// Why a helper program could not answer: one sentence.
package struct HelperError: Error, Sendable {
    /// The sentence.
    package var message: String
}
