#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RestRunGraphQL

// rest-run's GraphQL checks, as a process of their own (see GraphQLCheckService): one request a
// line on standard input, one answer a line on standard output, until standard input ends.

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
// The listing's own descriptor is among them, closed already: its close fails, harmlessly.
for descriptor in inherited { close(descriptor) }

signal(SIGPIPE, SIG_IGN)

let service = GraphQLCheckService()
var lines = RequestLines(descriptor: 0)
while let line = lines.next() {
    let answer: String?
    switch line {
    case .whole(let bytes): answer = service.answer(bytes)
    case .tooLong(let start): answer = service.refusal(ofLineStarting: start)
    }
    guard var text = answer else { continue }
    text += "\n"
    let written = text.withUTF8 { bytes -> Bool in
        var offset = 0
        while offset < bytes.count {
            let count = write(1, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
    guard written else { break }
}
