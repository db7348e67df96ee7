/// What a request's checks read of a response body, found in one walk over its decoder,
/// expectations and captures. Planning works it out once per request (`PlannedExchange`) and
/// hands it to preparing (is the body kept?) and to each check of a response (decoded? which
/// members?), so neither walks them again for every run.
package struct BodyUse: Sendable {
    /// Whether anything reads the response body: a decoder, a `json:` or `body:` expectation, or a
    /// capture from the body.
    package let readsBody: Bool
    /// Whether checking the response needs its decoded value: a decoder, a `json:` expectation, or
    /// a capture from a JSONPath.
    package let needsDecodedValue: Bool
    /// What the checks read from a JSON body, when each is a path of member names (`$.data.id`);
    /// nil when any reads more (the whole body, a wildcard, an index, a filter) or a decoder does.
    package let jsonSelection: JSONParser.Selection?

    /// The use of a request with `decoder`, `expectations` and `captures`; `kindReadsBody` when
    /// the request's kind checks the body itself, `snapshots` when the body is compared with a
    /// snapshot (which reads the body itself).
    package init(decoder: String?, expectations: [Expectation], captures: [Capture], kindReadsBody: Bool = false, snapshots: Bool = false) {
        var readsBody = decoder != nil || kindReadsBody || snapshots
        var needsDecodedValue = decoder != nil
        var selection: JSONParser.Selection? = decoder == nil ? JSONParser.Selection() : nil
        // A JSONPath, from an expectation or a capture: its members are kept when it is a path of names.
        func readJSON(_ path: JSONPath) {
            readsBody = true
            needsDecodedValue = true
            // Once something reads the whole body, no path's names matter.
            guard selection != nil else { return }
            if let names = path.memberNames { selection?.keep(names) } else { selection = nil }
        }
        // By index: a `for` loop would copy each whole expectation.
        for index in expectations.indices {
            switch expectations[index].subject {
            case let .json(path):
                readJSON(path)
            case .decodedBody:
                readsBody = true
                needsDecodedValue = true
                selection = nil
            case .body:
                readsBody = true
            case .status, .header, .trailer, .duration, .latency, .version, .events, .firstEvent:
                continue
            }
        }
        for capture in captures {
            switch capture.source {
            case let .json(path):
                readJSON(path)
            case .body, .regex:
                readsBody = true
            case .status, .header, .trailer, .cookie, .events:
                continue
            }
        }
        self.readsBody = readsBody
        self.needsDecodedValue = needsDecodedValue
        jsonSelection = selection
    }
}
