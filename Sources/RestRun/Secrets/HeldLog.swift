import Logging
import Synchronization

/// The log lines of one request, held back until the request is done: a value the response yields
/// as a secret (`secret: true`) is known only once the response is checked, and every held line is
/// redacted then, before any of it is written.
final class HeldLog: Sendable {
    /// The log of the request the current task runs, if the runner holds one.
    @TaskLocal static var current: HeldLog?

    private let entries = Mutex<[(logger: Logger, text: String)]>([])

    /// Keeps `text` for `logger` until `flush`.
    func append(_ text: String, to logger: Logger) {
        entries.withLock { $0.append((logger, text)) }
    }

    /// Writes every held line, redacted with everything `redactor` knows now.
    func flush(redactor: Redactor) {
        let held = entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
        for entry in held { entry.logger.info("\(redactor.redact(entry.text))") }
    }
}
