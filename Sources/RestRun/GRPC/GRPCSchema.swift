import Synchronization

/// Where a file's gRPC messages and methods are declared: `.proto` files (with their import
/// paths) or a compiled descriptor set. `rest-run-grpc` reads and keeps it; this is what to read
/// and the helper's number for it. Without one, a call asks the server's reflection service.
package final class GRPCSchema: Sendable {
    /// What declares the schema.
    package enum Declaration: Sendable, Equatable {
        /// `proto:` files and `import_paths:` (absolute paths).
        case protoFiles([String], importPaths: [String])
        /// `protoset:` (an absolute path).
        case descriptorSet(String)
    }

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

    private var request: String {
        switch source {
        case let .protoFiles(files, importPaths):
            "\"op\":\"schema\",\"proto\":[\(files.map(GRPCHelper.quoted).joined(separator: ","))],\"importPaths\":[\(importPaths.map(GRPCHelper.quoted).joined(separator: ","))]"
        case let .descriptorSet(path):
            "\"op\":\"schema\",\"protoset\":\(GRPCHelper.quoted(path))"
        }
    }

    /// The helper's number for the schema, read by the helper now if its current start has not
    /// read it yet; blocking (while a file loads).
    package func numberBlocking() throws(Unreadable) -> Int {
        let generation = try currentGeneration()
        if let known = known(in: generation) { return known }
        do {
            return try record(try GRPCHelper.askBlocking(request), generation: generation)
        } catch let unanswered as GRPCHelper.Unanswered {
            throw Unreadable(message: unanswered.message)
        } catch let unreadable as Unreadable {
            throw unreadable
        } catch {
            throw Unreadable(message: "\(error)")
        }
    }

    /// The helper's number for the schema, awaited.
    package func number() async throws(Unreadable) -> Int {
        let generation = try currentGeneration()
        if let known = known(in: generation) { return known }
        let answer: DecodedValue
        do throws(GRPCHelper.Unanswered) {
            answer = try await GRPCHelper.ask(request)
        } catch {
            throw Unreadable(message: error.message)
        }
        return try record(answer, generation: generation)
    }

    private func currentGeneration() throws(Unreadable) -> Int {
        do throws(HelperProcess.HelperError) {
            return try GRPCHelper.channel.generation()
        } catch {
            throw Unreadable(message: error.message)
        }
    }

    /// The number the helper's start `generation` gave, if it read the schema.
    private func known(in generation: Int) -> Int? {
        registration.withLock { $0?.generation == generation ? $0?.number : nil }
    }

    private func record(_ answer: DecodedValue, generation: Int) throws(Unreadable) -> Int {
        if case let .integer(number)? = GRPCHelper.member(answer, "schema") {
            registration.withLock { $0 = (generation, number) }
            return number
        }
        guard let error = GRPCHelper.member(answer, "error") else {
            let failure = GRPCHelper.member(answer, "failure").flatMap { GRPCHelper.member($0, "message")?.stringValue }
            throw Unreadable(message: failure ?? "rest-run-grpc could not read the schema")
        }
        var message = GRPCHelper.member(error, "message")?.stringValue ?? "the schema cannot be read"
        if let unknown = GRPCHelper.member(error, "unknown")?.stringValue,
           case let .array(candidates)? = GRPCHelper.member(error, "candidates") {
            let names = candidates.compactMap(\.stringValue)
            let last = unknown.split(separator: ".").last.map(String.init) ?? unknown
            let shortNames = names.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
            if let suggestion = Suggestion.closest(to: last, in: shortNames), let index = shortNames.firstIndex(of: suggestion) {
                message += " (did you mean \(names[index])?)"
            }
        }
        var problem = Unreadable(message: message)
        problem.file = GRPCHelper.member(error, "file")?.stringValue
        if case let .integer(line)? = GRPCHelper.member(error, "line") { problem.line = line }
        if case let .integer(column)? = GRPCHelper.member(error, "column") { problem.column = column }
        throw problem
    }
}
