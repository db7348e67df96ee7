/// An answer that stands for the request's result (an unknown method, a message's problems).
struct Refusal: Error {
    /// The answer's member.
    var member: ProtoJSON.Property
}
