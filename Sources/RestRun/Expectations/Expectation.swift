/// One check on a response, from a request's `expect:`, with where it was written.
package struct Expectation: Sendable {
    /// What part of the response is checked.
    package enum Subject: Sendable {
        /// The status code.
        case status
        /// A header's value (several values joined with `, `).
        case header(String)
        /// A trailer's value (a gRPC call's trailing metadata; several values joined with `, `).
        case trailer(String)
        /// A JSONPath into the decoded body.
        case json(JSONPath)
        /// The body as text.
        case body
        /// The request's duration in milliseconds.
        case duration
        /// The HTTP version of the response: `"1.1"` or `"2"`.
        case version
        /// A JSONPath into the events of an event stream (`stream:`), an array of `{event, data, id, json}`.
        case events(JSONPath)
        /// The time from sending to the first event of a stream, in milliseconds.
        case firstEvent
        /// The whole decoded body (`expect: schema:`).
        case decodedBody
        /// A statistic over all runs of the request (`expect: duration: { p95: ... }`, or
        /// `first_event:`), checked once after the last run.
        case latency(LatencyStatistic, LatencyMeasure)
    }

    /// What is checked.
    package var subject: Subject
    /// How.
    package var predicate: Predicate
    /// Where it was written.
    package var location: SourceLocation?

    /// Creates an expectation.
    package init(subject: Subject, predicate: Predicate, location: SourceLocation? = nil) {
        self.subject = subject
        self.predicate = predicate
        self.location = location
    }

    /// A short label for messages and reports: `status`, `header Content-Type`, `$.data[0].id`.
    package var label: String {
        switch subject {
        case .status: "status"
        case let .header(name): "header \(name)"
        case let .trailer(name): "trailer \(name)"
        case let .json(path): path.source
        case .body: "body"
        case .duration: "duration"
        case .version: "version"
        case let .events(path): "events \(path.source)"
        case .firstEvent: "first_event"
        case .decodedBody: "schema"
        case let .latency(statistic, measure): "\(measure.key) \(statistic.name)"
        }
    }

    /// How values of this subject are shown.
    package var format: ValueFormat {
        switch subject {
        case .duration, .latency, .firstEvent: .milliseconds
        case .status: .status
        default: .json
        }
    }
}
