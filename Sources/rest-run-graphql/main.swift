#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RestRunGraphQL

// rest-run's GraphQL checks, as a process of their own (see GraphQLCheckService): one JSON request
// a line on standard input, one JSON answer a line on standard output, until standard input ends.

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

let service = GraphQLCheckService()
while let line = readLine(strippingNewline: true) {
    print(service.answer(line))
    fflush(nil)
}
