/// A prepared request written as the `curl` command that sends the same thing, for `--dry-run`.
package enum CurlCommand {
    /// The command, one option per line, secrets redacted. `body` is the request's body as declared,
    /// so files and multipart parts are shown as curl would read them; `scope` fills its parts.
    public static func render(_ request: PreparedRequest, body: BodyTemplate?, scope: Scope, redactor: Redactor) -> String {
        var lines = ["curl -X \(request.method) \(quote(redactor.redact(request.url)))"]
        let implicit: Set<String> = ["user-agent", "accept", "accept-encoding"]
        for field in request.headers where !implicit.contains(field.name.lowercased()) {
            if case .multipart? = body, field.name.lowercased() == "content-type" { continue }
            lines.append("-H " + quote("\(field.name): \(redactor.headerValue(name: field.name, value: field.value))"))
        }
        var prefix = ""
        switch body {
        case let .multipart(parts)?:
            for part in parts {
                if let file = part.file {
                    let type = part.contentType.map { ";type=\($0)" } ?? ""
                    let name = part.filename.map { ";filename=\($0)" } ?? ""
                    lines.append("-F " + quote("\(part.name)=@\(file)\(type)\(name)"))
                } else {
                    let value = String(decoding: redactorValue(part, scope: scope, redactor: redactor), as: UTF8.self)
                    lines.append("--form-string " + quote("\(part.name)=\(value)"))
                }
            }
        case let .file(path, _)?:
            lines.append("--data-binary " + quote("@" + path))
        case .base64?:
            prefix = "printf %s \(quote(Base64.encode(request.body?.bytes ?? []))) | base64 -d | "
            lines.append("--data-binary @-")
        default:
            if let bytes = request.body?.bytes, !bytes.isEmpty {
                lines.append("--data-binary " + quote(redactor.redact(String(decoding: bytes, as: UTF8.self))))
            }
        }
        lines.append("--compressed")
        if let redirects = request.transport.followRedirects, redirects > 0 { lines.append("-L --max-redirs \(redirects)") }
        if request.transport.insecure == true { lines.append("-k") }
        if let connect = request.transport.connectTimeout { lines.append("--connect-timeout \(seconds(connect))") }
        lines.append("--max-time \(seconds(request.transport.effectiveTimeout))")
        return prefix + lines.joined(separator: " \\\n  ")
    }

    private static func redactorValue(_ part: MultipartPart, scope: Scope, redactor: Redactor) -> [UInt8] {
        let value = (try? part.value?.render(in: scope)) ?? part.value?.description ?? ""
        return Array(redactor.redact(value).utf8)
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format2: duration.milliseconds / 1000)
    }

    /// The text in single quotes for a POSIX shell.
    public static func quote(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
