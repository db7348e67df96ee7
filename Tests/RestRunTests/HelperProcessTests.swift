import Foundation
@testable import RestRun
import Testing

/// The helper process rest-run starts for GraphQL checks: answers come back line for line, and a
/// helper that is missing, dies, hangs or floods ends in one sentence, never a crash or a wait.
@Suite("Helper processes")
struct HelperProcessTests {
    /// A helper made of a shell script, reached through an environment variable of its own.
    private func helper(_ script: String, timeout: Duration = .seconds(10), answerLimit: Int = 1024 * 1024) throws -> HelperProcess {
        // Written through a descriptor closed on exec: a child that another test starts meanwhile
        // must not keep the script open for writing, or it could not be run ("text file busy").
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-helper-\(UUID().uuidString).sh").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        #expect(descriptor >= 0)
        let bytes = Array(("#!/bin/sh\n" + script + "\n").utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
        close(descriptor)
        let variable = "REST_RUN_TEST_HELPER_\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
        setenv(variable, path, 1)
        return HelperProcess(name: "no-such-helper", pathVariable: variable, timeout: timeout, answerLimit: answerLimit)
    }

    @Test("a helper answers each line, and keeps running between uses")
    func answers() throws {
        let echo = try helper("while read line; do echo \"got $line\"; done")
        for word in ["one", "two", "ünï"] {
            let (answer, generation) = try echo.withConnection { connection throws(HelperProcess.HelperError) in
                (try connection.exchange(word), connection.generation)
            }
            #expect(String(decoding: answer, as: UTF8.self) == "got \(word)")
            #expect(generation == 1)
        }
    }

    @Test("a helper inherits none of rest-run's descriptors but its standard input and output")
    func inheritsNothing() throws {
        // A descriptor without close-on-exec, as a connection or a file of a plugin may be.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-open-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor > 2)
        defer {
            close(descriptor)
            unlink(path)
        }
        let probe = try helper("read line; if [ -e /dev/fd/\(descriptor) ]; then echo inherited; else echo clean; fi")
        let answer = try probe.withConnection { connection throws(HelperProcess.HelperError) in try connection.exchange("?") }
        #expect(String(decoding: answer, as: UTF8.self) == "clean")
    }

    @Test("a helper that stops is reported, and the next use starts another")
    func stops() throws {
        let once = try helper("read line; echo first; exit 0")
        let first = try once.withConnection { connection throws(HelperProcess.HelperError) in try connection.exchange("a") }
        #expect(String(decoding: first, as: UTF8.self) == "first")
        #expect(throws: HelperProcess.HelperError.self) {
            try once.withConnection { connection throws(HelperProcess.HelperError) in try connection.exchange("b") }
        }
        let again = try once.withConnection { connection throws(HelperProcess.HelperError) in
            (try connection.exchange("c"), connection.generation)
        }
        #expect(String(decoding: again.0, as: UTF8.self) == "first")
        #expect(again.1 == 2)
    }

    @Test("a helper that hangs or floods is ended within its bounds")
    func bounds() throws {
        let silent = try helper("exec sleep 30", timeout: .milliseconds(300))
        let start = ContinuousClock.now
        do {
            _ = try silent.withConnection { connection throws(HelperProcess.HelperError) in try connection.exchange("a") }
            Issue.record("a silent helper answered")
        } catch {
            #expect(error.message == "no-such-helper did not answer within 300 ms")
        }
        #expect(ContinuousClock.now - start < .seconds(10))

        let flood = try helper("exec tr '\\000' x < /dev/zero", answerLimit: 256 * 1024)
        do {
            _ = try flood.withConnection { connection throws(HelperProcess.HelperError) in try connection.exchange("a") }
            Issue.record("a flooding helper answered")
        } catch {
            #expect(error.message.hasPrefix("no-such-helper answered more than"), "\(error.message)")
        }
    }

    @Test("a helper that is not installed is named, with where it was looked for")
    func missing() {
        let absent = HelperProcess(name: "no-such-helper", pathVariable: "REST_RUN_TEST_HELPER_NONE")
        #expect(!absent.isInstalled)
        do {
            _ = try absent.withConnection { connection throws(HelperProcess.HelperError) in try connection.exchange("a") }
            Issue.record("a missing helper answered")
        } catch {
            #expect(error.message.hasPrefix("no-such-helper is not installed beside rest-run"), "\(error.message)")
            #expect(error.message.contains("build it with `swift build --product no-such-helper`, or name it with REST_RUN_TEST_HELPER_NONE"), "\(error.message)")
        }
    }
}
