/// Builds `multipart/form-data` bodies (RFC 7578).
enum MultipartEncoder {
    static func encode(_ parts: [MultipartPart], in scope: Scope) throws(Diagnostic) -> RequestBody {
        let boundary = "rest-run-" + (BuiltinValue.uuid.generate().stringValue ?? "boundary").replacing("-", with: "")
        var bytes: [UInt8] = []
        func append(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
        for part in parts {
            append("--\(boundary)\r\n")
            if let path = part.file {
                let filename = part.filename ?? String(path.split(separator: "/").last ?? Substring(path))
                append("Content-Disposition: form-data; name=\"\(quoted(part.name))\"; filename=\"\(quoted(filename))\"\r\n")
                append("Content-Type: \(part.contentType ?? MediaType.forFile(path))\r\n\r\n")
                do {
                    bytes.append(contentsOf: try FileSystem.readBytes(path, limit: FileSystem.bodySizeLimit))
                } catch {
                    throw Diagnostic(error.message, at: part.location)
                }
            } else {
                append("Content-Disposition: form-data; name=\"\(quoted(part.name))\"\r\n")
                if let contentType = part.contentType { append("Content-Type: \(contentType)\r\n") }
                append("\r\n")
                append(try part.value?.render(in: scope) ?? "")
            }
            append("\r\n")
        }
        append("--\(boundary)--\r\n")
        return RequestBody(bytes: bytes, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    private static func quoted(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\r", with: "").replacing("\n", with: " ")
    }
}
