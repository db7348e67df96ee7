#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One file run's cookies: every `Set-Cookie` a response sends is kept (honouring `Domain`, `Path`,
/// `Expires`/`Max-Age` and `Secure`) and sent back with the later requests it matches.
package final class CookieJar: PartialNetworkingDelegate {
    /// The hooks it acts in.
    package var hooks: DelegateHooks.Hooks { [.headers, .didReceive] }

    private let cookies = Mutex<[Cookie]>([])

    /// An empty jar.
    package init() {}

    /// The cookies held now, oldest first.
    package var all: [Cookie] { cookies.withLock { $0 } }

    /// A `Cookie` header with the cookies that match the request's URL, most specific path first.
    package func headers(for networking: any Networking, request: PreparedRequest) async throws -> [(String, String)] {
        cookieHeader(for: request)
    }

    /// The same, which never waits.
    package func headersAtOnce(for request: PreparedRequest) -> [(String, String)]? {
        cookieHeader(for: request)
    }

    private func cookieHeader(for request: PreparedRequest) -> [(String, String)] {
        guard !cookies.withLock({ $0.isEmpty }), let url = URLParts(request.url) else { return [] }
        let now = Int(time(nil))
        let matching = cookies.withLock { $0.filter { $0.matches(url, now: now) } }
            .sorted { $0.path.count > $1.path.count }
        guard !matching.isEmpty else { return [] }
        return [("Cookie", matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; "))]
    }

    /// Stores the cookies a response sets; an expired one removes the stored cookie.
    package func networking(
        _ networking: any Networking, didReceive result: Result<Response, any Error>,
        for request: PreparedRequest, duration: Duration
    ) {
        guard case let .success(response) = result else { return }
        let setCookies = response.headers.values(for: "Set-Cookie")
        guard !setCookies.isEmpty, let url = URLParts(response.url) else { return }
        store(setCookies, from: url)
    }

    /// Stores `Set-Cookie` header values received from `url`.
    package func store(_ setCookies: [String], from url: URLParts) {
        let now = Int(time(nil))
        let received = setCookies.compactMap { Cookie(setCookie: $0, from: url, now: now) }
        guard !received.isEmpty else { return }
        cookies.withLock { list in
            for cookie in received {
                list.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
                if cookie.expires.map({ $0 > now }) ?? true { list.append(cookie) }
            }
        }
    }
}
