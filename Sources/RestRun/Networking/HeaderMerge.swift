/// How the headers of an outgoing request are put together, in this order (later wins):
/// rest-run's defaults (`User-Agent`, `Accept`, `Accept-Encoding`), the file's headers and
/// `auth:`, each delegate's headers in delegate order (cookies, plugins), then the request's own;
/// headers the request removes with `null` are dropped, and the body's Content-Type is added when
/// none is set (a `multipart/*` one set without a boundary gets the body's); an `aws_sigv4` auth
/// then signs the result.
package enum HeaderMerge {
    /// `request` with its headers merged as described.
    public static func merge(
        _ request: PreparedRequest, delegates: [any NetworkingDelegate], networking: any Networking
    ) async throws -> PreparedRequest {
        merge(request, delegateHeaders: try await DelegateHooks(delegates).headers(for: request, networking: networking))
    }

    /// `request` with its headers merged as described, `delegateHeaders` being what the delegates
    /// gave, in their order.
    static func merge(_ request: PreparedRequest, delegateHeaders: [(String, String)]) -> PreparedRequest {
        var headers = request.wire?.sendsDefaultHeaders == false ? Headers() : Headers(Networker.defaultHeaders)
        for (name, value) in request.fileHeaders { headers.set(name, value) }
        for (name, value) in delegateHeaders { headers.set(name, value) }
        for field in request.headers { headers.remove(field.name) }
        for field in request.headers { headers.add(field.name, field.value) }
        for name in request.removedHeaders { headers.remove(name) }
        if let contentType = request.body?.contentType {
            if !headers.contains("Content-Type"), !request.removedHeaders.contains("content-type") {
                headers.add("Content-Type", contentType)
            } else if let boundary = MediaType.boundaryParameter(contentType), let named = headers["Content-Type"],
                      MediaType.essence(named).hasPrefix("multipart/"), MediaType.boundaryParameter(named) == nil {
                // A multipart type named by hand without its boundary gets the body's, as curl
                // adds it: without one the server cannot split the parts.
                headers.set("Content-Type", named + "; boundary=" + boundary)
            }
        }
        var merged = request
        // A signature covers the headers as they are sent, so it is made last.
        if let auth = request.auth, !request.removedHeaders.contains("authorization") {
            headers = auth.signed(headers, for: request)
        }
        merged.headers = headers
        return merged
    }
}
