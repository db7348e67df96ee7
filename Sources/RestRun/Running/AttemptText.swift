/// A retried request's attempts in words, for the note under its failure:
/// `attempts: 1) 503 Service Unavailable after 2 ms; 2) could not connect to ... after 1 ms`.
enum AttemptText {
    /// The note listing every attempt.
    static func note(_ attempts: [Attempt]) -> String {
        "attempts: " + attempts.map { "\($0.number)) " + describe($0) }.joined(separator: "; ")
    }

    /// One attempt: its status (and whether its checks failed) or its failure, and its time.
    static func describe(_ attempt: Attempt) -> String {
        let elapsed = "after \(DurationText.format(attempt.elapsed))"
        switch attempt.outcome {
        case let .response(response): return "\(response.status) \(response.reason) \(elapsed)"
        case let .checksFailed(response): return "\(response.status) \(response.reason) \(elapsed), checks failed"
        case let .failure(error): return "\(error.message) \(elapsed)"
        }
    }
}
