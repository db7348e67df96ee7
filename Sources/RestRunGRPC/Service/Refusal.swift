import RestRunHelperProtocol

/// An answer that stands for the request's result (an unknown method).
struct Refusal: Error {
    /// The answer.
    var answer: GRPCHelperAnswer
}
