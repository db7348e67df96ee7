import Logging
extension LoggingDelegate: EventStreamObserver {
    /// Logs each event of a stream as it arrives: `< event 1: message "hello"`.
    package func eventObserver(for request: PreparedRequest) -> @Sendable (ServerSentEvent, Int) -> Void {
        let held = HeldLog.current
        return { [logger, redactor] event, number in
            let text = number == 0 ? "< \(event.data)  (an event stream)" : "< " + EventStreamText.line(event, number: number)
            if let held { held.append(text, to: logger) } else { logger.info("\(redactor.redact(text))") }
        }
    }
}
