import AsyncHTTPClient
import NIOCore
import NIOHTTP1

extension NetworkError {
    /// Turns whatever AsyncHTTPClient or NIO threw into one clear sentence about `request`.
    init(classifying error: any Error, request: PreparedRequest) {
        if let error = error as? NetworkError {
            self = error
            return
        }
        let target = URLParts(request.url)?.hostAndPort ?? request.url
        if error is NIOTooManyBytesError {
            self.init(.bodyTooLarge,
                "the response body of \(request.url) is larger than max_body (\(ByteCount.format(request.transport.effectiveMaxBody)))")
            return
        }
        if let error = error as? BodyInflater.Corrupt {
            self.init(.protocolError, error.cutShort
                ? "the response body of \(request.url) ends before its \(error.coding) data does"
                : "the response body of \(request.url) is not valid \(error.coding) data (its Content-Encoding)")
            return
        }
        if let error = error as? HTTPClientError {
            if error == .deadlineExceeded || error == .readTimeout || error == .writeTimeout {
                // The deadline in force: an exchange's own limit (an event stream's `within`) when it
                // sets one, as the networker arms it.
                self.init(.timeout, "\(request.method) \(request.url) timed out after \(DurationText.format(request.wire?.timeout ?? request.transport.effectiveTimeout))")
                return
            }
            if error == .connectTimeout {
                self.init(.connectTimeout, "could not connect to \(target) within \(DurationText.format(request.transport.connectTimeout ?? TransportOptions.defaultConnectTimeout)) (connect_timeout; is the host reachable?)")
                return
            }
            if error == .bodyLengthMismatch {
                self.init(.protocolError, "\(target) sent a body whose length does not match its Content-Length")
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
        if let error = error as? HTTPParserError {
            if error == .invalidEOFState || error == .closedConnection {
                self.init(.connectionClosed, "\(target) closed the connection before the response was complete")
                return
            }
            self.init(.protocolError, "\(target) sent a response that is not valid HTTP: " + Self.fault(error))
            return
        }
        let text = String(describing: error)
        let typeName = String(describing: type(of: error))
        // One plain sentence per kind: what happened, with which host:port, and what to try. The
        // raw error (Swift and NIO type names) is only in the -v log.
        if text.contains("refused") || text.contains("ECONNREFUSED") {
            self.init(.connectionRefused, "could not connect to \(target): connection refused (is the server running, and on that port?)")
        } else if text.contains("dnsA") || text.contains("NXDOMAIN") || text.contains("resolve") || text.contains("Name or service not known")
            || typeName.contains("UnknownHost") || text.contains("UnknownHost") {
            self.init(.hostNotFound, "could not resolve host '\(URLParts(request.url)?.host ?? request.url)' (check the spelling, or the DNS settings)")
        } else if typeName.contains("SSL") || typeName.contains("TLS") || text.contains("handshake") || text.contains("BoringSSL") {
            if text.contains("WRONG_VERSION_NUMBER") || text.contains("wrong version") || text.contains("WRONG_SSL_VERSION") {
                self.init(.tls, "TLS handshake with \(target) failed: the server does not speak TLS on that port (try http://)")
            } else if text.lowercased().contains("certificate") || text.contains("CERTIFICATE") || text.contains("unable to get local issuer") {
                self.init(.tls, "TLS handshake with \(target) failed: its certificate is not trusted (for a test server, 'insecure: true')")
            } else {
                self.init(.tls, "TLS handshake with \(target) failed (run with -v for the details)")
            }
        } else if text.contains("reset") || text.contains("ECONNRESET") || text.contains("errno: 104") {
            self.init(.connectionClosed, "\(target) reset the connection before the response was complete")
        } else if text.contains("EOF") || text.contains("unexpected time") {
            self.init(.connectionClosed, "\(target) closed the connection before the response was complete")
        } else if typeName.contains("HTTPParser") || text.contains("HTTPParser") || text.contains("invalid") && text.contains("HTTP") {
            self.init(.protocolError, "\(target) sent a response that is not valid HTTP/1.1")
        } else if text.contains("closed") || text.contains("EOF") || text.contains("unexpected time") || text.contains("ended") {
            self.init(.connectionClosed, "\(target) closed the connection before the response was complete")
        } else {
            self.init(.other, "\(request.method) \(request.url) failed unexpectedly (run with -v for the details)")
        }
    }

    /// What was wrong with a response the HTTP/1.1 parser refused, in words.
    private static func fault(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidContentLength: "its Content-Length is not a number (negative, or not digits)"
        case .unexpectedContentLength: "it has more than one Content-Length, or one beside Transfer-Encoding"
        case .invalidStatus: "its status line has no valid status code"
        case .invalidVersion: "its status line does not start with a valid HTTP version"
        case .invalidConstant: "its status line does not start with HTTP/"
        case .headerOverflow: "a header line or the header section is over the limit (80 KB a line)"
        case .invalidChunkSize: "a chunk size is not a hexadecimal number"
        case .invalidHeaderToken: "a header name has a character no header name may contain"
        case .lfExpected: "a line does not end with CRLF"
        case .invalidCharactersUsed: "it has a character HTTP does not allow"
        case .trailingGarbage, .strictModeAssertion: "it has bytes after the message"
        default: "its status line or headers are malformed"
        }
    }
}
