extension GRPCCall {
    /// The call's own checks of what it received: the status it expects (OK unless
    /// `grpc_status:` says), and `grpc_message:`. A wrong status names the status, its number and
    /// the server's message.
    func results(of received: GRPCReceived, scope: Scope, redactor: Redactor) -> [ExpectationResult] {
        let message = redactor.redact(received.message)
        var actual = GRPCStatus.describe(received.status)
        if !message.isEmpty { actual += ": \(message)" }
        var results = [ExpectationResult(
            label: "grpc_status", passed: received.status == expectedStatus, expected: GRPCStatus.describe(expectedStatus),
            actual: actual, location: statusLocation ?? location)]
        if let expectedMessage {
            do throws(Diagnostic) {
                let evaluation = try expectedMessage.evaluate(.string(received.message), in: scope, format: .json)
                results.append(ExpectationResult(
                    label: "grpc_message", passed: evaluation.passed, expected: evaluation.expectation,
                    actual: .shown(.string(received.message), .json), redactor: redactor, location: messageLocation ?? location,
                    reason: evaluation.reason.map(redactor.redact)))
            } catch {
                results.append(ExpectationResult(
                    label: "grpc_message", passed: false, expected: "(not checked)", actual: error.message, location: messageLocation ?? location))
            }
        }
        return results
    }
}
