/// Reads a `WWW-Authenticate` value (RFC 9110, 11.6.1): schemes, each followed by
/// `name=value` parameters (a token or a quoted string), all separated by commas.
struct AuthParameterScanner {
    enum Token: Equatable {
        case scheme(String)
        case parameter(String, String)
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ value: String) {
        bytes = Array(value.utf8)
    }

    mutating func next() -> Token? {
        skip { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ",") }
        guard index < bytes.count else { return nil }
        let name = token()
        guard !name.isEmpty else {
            index += 1
            return next()
        }
        skip { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return .scheme(name) }
        // `token68` after a scheme ends in `=` padding: `Basic abc==`; read as a parameter without a value.
        index += 1
        skip { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            var value: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                value.append(bytes[index])
                index += 1
            }
            index += 1
            return .parameter(name, String(decoding: value, as: UTF8.self))
        }
        return .parameter(name, token())
    }

    private mutating func token() -> String {
        let start = index
        while index < bytes.count, !" \t,=\"".utf8.contains(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skip(while matches: (UInt8) -> Bool) {
        while index < bytes.count, matches(bytes[index]) { index += 1 }
    }
}
