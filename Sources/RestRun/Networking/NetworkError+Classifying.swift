import AsyncHTTPClient
import NIOCore

extension NetworkError {
    /// Turns whatever AsyncHTTPClient or NIO threw into one clear sentence about `request`.
    init(classifying error: any Error, request: PreparedRequest) {
        if let error = error as? NetworkError {
            self = error
            return
        }
        let target = NetworkError.hostAndPort(of: request.url)
        if error is NIOTooManyBytesError {
            self.init(.bodyTooLarge,
                "the response body of \(request.url) is larger than max_body (\(ByteCount.format(request.options.effectiveMaxBody)))")
            return
        }
        if let error = error as? HTTPClientError {
            if error == .deadlineExceeded || error == .readTimeout || error == .writeTimeout {
                self.init(.timeout, "\(request.method) \(request.url) timed out after \(DurationText.format(request.options.effectiveTimeout))")
                return
            }
            if error == .connectTimeout {
                self.init(.connectTimeout, "could not connect to \(target): connect timed out")
                return
            }
            if error == .remoteConnectionClosed {
                self.init(.connectionClosed, "\(target) closed the connection before the response was complete")
                return
            }
            if error == .invalidURL || error == .emptyHost || error == .emptyScheme || String(describing: error).contains("nsupportedScheme") {
                self.init(.invalidURL, "cannot send to '\(request.url)': the URL needs http:// or https:// and a host")
                return
            }
        }
        let text = String(describing: error)
        let typeName = String(describing: type(of: error))
        if text.contains("refused") || text.contains("ECONNREFUSED") {
            self.init(.connectionRefused, "could not connect to \(target): connection refused")
        } else if text.contains("dnsA") || text.contains("NXDOMAIN") || text.contains("resolve") || text.contains("Name or service not known") {
            self.init(.hostNotFound, "could not resolve host '\(NetworkError.host(of: request.url))'")
        } else if typeName.contains("SSL") || typeName.contains("TLS") || text.contains("handshake") {
            self.init(.tls, "TLS failure with \(target): \(text)")
        } else if text.contains("reset") || text.contains("closed") || text.contains("EOF") {
            self.init(.connectionClosed, "\(target) closed the connection: \(text)")
        } else {
            self.init(.other, "\(request.method) \(request.url) failed: \(text)")
        }
    }

    static func host(of url: String) -> String {
        let origin = Networker.origin(of: url)
        let afterScheme = origin.firstRange(of: "://").map { origin[$0.upperBound...] } ?? origin
        let hostPort = afterScheme.split(separator: "@").last ?? afterScheme
        if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") { return String(hostPort[...close]) }
        return String(hostPort.split(separator: ":").first ?? hostPort)
    }

    static func hostAndPort(of url: String) -> String {
        let origin = Networker.origin(of: url)
        let afterScheme = origin.firstRange(of: "://").map { origin[$0.upperBound...] } ?? origin
        let hostPort = afterScheme.split(separator: "@").last ?? afterScheme
        if hostPort.contains(":") && !hostPort.hasSuffix("]") { return String(hostPort) }
        return hostPort + (url.hasPrefix("https") ? ":443" : ":80")
    }
}
