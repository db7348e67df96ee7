#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RestRunGRPC

// rest-run's gRPC calls, as a process of their own (see GRPCService and LineServer): one JSON
// request a line on standard input, one JSON answer a line on standard output, in any order,
// until standard input ends.

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

if let problem = await LineServer.serve(GRPCService()) {
    var line = Array((problem + "\n").utf8)
    _ = write(2, &line, line.count)
    exit(2)
}
exit(0)
