package import RestRunHelperProtocol
import Synchronization

/// Where a file's gRPC messages and methods are declared: `.proto` files (with their import
/// paths) or a compiled descriptor set. `rest-run-grpc` reads and keeps it; this is what to read
/// and the helper's number for it. Without one, a call asks the server's reflection service.
package final class GRPCSchema: Sendable {
    /// What declares the schema: `proto:` files and `import_paths:`, or `protoset:` (absolute
    /// paths), as the helper is asked to read it.
    package typealias Declaration = GRPCHelperRequest.Schema

    /// Why the schema cannot be used: one sentence, at a line of a `.proto` file when there is one.
    package struct Unreadable: Error, Sendable {
        /// One sentence.
        package var message: String
        /// The file the problem is in, with its line and column (0 when not known).
        package var file: String?
        package var line = 0
        package var column = 0
    }

    /// What declares it.
    package let source: Declaration
    /// The helper's number for it, and which start of the helper gave it.
    private let registration = Mutex<(generation: Int, number: Int)?>(nil)

    /// A schema read from `source`.
    package init(source: Declaration) {
        self.source = source
    }

    private var request: GRPCHelperRequest { .schema(source) }

    /// The helper's number for the schema, read by the helper now if its current start has not
    /// read it yet; blocking (while a file loads).
    package func numberBlocking(within limit: Duration = GRPCHelper.loadLimit) throws(Unreadable) -> Int {
        if let known = try known() { return known }
        let answer: GRPCHelperAnswer
        let generation: Int
        do throws(GRPCHelper.Unanswered) {
            (answer, generation) = try GRPCHelper.askBlocking(request, within: limit)
        } catch {
            throw Unreadable(message: error.message)
        }
        return try record(answer, generation: generation)
    }

    /// The helper's number for the schema, awaited at most `limit`.
    package func number(within limit: Duration) async throws(Unreadable) -> Int {
        if let known = try known() { return known }
        let answer: GRPCHelperAnswer
        let generation: Int
        do throws(GRPCHelper.Unanswered) {
            (answer, _, generation) = try await GRPCHelper.ask(request, within: limit)
        } catch {
            throw Unreadable(message: error.message)
        }
        return try record(answer, generation: generation)
    }

    /// The number the running start of the helper gave, if it read the schema.
    private func known() throws(Unreadable) -> Int? {
        let generation: Int
        do throws(HelperError) {
            generation = try GRPCHelper.channel.generation()
        } catch {
            throw Unreadable(message: error.message)
        }
        return registration.withLock { $0?.generation == generation ? $0?.number : nil }
    }

    private func record(_ answer: GRPCHelperAnswer, generation: Int) throws(Unreadable) -> Int {
        if let number = answer.schema {
            registration.withLock { $0 = (generation, number) }
            return number
        }
        guard let error = answer.schemaError else {
            throw Unreadable(message: answer.failure?.message ?? "rest-run-grpc could not read the schema")
        }
        var message = error.message
        if let unknown = error.unknown {
            let last = unknown.name.split(separator: ".").last.map(String.init) ?? unknown.name
            let shortNames = unknown.candidates.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
            if let suggestion = Suggestion.closest(to: last, in: shortNames), let index = shortNames.firstIndex(of: suggestion) {
                message += " (did you mean \(unknown.candidates[index])?)"
            }
        }
        var problem = Unreadable(message: message)
        problem.file = error.file.isEmpty ? nil : error.file
        problem.line = error.line
        problem.column = error.column
        throw problem
    }
}
