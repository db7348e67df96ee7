import RestRun

/// Turns curl commands into requests that send what curl sends: the method curl picks (`-X`,
/// `-I`, `-G`, implied by data or an upload), the URL and query, the headers (`-H`, `-A`, `-e`,
/// `-b`, `--json`'s), the body (`-d` and its kinds joined as curl joins them, `--json`, `-F`,
/// `-T`), `-u` (Basic, `--digest`, `--aws-sigv4`), `--oauth2-bearer`, and the transport options
/// rest-run has (`-k`, `-L`/`--max-redirs`, `-m`, `--connect-timeout`, `--cacert`/`--cert`/`--key`,
/// `--http1.1`/`--http2`, `--retry`). Every flag it cannot express is one warning.
package struct CurlImporter {
    /// Where relative `@file` paths are read from.
    package var workingDirectory: String
    /// The folder the request file goes to: file paths in it are written relative to it.
    package var outputDirectory: String
    /// One sentence for each flag left out or changed.
    package private(set) var warnings: [String] = []
    /// What the command being read has as standard input (`@-`, `-T -`).
    private var standardInput: ShellCommand.Input?

    package init(workingDirectory: String, outputDirectory: String) {
        self.workingDirectory = workingDirectory
        self.outputDirectory = outputDirectory
    }

    /// The requests of every curl command in `text` (a file, standard input).
    package mutating func requests(from text: String) throws(ImportProblem) -> [ImportedHTTPRequest] {
        var requests: [ImportedHTTPRequest] = []
        for command in try ShellWords.commands(in: text) {
            // `NAME=value curl ...` sets a variable for curl alone.
            let words = Array(command.words.drop { word in word.firstIndex(of: "=").map { ShellWords.isName(String(word[..<$0])) } ?? false })
            guard let first = words.first else { continue }
            guard Self.isCurl(first) else {
                // A program in a pipeline (`echo ... |`, `| jq`) feeds curl or reads what it prints.
                if !command.readsPipe, !command.writesPipe { warnings.append("'\(first)' is not a curl command: left out") }
                continue
            }
            for substitution in command.substitutions {
                warnings.append("\(substitution): command substitutions are not run; read as empty text")
            }
            standardInput = command.input
            requests += self.requests(fromArguments: Array(words.dropFirst()))
        }
        return requests
    }

    /// The requests of one command given as words (`curl` itself optional).
    package mutating func requests(fromWords words: [String]) -> [ImportedHTTPRequest] {
        standardInput = nil
        return requests(fromArguments: words.first.map(Self.isCurl) == true ? Array(words.dropFirst()) : words)
    }

    static func isCurl(_ word: String) -> Bool { word == "curl" || word.hasSuffix("/curl") || word == "curl.exe" }

    // MARK: Options

    /// Short options that take a value.
    static let shortWithValue: Set<Character> = ["X", "H", "d", "F", "u", "A", "e", "b", "T", "m", "o", "x", "w", "c", "E", "K", "r", "U", "z", "D", "y", "Y", "C", "P", "Q", "t"]
    /// Long options that take a value (without `--`).
    static let longWithValue: Set<String> = [
        "request", "header", "data", "data-raw", "data-binary", "data-ascii", "data-urlencode", "json", "form", "form-string", "user",
        "user-agent", "referer", "cookie", "upload-file", "max-time", "connect-timeout", "cacert", "cert", "key", "max-redirs", "output",
        "proxy", "write-out", "cookie-jar", "url", "url-query", "retry", "retry-delay", "retry-max-time", "resolve", "connect-to",
        "limit-rate", "oauth2-bearer", "aws-sigv4", "cert-type", "key-type", "pass", "capath", "interface", "range", "request-target",
        "unix-socket", "proxy-user", "proxy-header", "dump-header", "config", "continue-at", "time-cond", "max-filesize", "trace",
        "trace-ascii", "stderr", "output-dir", "ciphers", "expect100-timeout", "keepalive-time", "local-port", "login-options",
        "noproxy", "preproxy", "proto", "proto-redir", "socks5", "socks5-hostname", "speed-limit", "speed-time", "variable", "ftp-port",
        "happy-eyeballs-timeout-ms", "dns-servers", "doh-url", "hostpubmd5", "hostpubsha256", "pinnedpubkey", "sasl-authzid",
        "service-name", "tls-max", "tls13-ciphers", "etag-save", "etag-compare", "create-file-mode", "rate", "ip-tos",
    ]
    static let shortNames: [Character: String] = [
        "X": "request", "H": "header", "d": "data", "F": "form", "u": "user", "A": "user-agent", "e": "referer", "b": "cookie",
        "T": "upload-file", "m": "max-time", "o": "output", "x": "proxy", "w": "write-out", "c": "cookie-jar", "E": "cert",
        "K": "config", "r": "range", "U": "proxy-user", "z": "time-cond", "D": "dump-header", "y": "speed-time", "Y": "speed-limit",
        "C": "continue-at", "P": "ftp-port", "Q": "quote", "t": "telnet-option", "I": "head", "G": "get", "k": "insecure",
        "L": "location", "s": "silent", "S": "show-error", "v": "verbose", "i": "include", "f": "fail", "N": "no-buffer",
        "g": "globoff", "O": "remote-name", "J": "remote-header-name", "n": "netrc", "q": "disable", "l": "list-only",
        "j": "junk-session-cookies", "R": "remote-time", "Z": "parallel", "0": "http1.0", "1": "tlsv1", "2": "sslv2", "3": "sslv3",
        "4": "ipv4", "6": "ipv6", "#": "progress-bar", "B": "use-ascii", "p": "proxytunnel", "M": "manual", "V": "version",
        "h": "help", "a": "append",
    ]
    /// Flags that change only what curl prints or where it writes it: one warning each, since the
    /// request is the same.
    static let outputOnly: Set<String> = [
        "silent", "show-error", "verbose", "include", "output", "remote-name", "remote-header-name", "write-out", "progress-bar",
        "no-progress-meter", "dump-header", "trace", "trace-ascii", "stderr", "output-dir", "create-dirs", "no-buffer", "styled-output",
        "remote-time", "globoff", "fail-early", "etag-save", "etag-compare",
    ]

    private enum DataKind {
        case ascii, binary, raw, urlencode, json
    }

    private struct Command {
        var method: String?
        var head = false
        var get = false
        var headers: [(String, String?)] = []
        var data: [(DataKind, String)] = []
        var form: [(String, literal: Bool)] = []
        var user: String?
        var digest = false
        var bearer: String?
        var sigv4: String?
        var userAgent: String?
        var referer: String?
        var cookie: String?
        var range: String?
        var uploads: [String] = []
        var urls: [String] = []
        var urlQuery: [String] = []
        var options: [(String, String)] = []
        var location = false
        var maxRedirects: String?
        var fail = false
    }

    /// The requests of a command's arguments: each part between `--next` (or `-:`) is a request
    /// set of its own, as curl reads it.
    private mutating func requests(fromArguments arguments: [String]) -> [ImportedHTTPRequest] {
        var groups: [[String]] = [[]]
        var optionsEnded = false
        for word in arguments {
            if word == "--" { optionsEnded = true }
            if !optionsEnded, word == "--next" || word == "-:" {
                groups.append([])
                optionsEnded = false
            } else {
                groups[groups.count - 1].append(word)
            }
        }
        return groups.flatMap { requests(fromGroup: $0) }
    }

    private mutating func requests(fromGroup arguments: [String]) -> [ImportedHTTPRequest] {
        var command = Command()
        var index = 0
        var optionsEnded = false
        func value(for option: String) -> String? {
            guard index < arguments.count else {
                warnings.append("--\(option) needs a value and has none: left out")
                return nil
            }
            defer { index += 1 }
            return arguments[index]
        }
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                command.urls.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2))
                if Self.longWithValue.contains(name) {
                    if let value = value(for: name) { apply(name, value, to: &command) }
                } else {
                    apply(name, nil, to: &command)
                }
                continue
            }
            // A cluster of short options: `-sSL`, `-XPOST`, `-H'X: y'`.
            var letters = Substring(word.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                let name = Self.shortNames[letter] ?? String(letter)
                if Self.shortWithValue.contains(letter) {
                    if !letters.isEmpty {
                        apply(name, String(letters), to: &command)
                    } else if let value = value(for: name) {
                        apply(name, value, to: &command)
                    }
                    break
                }
                apply(name, nil, to: &command)
            }
        }
        guard !command.urls.isEmpty else {
            warnings.append("a curl command has no URL: left out")
            return []
        }
        if let conflict = Self.methodConflict(command) {
            warnings.append("curl refuses \(conflict) in one command (each picks a method), so it sends nothing: left out")
            return []
        }
        return command.urls.enumerated().compactMap { position, url in
            // As the file loads with the shell's variables unset (`${HOST:-}ws://...` is ws://).
            let lower = Self.withDefaults(url).lowercased()
            guard !lower.hasPrefix("ws://"), !lower.hasPrefix("wss://") else {
                warnings.append("\(url): curl's WebSocket mode has no equivalent in a request; left out")
                return nil
            }
            // The first -T goes with the first URL, the second with the second, and so on.
            return request(for: url, command, upload: position < command.uploads.count ? command.uploads[position] : nil)
        }
    }

    /// `text` with each `${NAME:-default}` the shell words hold replaced by its default.
    static func withDefaults(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.literalRange(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                rest = rest[start.lowerBound...]
                break
            }
            let inside = rest[start.upperBound..<end]
            result += inside.literalRange(of: ":-").map { String(inside[$0.upperBound...]) } ?? ""
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// The flags of `command` that each set a method and cannot go together (`-d` and `-F`, `-d`
    /// and `-T`, `-I` and `-d` without `-G`, ...), as curl stops on them.
    private static func methodConflict(_ command: Command) -> String? {
        var flags: [String] = []
        if !command.data.isEmpty { flags.append("-d") }
        if !command.form.isEmpty { flags.append("-F") }
        if !command.uploads.isEmpty { flags.append("-T") }
        if command.head { flags.append("-I") }
        // -G turns -d into a query, which a HEAD request can carry.
        if command.get, flags == ["-d", "-I"] { return nil }
        return flags.count > 1 ? flags.joined(separator: " with ") : nil
    }

    private mutating func apply(_ name: String, _ value: String?, to command: inout Command) {
        let value = value ?? ""
        switch name {
        case "request": command.method = value
        case "head": command.head = true
        case "get": command.get = true
        case "header":
            if value.hasPrefix("@") {
                warnings.append("-H \(value): headers from a file are not read; left out")
            } else if let colon = value.firstIndex(of: ":") {
                let headerValue = value[value.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                let headerName = String(value[..<colon])
                guard HeaderName.isValid(headerName) else {
                    warnings.append("-H '\(value)': '\(headerName)' is not a header name: left out")
                    return
                }
                command.headers.append((headerName, headerValue.isEmpty ? nil : String(headerValue)))
            } else if value.hasSuffix(";"), HeaderName.isValid(String(value.dropLast())) {
                command.headers.append((String(value.dropLast()), ""))
            } else {
                warnings.append("-H '\(value)' is not 'Name: value': left out")
            }
        case "data", "data-ascii": command.data.append((.ascii, value))
        case "data-binary": command.data.append((.binary, value))
        case "data-raw": command.data.append((.raw, value))
        case "data-urlencode": command.data.append((.urlencode, value))
        case "json": command.data.append((.json, value))
        case "form": command.form.append((value, false))
        case "form-string": command.form.append((value, true))
        case "user": command.user = value
        case "digest": command.digest = true
        case "basic", "compressed", "no-keepalive", "tcp-nodelay", "path-as-is", "disable", "no-sessionid", "tr-encoding", "raw": break
        case "oauth2-bearer": command.bearer = value
        case "aws-sigv4": command.sigv4 = value
        case "user-agent": command.userAgent = value
        case "referer": command.referer = value
        case "cookie": command.cookie = value
        case "range": command.range = value
        case "upload-file": command.uploads.append(value)
        case "url": command.urls.append(value)
        case "url-query": command.urlQuery.append(value)
        case "insecure": command.options.append(("insecure", "true"))
        case "location", "location-trusted": command.location = true
        case "max-redirs": command.maxRedirects = value
        case "fail", "fail-with-body": command.fail = true
        case "max-time", "connect-timeout":
            guard let seconds = Double(value), seconds.isFinite, seconds > 0 else {
                warnings.append("--\(name) \(value) is not a number of seconds: left out")
                return
            }
            command.options.append((name == "max-time" ? "timeout" : "connect_timeout", YAMLText.quoted("\(Int((seconds * 1000).rounded()))ms")))
        case "cacert", "cert", "key":
            if name == "cert", value.contains(":"), !value.hasPrefix("/") { warnings.append("--cert with a password is not supported: the password is left out") }
            let path = name == "cert" ? value.split(separator: ":", maxSplits: 1).first.map(String.init) ?? value : value
            // The request file names the file: it must be there for the file to load.
            guard let file = existing(path) else {
                warnings.append("--\(name) \(value): the file is not there; left out")
                return
            }
            mergeTLS(name == "cacert" ? "ca" : name, file, into: &command)
        case "http1.1", "http1.0": command.options.append(("http", "\"1.1\""))
        case "http2", "http2-prior-knowledge": command.options.append(("http", "\"2\""))
        case "retry":
            guard let count = Int(value), count >= 0 else { return }
            command.options.append(("retry", "{ attempts: \(min(count, 99) + 1) }"))
        default:
            if Self.outputOnly.contains(name) {
                warnings.append("--\(name) changes only what curl prints or saves: left out")
            } else {
                warnings.append("--\(name)\(value.isEmpty ? "" : " \(value)") has no equivalent in rest-run: left out")
            }
        }
    }

    private func mergeTLS(_ key: String, _ path: String, into command: inout Command) {
        if let index = command.options.firstIndex(where: { $0.0 == "tls" }) {
            command.options[index].1 = String(command.options[index].1.dropLast(2)) + ", \(key): \(YAMLText.quoted(path)) }"
        } else {
            command.options.append(("tls", "{ \(key): \(YAMLText.quoted(path)) }"))
        }
    }

    // MARK: The request

    private mutating func request(for given: String, _ command: Command, upload: String?) -> ImportedHTTPRequest {
        var url = TemplateSafety.sanitized(given.contains("://") ? given : "http://" + given, keeping: .environment)
        if url.contains("{") || url.contains("[") {
            warnings.append("\(given): curl expands {a,b} and [1-3] in URLs; rest-run sends it as written")
        }
        var headers = commandHeaders(command)
        func hasHeader(_ name: String) -> Bool { headers.contains { $0.0.lowercased() == name.lowercased() } }
        for piece in command.urlQuery {
            url += (url.contains("?") ? "&" : "?") + Self.lowercasingEscapes(urlencodePiece(piece))
        }
        var body: ImportedHTTPRequest.ImportedBody?
        var method = "GET"
        var contentType: String?
        let isJSON = command.data.contains { $0.0 == .json }
        if !command.data.isEmpty {
            var joined = ""
            for (position, (kind, value)) in command.data.enumerated() {
                if position > 0, kind != .json { joined += "&" }
                joined += dataPiece(kind, value)
            }
            if command.get {
                url += (url.contains("?") ? "&" : "?") + Self.lowercasingEscapes(joined)
            } else {
                method = "POST"
                body = Self.textBody(joined)
                contentType = isJSON ? "application/json" : "application/x-www-form-urlencoded"
            }
            if isJSON, !hasHeader("Accept") { headers.append(("Accept", "application/json")) }
        }
        if !command.form.isEmpty {
            method = "POST"
            body = .multipart(command.form.map { formPart($0.0, literal: $0.literal) })
        }
        if let upload {
            method = "PUT"
            body = uploadBody(upload, url: &url)
            // curl sends no Content-Type with -T, where `file:` would name one.
            if body != nil || upload == "-" || upload == ".", !hasHeader("Content-Type") { headers.append(("Content-Type", nil)) }
        }
        if command.head { method = "HEAD" }
        if command.get { method = command.head ? "HEAD" : "GET" }
        if let given = command.method {
            let upper = given.uppercased()
            if HTTPMethod(rawValue: upper) == nil {
                warnings.append("-X \(given) is not an HTTP method rest-run can send: \(method) instead")
            } else {
                method = upper
                if given != upper { warnings.append("-X \(given): rest-run sends methods in upper case: \(upper)") }
            }
        }
        if let contentType, !hasHeader("Content-Type") {
            headers.append(("Content-Type", contentType))
        }
        url = TemplateSafety.sanitized(url, keeping: .environment)
        // A header value rest-run would read as a template cannot be written as it is.
        headers = headers.filter { name, value in
            guard let value, !TemplateSafety.isSafe(value, keeping: .environment) else { return true }
            warnings.append("the \(name) header '\(value)' holds '{{' or '${', which rest-run reads as a template; left out")
            return false
        }
        if case let .multipart(parts)? = body {
            body = .multipart(parts.map { part in
                var part = part
                part.name = Self.plain(part.name)
                part.value = part.value.map { Self.plain($0) }
                part.filename = part.filename.map { Self.plain($0) }
                part.contentType = part.contentType.map { Self.plain($0) }
                return part
            })
        }
        let path = String((URLParts(url)?.path ?? "/").prefix { $0 != "?" })
        var request = ImportedHTTPRequest(name: "\(method) \(path.isEmpty ? "/" : path)", method: method, url: url)
        request.headers = headers
        request.body = body
        // A flag given twice (`-0 -0`, `-m 1 -m 2`) counts once, the last one winning, as in curl.
        for (name, value) in command.options {
            // On plain HTTP curl offers an upgrade to HTTP/2 and goes on over HTTP/1.1 when it is
            // declined; rest-run speaks HTTP/2 over TLS only, so the file sends what runs.
            if name == "http", value == "\"2\"", !url.lowercased().hasPrefix("https://") {
                warnings.append("--http2 on \(url): rest-run speaks HTTP/2 over https:// only; sent over HTTP/1.1, as curl does when the upgrade is declined")
                continue
            }
            request.options.removeAll { $0.name == name }
            request.options.append((name, value))
        }
        if command.location {
            let limit = command.maxRedirects.flatMap(Int.init)
            request.options.append(("follow_redirects", limit.map { String(max(0, $0)) } ?? "true"))
        }
        if command.fail { request.expectedStatus = "{ \"<\": 400 }" }
        request.auth = auth(command)
        return request
    }

    /// What `-T upload` sends: standard input (`-` or `.`) or the file, whose name is added to a
    /// URL with no path or one that ends in `/`; nil, with a warning, when it cannot be read.
    private mutating func uploadBody(_ upload: String, url: inout String) -> ImportedHTTPRequest.ImportedBody? {
        if upload == "-" || upload == "." {
            switch standardInput {
            case let .text(text)?: return Self.textBody(text)
            case let .file(path)?:
                if let file = existing(path) { return .file(file) }
                warnings.append("-T \(upload): \(path) is not there; the body is left out")
            default: warnings.append("-T \(upload): \(Self.describe(standardInput)); the body is left out")
            }
            return nil
        }
        let name = upload.split(separator: "/").last.map(String.init) ?? upload
        url = Self.appendingFileName(URLBuilder.encode(name), to: url)
        guard let path = existing(upload) else {
            warnings.append("-T \(upload): the file is not there; the body is left out")
            return nil
        }
        return .file(path)
    }

    /// The headers a command's flags send: `-H` (but a value rest-run would read as a template),
    /// then `-A`, `-e`, `-r` and `-b` where `-H` names none of them.
    private mutating func commandHeaders(_ command: Command) -> [(String, String?)] {
        var headers = command.headers.filter { _, value in
            guard let value, !TemplateSafety.isSafe(value, keeping: .environment) else { return true }
            warnings.append("-H with '\(value)': rest-run would read its '{{' or '${' as a template; left out")
            return false
        }
        func hasHeader(_ name: String) -> Bool { headers.contains { $0.0.lowercased() == name.lowercased() } }
        if let userAgent = command.userAgent, !hasHeader("User-Agent") { headers.append(("User-Agent", userAgent)) }
        if let referer = command.referer, !hasHeader("Referer") {
            headers.append(("Referer", referer.replacingLiterally(";auto", with: "")))
        }
        // curl sends `-r 0-99` as `Range: bytes=0-99` (over HTTP), and a range that is one number
        // (`-r 600`) as from that offset on, `bytes=600-`, with a warning that appends the dash.
        if let range = command.range, !range.isEmpty, !hasHeader("Range") {
            let fromOffset = range.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            headers.append(("Range", "bytes=" + range + (fromOffset ? "-" : "")))
        }
        if let cookie = command.cookie {
            if cookie.contains("=") {
                if !hasHeader("Cookie") { headers.append(("Cookie", cookie)) }
            } else {
                warnings.append("-b \(cookie): cookies from a file are not read; left out")
            }
        }
        return headers
    }

    private mutating func auth(_ command: Command) -> ImportedHTTPRequest.Auth? {
        if let bearer = command.bearer { return .bearer(Self.plain(bearer)) }
        guard let user = command.user else { return nil }
        let parts = user.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        if parts.count < 2 { warnings.append("-u \(user): curl would ask for the password; the file sends an empty one") }
        let name = parts[0], password = parts.count > 1 ? parts[1] : ""
        if let sigv4 = command.sigv4 {
            // `aws:amz:REGION:SERVICE`
            let fields = sigv4.split(separator: ":").map(String.init)
            guard fields.count >= 4 else {
                warnings.append("--aws-sigv4 \(sigv4): rest-run needs the region and service (aws:amz:REGION:SERVICE); signed as us-east-1 execute-api")
                return .awsSigV4(region: "us-east-1", service: "execute-api", accessKey: Self.plain(name), secretKey: Self.plain(password))
            }
            return .awsSigV4(region: Self.plain(fields[2]), service: Self.plain(fields[3]), accessKey: Self.plain(name), secretKey: Self.plain(password))
        }
        return command.digest ? .digest(user: Self.plain(name), password: Self.plain(password)) : .basic(user: Self.plain(name), password: Self.plain(password))
    }

    /// `text` with any `{{` or `${` rest-run would misread broken up (`{ {`, `$ {`), where no other
    /// form can carry it (a part's value, a credential).
    static func plain(_ text: String, keeping kept: TemplateSafety.Kept = .environment) -> String {
        TemplateSafety.sanitized(text, keeping: kept) { $0 == "{{" ? "{ {" : "$ {" }
    }

    /// The body a text sends as it is: `text:`, or `base64:` when rest-run would read `{{` in it
    /// as a template.
    static func textBody(_ text: String, keeping kept: TemplateSafety.Kept = .environment) -> ImportedHTTPRequest.ImportedBody {
        TemplateSafety.isSafe(text, keeping: kept) && !text.contains("{{") ? .text(text) : .base64(Array(text.utf8))
    }

    /// One `-d` piece as curl reads it.
    private mutating func dataPiece(_ kind: DataKind, _ value: String) -> String {
        switch kind {
        case .raw:
            return value
        case .ascii, .binary, .json:
            guard value.hasPrefix("@") else { return value }
            guard let content = readFile(String(value.dropFirst()), flag: "-d") else { return "" }
            // -d strips carriage returns and line feeds from a file; --data-binary keeps them.
            return kind == .ascii ? content.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" } : content
        case .urlencode:
            return urlencodePiece(value)
        }
    }

    /// `--data-urlencode` (and `--url-query`): `content`, `=content`, `name=content`, `@file`,
    /// `name@file`.
    private mutating func urlencodePiece(_ value: String) -> String {
        if let equals = value.firstIndex(of: "=") {
            let name = String(value[..<equals])
            let content = String(value[value.index(after: equals)...])
            return name.isEmpty ? Self.curlEscape(content) : name + "=" + Self.curlEscape(content)
        }
        if let at = value.firstIndex(of: "@") {
            let name = String(value[..<at])
            // The file's bytes as they are (newlines too), encoded: it need not be text.
            let content = readBytes(String(value[value.index(after: at)...]), flag: "--data-urlencode") ?? []
            return name.isEmpty ? Self.curlEscape(content) : name + "=" + Self.curlEscape(content)
        }
        return Self.curlEscape(value)
    }

    /// `url` with a file's (encoded) name added where curl adds it for `-T`: when the URL has no
    /// path, or its path ends in `/`; before any query or fragment.
    static func appendingFileName(_ name: String, to url: String) -> String {
        guard let scheme = url.literalRange(of: "://") else { return url }
        let afterAuthority = url[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        let pathEnd = url[afterAuthority...].firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let path = url[afterAuthority..<pathEnd]
        if path.isEmpty { return url[..<pathEnd] + "/" + name + url[pathEnd...] }
        if path.hasSuffix("/") { return url[..<pathEnd] + name + url[pathEnd...] }
        return url
    }

    /// curl's escaping for `--data-urlencode` and `--url-query`: letters, digits and `-._~` as
    /// they are, a space as `+`, every other byte as `%XX`.
    static func curlEscape(_ text: String) -> String { curlEscape(Array(text.utf8)) }

    /// `text` with its `%XX` escapes in lower case: curl writes what it adds to a URL's query
    /// (`-G`, `--url-query`) so, escapes typed in `-d` included, and an encoded body in upper case.
    static func lowercasingEscapes(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes = Array(text.utf8)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit {
                for offset in 1...2 where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(bytes[index + offset]) { bytes[index + offset] += 32 }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `curlEscape` of bytes that need not be UTF-8.
    static func curlEscape(_ bytes: [UInt8]) -> String {
        var result = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result.append("+")
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    /// A `-F` part: `name=value`, `name=@file;type=...;filename=...`, `name=<file`.
    private mutating func formPart(_ spec: String, literal: Bool) -> ImportedHTTPRequest.FormPart {
        guard let equals = spec.firstIndex(of: "=") else {
            warnings.append("-F \(spec) is not name=value: sent as an empty part")
            return ImportedHTTPRequest.FormPart(name: spec, value: "")
        }
        let name = String(spec[..<equals])
        let value = String(spec[spec.index(after: equals)...])
        if literal { return ImportedHTTPRequest.FormPart(name: name, value: value) }
        if value.hasPrefix("@") {
            var fields = value.dropFirst().split(separator: ";").map(String.init)
            let path = fields.isEmpty ? "" : fields.removeFirst()
            guard let file = existing(path) else {
                warnings.append("-F \(spec): the file is not there; the part is sent empty")
                return ImportedHTTPRequest.FormPart(name: name, value: "")
            }
            var part = ImportedHTTPRequest.FormPart(name: name, file: file)
            for field in fields {
                if field.hasPrefix("type=") { part.contentType = String(field.dropFirst(5)) }
                if field.hasPrefix("filename=") { part.filename = String(field.dropFirst(9)) }
            }
            if part.contentType == nil { part.contentType = Self.curlContentType(path) }
            return part
        }
        if value.hasPrefix("<") {
            let path = String(value.dropFirst()).split(separator: ";").first.map(String.init) ?? ""
            return ImportedHTTPRequest.FormPart(name: name, value: readFile(path, flag: "-F") ?? "")
        }
        let plain = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        if plain != value { warnings.append("-F \(spec): ';' options on a text part are left out") }
        return ImportedHTTPRequest.FormPart(name: name, value: plain)
    }

    /// The Content-Type curl gives a file part by its extension (curl's own short table).
    static func curlContentType(_ path: String) -> String {
        let types = [
            "gif": "image/gif", "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "svg": "image/svg+xml",
            "txt": "text/plain", "htm": "text/html", "html": "text/html", "pdf": "application/pdf", "xml": "application/xml",
        ]
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// The text of `path` as curl reads `@path`; `-` is standard input, as the shell text gave it.
    private mutating func readFile(_ path: String, flag: String) -> String? {
        guard let bytes = readBytes(path, flag: flag) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            var shown = "@" + path
            if path == "-", case let .file(file)? = standardInput { shown = "@- < \(file)" }
            warnings.append("\(flag) \(shown): the file is not UTF-8 text; its data is left out")
            return nil
        }
        return text
    }

    /// A file's bytes as curl reads them (`-` is standard input); nil, with a warning, when it
    /// cannot be read.
    private mutating func readBytes(_ path: String, flag: String) -> [UInt8]? {
        if path == "-" {
            switch standardInput {
            case let .text(text)?: return Array(text.utf8)
            case let .file(file)?: return readBytes(file, flag: flag, shown: "@- < \(file)")
            default:
                warnings.append("\(flag) @-: \(Self.describe(standardInput)); left out")
                return nil
            }
        }
        return readBytes(path, flag: flag, shown: "@" + path)
    }

    private mutating func readBytes(_ path: String, flag: String, shown: String) -> [UInt8]? {
        let full = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        guard let bytes = try? FileSystem.readBytes(full) else {
            warnings.append("\(flag) \(shown): the file cannot be read; its data is left out")
            return nil
        }
        return bytes
    }

    /// Why standard input cannot be read here, in words.
    private static func describe(_ input: ShellCommand.Input?) -> String {
        guard case let .program(program)? = input else { return "standard input is not given in the text (no < FILE, here-document or echo |)" }
        return "standard input is the output of '\(program)', which is not run"
    }

    /// A file curl would read, as the request file reaches it; nil when it is not there (a file
    /// the request file names must exist for it to load).
    private func existing(_ path: String) -> String? {
        let full = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        guard !path.isEmpty, FileSystem.exists(full), !FileSystem.isDirectory(full) else { return nil }
        return relative(path)
    }

    /// `path` (as curl reads it, from the working directory) as the request file reaches it.
    private func relative(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        return FileSystem.relativePath(of: full, from: outputDirectory)
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hexadecimal digit.
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
