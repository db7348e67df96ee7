#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import RestRunGRPC
import Synchronization

// rest-run's gRPC calls, as a process of their own (see GRPCService): one JSON request a line on
// standard input, one JSON answer a line on standard output, in any order, until standard input
// ends.

// Descriptors rest-run had open without close-on-exec (a pipe another thread was handing to a
// child of its own) must not stay open here for the rest of rest-run's run.
var inherited: [Int32] = []
if let folder = opendir("/dev/fd") {
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let number = Int32(name), number > 2 { inherited.append(number) }
    }
    closedir(folder)
}
for descriptor in inherited { close(descriptor) }
signal(SIGPIPE, SIG_IGN)

let output = Mutex<Void>(())

/// Writes `line` and its newline to standard output, whole, one line at a time.
@Sendable func send(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.append(UInt8(ascii: "\n"))
    output.withLock { _ in
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { exit(0) }
            offset += written
        }
    }
}

let service = GRPCService()
let (lines, continuation) = AsyncStream.makeStream(of: String.self)
// Standard input is read on a thread of its own: a blocking read on one of the few threads of
// Swift's concurrency pool would hold back the calls.
DispatchQueue.global().async {
    while let line = readLine(strippingNewline: true) { continuation.yield(line) }
    continuation.finish()
}
await withTaskGroup(of: Void.self) { group in
    for await line in lines {
        group.addTask { send(await service.answer(line.utf8)) }
    }
}
exit(0)
