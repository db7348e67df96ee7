import Foundation
@testable import RestRun
import RestRunHelperProtocol
import Testing

/// The channel rest-run talks to its helper programs over, against scripted stand-ins that
/// misbehave every way a helper can: every request ends within its deadline (plus a generous
/// margin here) with one sentence, and the next request gets a helper that works.
@Suite("Helper channels")
struct HelperChannelTests {
    /// A helper made of a script, reached through an environment variable of its own.
    private func helper(_ script: String, python: Bool = false, cancels: Bool = true, answerLimit: Int = 1024 * 1024) throws -> HelperChannel {
        // Written through a descriptor closed on exec: a child that another test starts meanwhile
        // must not keep the script open for writing, or it could not be run ("text file busy").
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-helper-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        #expect(descriptor >= 0)
        let bytes = Array(((python ? "#!/usr/bin/env python3\n" : "#!/bin/sh\n") + script + "\n").utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
        close(descriptor)
        let variable = "REST_RUN_TEST_HELPER_\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
        setenv(variable, path, 1)
        return HelperChannel(name: "no-such-helper", pathVariable: variable, cancels: cancels, answerLimit: answerLimit)
    }

    /// Answers each request with its id and what it asked, in reverse order of two at a time when
    /// asked so; counts the cancel lines it was sent, and answers `{"seen": ...}` with them.
    private static let echo = """
        import json, sys
        cancelled = []
        for line in sys.stdin:
            request = json.loads(line)
            if request.get("op") == "cancel":
                cancelled.append(request["id"])
                continue
            if request.get("op") == "hang":
                continue
            answer = {"id": request["id"], "echo": request.get("text"), "cancelled": cancelled}
            for _ in range(request.get("times", 1)):
                sys.stdout.write(json.dumps(answer) + "\\n")
            sys.stdout.flush()
        """

    private func ask(_ channel: HelperChannel, _ members: [(String, JSONValue?)], within limit: Duration = .seconds(60)) async throws(HelperError) -> JSONValue {
        try await channel.ask(.members(members), within: limit).json
    }

    /// How long `body` took.
    private func timed(_ body: () async -> Void) async -> Duration {
        let start = ContinuousClock.now
        await body()
        return ContinuousClock.now - start
    }

    @Test("answers come back to their callers by id, in any order, and the helper is kept")
    func answers() async throws {
        let channel = try helper(Self.echo, python: true)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for word in ["one", "two", "ünï", "four"] {
                group.addTask {
                    let answer = try await ask(channel, [("text", .string(word))])
                    #expect(answer["echo"] == .string(word))
                }
            }
            try await group.waitForAll()
        }
        #expect(try channel.generation() == 1)
        let blocking = try await BlockingWork.run { Result { () throws(HelperError) in try channel.askBlocking(.members([("text", .string("b"))]), within: .seconds(60)) } }.get()
        #expect(blocking.json["echo"] == .string("b"))
    }

    @Test("a helper that hangs: the call ends at its deadline, the helper is told to cancel it")
    func hangs() async throws {
        let channel = try helper(Self.echo, python: true)
        let took = await timed {
            do throws(HelperError) {
                _ = try await ask(channel, [("op", .string("hang"))], within: .milliseconds(300))
                Issue.record("a hanging request was answered")
            } catch {
                #expect(error.message == "no-such-helper did not answer within 300 ms")
            }
        }
        // Far from forever (the helper never answers); a busy machine can be slow to run a task.
        #expect(took < .seconds(60))
        // The cancel line reached the helper before the next request, on the same connection.
        let answer = try await ask(channel, [("text", .string("next"))])
        #expect(answer["cancelled"]?.items?.count == 1)
        #expect(try channel.generation() == 1)
    }

    @Test("a cancelled task stops waiting at once, and the helper is told")
    func cancelled() async throws {
        let channel = try helper(Self.echo, python: true)
        let waiting = Task { try await ask(channel, [("op", .string("hang"))], within: .seconds(600)) }
        // The request is on its way once the helper runs; cancel then.
        _ = try channel.generation()
        let took = await timed {
            try? await Task.sleep(for: .milliseconds(50))
            waiting.cancel()
            do {
                _ = try await waiting.value
                Issue.record("a cancelled request was answered")
            } catch {
                #expect((error as? HelperError)?.message == "the request to no-such-helper was cancelled")
            }
        }
        // Far from the request's ten minutes; a busy machine (the tests run side by side, each
        // suite with its own processes) can be slow to run a task.
        #expect(took < .seconds(60))
        let answer = try await ask(channel, [("text", .string("next"))])
        #expect(answer["cancelled"]?.items?.count == 1)
    }

    @Test("a helper that cannot cancel is restarted when a request outlives its deadline")
    func restartsWhenItCannotCancel() async throws {
        let channel = try helper(Self.echo, python: true, cancels: false)
        _ = try? await ask(channel, [("op", .string("hang"))], within: .milliseconds(200))
        let answer = try await ask(channel, [("text", .string("again"))])
        #expect(answer["echo"] == .string("again"))
        #expect(try channel.generation() == 2)
    }

    @Test("an answer twice: the first is taken; the second breaks the protocol, and the helper is restarted")
    func twice() async throws {
        let channel = try helper(Self.echo, python: true)
        let first = try await ask(channel, [("text", .string("a")), ("times", .integer(2))])
        #expect(first["echo"] == .string("a"))
        // The second answer follows the first at once; the restart it causes starts the next.
        let deadline = ContinuousClock.now + .seconds(60)
        while try channel.generation() == 1, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(try channel.generation() == 2)
        let second = try await ask(channel, [("text", .string("b"))])
        #expect(second["echo"] == .string("b"))
    }

    @Test("a helper that crashes, answers garbage, no id or an id never sent fails every waiter with one sentence, and is restarted")
    func misbehaves() async throws {
        let cases: [(script: String, message: String)] = [
            ("read line; exit 3", "no-such-helper stopped before it answered"),
            ("read line; echo 'not json at all'; exec sleep 30", "no-such-helper answered a line that is not an answer to a request (it was restarted)"),
            ("read line; echo '{\"schema\":0}'; exec sleep 30", "no-such-helper answered a line that is not an answer to a request (it was restarted)"),
            ("read line; echo '{\"id\":4000,\"schema\":0}'; exec sleep 30", "no-such-helper answered request 4000, which it was not asked or answered already (it was restarted)"),
        ]
        for (script, message) in cases {
            let channel = try helper(script)
            let took = await timed {
                do throws(HelperError) {
                    _ = try await ask(channel, [("text", .string("a"))], within: .seconds(600))
                    Issue.record("\(script): answered")
                } catch {
                    #expect(error.message == message, "\(script)")
                }
            }
            #expect(took < .seconds(60), "\(script)")
            // Restarted: the next request starts the helper again.
            #expect(try channel.generation() == 2, "\(script)")
        }
    }

    @Test("a helper that floods is ended at the answer limit, or at its first line for a request never made")
    func floods() async throws {
        let endless = try helper("exec tr '\\000' x < /dev/zero", answerLimit: 256 * 1024)
        do {
            _ = try await ask(endless, [("text", .string("a"))], within: .seconds(600))
            Issue.record("a flooding helper answered")
        } catch {
            #expect(error.message == "no-such-helper answered more than 256 KB in one line (it was restarted)", "\(error.message)")
        }
        // Answers to a request never made, without end: ended at the first.
        let lines = try helper("exec yes '{\"id\":0}'")
        let took = await timed {
            do throws(HelperError) {
                _ = try await ask(lines, [("text", .string("a"))], within: .seconds(600))
                Issue.record("a flooding helper answered")
            } catch {
                #expect(error.message == "no-such-helper answered request 0, which it was not asked or answered already (it was restarted)")
            }
        }
        #expect(took < .seconds(60))
    }

    @Test("a helper inherits none of rest-run's descriptors but its standard input and output")
    func inheritsNothing() async throws {
        // A descriptor without close-on-exec, as a connection or a file of a plugin may be.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rest-run-open-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor > 2)
        defer {
            close(descriptor)
            unlink(path)
        }
        let probe = try helper("read line; if [ -e /dev/fd/\(descriptor) ]; then echo '{\"id\":1,\"fd\":\"inherited\"}'; else echo '{\"id\":1,\"fd\":\"clean\"}'; fi; exec sleep 30")
        let answer = try await ask(probe, [])
        #expect(answer["fd"] == .string("clean"))
    }

    @Test("a helper that is not installed is named, with where it was looked for")
    func missing() async {
        let absent = HelperChannel(name: "no-such-helper", pathVariable: "REST_RUN_TEST_HELPER_NONE", cancels: true)
        #expect(!absent.isInstalled)
        do {
            _ = try await ask(absent, [])
            Issue.record("a missing helper answered")
        } catch {
            #expect(error.message.hasPrefix("no-such-helper is not installed beside rest-run"), "\(error.message)")
            #expect(error.message.contains("build it with `swift build --product no-such-helper`, or name it with REST_RUN_TEST_HELPER_NONE"), "\(error.message)")
        }
    }

    @Test("the framing reads a line's id from its first bytes alone")
    func envelope() {
        #expect(HelperEnvelope.id(atStartOf: Array(#"{"id":42,"op":"call"}"#.utf8)) == 42)
        #expect(HelperEnvelope.id(atStartOf: Array(#" { "id" : 7 }"#.utf8)) == 7)
        #expect(HelperEnvelope.id(atStartOf: Array((#"{"id":9,"x":""# + String(repeating: "y", count: 1000)).utf8)) == 9)
        #expect(HelperEnvelope.id(atStartOf: Array(#"{"op":"call","id":3}"#.utf8)) == nil)
        #expect(HelperEnvelope.id(atStartOf: Array(#"{"id":1x}"#.utf8)) == nil)
        #expect(HelperEnvelope.id(atStartOf: Array(#"{"id":12345678901234567890}"#.utf8)) == nil)
        let line = HelperEnvelope.line(id: 5, .members([("op", .string("call")), ("text", .string("\u{2028}\n"))]))
        #expect(String(decoding: line, as: UTF8.self) == "{\"id\":5,\"op\":\"call\",\"text\":\"\\u2028\\n\"}\n")
    }
}
