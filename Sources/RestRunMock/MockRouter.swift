import OrderedCollections
import RestRun
import Synchronization

/// Picks the route for a request and builds the bytes to send, counting calls per route so that
/// `responses:` are served in turn.
package final class MockRouter: MockResponder {
    /// The routes, matched in order.
    package let routes: MockRoutes
    private let calls: Mutex<[Int]>

    /// Creates a router over `routes`.
    package init(routes: MockRoutes) {
        self.routes = routes
        self.calls = Mutex(Array(repeating: 0, count: routes.routes.count))
    }

    /// Whether replies are compressed (`compress: true`).
    package var compresses: Bool { routes.compresses }

    /// `3 routes`
    package var summary: String { "\(routes.routes.count) route\(routes.routes.count == 1 ? "" : "s")" }

    /// How many requests the router has answered, matched or not.
    package var requestsServed: Int { served.withLock { $0 } }
    private let served = Mutex(0)

    /// A response ready to write.
    package struct Reply: Sendable {
        /// The status code.
        package var status: Int
        /// The headers.
        package var headers: [(String, String)]
        /// The body.
        package var body: [UInt8]
        /// How long to wait before sending it.
        package var delay: Duration?
        /// An event stream to send as the body, event by event, instead of `body`.
        package var events: [MockEvent]?
        /// Makes the body, instead of `body`, where making it may take long (a GraphQL answer asks
        /// the helper to check the query): the server runs it off its event loop, so that one slow
        /// answer holds up no other connection.
        package var slowBody: (@Sendable () -> [UInt8])?

        /// A reply of `status` with `headers` and `body`.
        package init(status: Int, headers: [(String, String)], body: [UInt8], delay: Duration? = nil, events: [MockEvent]? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.events = events
        }
    }

    /// The reply for a request: the first route that matches method and path, or a 404 (405 when
    /// only the method differs) that says what routes exist.
    package func webSocket(for uri: String) -> MockWebSocket? {
        let path = String(uri.prefix { $0 != "?" })
        return routes.routes.first { $0.websocket != nil && $0.match(path) != nil }?.websocket
    }

    package func reply(method: String, uri: String, headers: [(String, String)], body: [UInt8]) -> Reply {
        served.withLock { $0 += 1 }
        let path = String(uri.prefix { $0 != "?" })
        var pathMatched = false
        for (index, route) in routes.routes.enumerated() {
            guard let parameters = route.match(path) else { continue }
            pathMatched = true
            guard route.method == nil || route.method == method || (method == "HEAD" && route.method == "GET") else { continue }
            let call = calls.withLock { counts in
                defer { counts[index] += 1 }
                return counts[index]
            }
            guard let last = route.responses.indices.last else { continue }
            let response = route.responses[min(call, last)]
            var replyHeaders = response.headers
            let bytes: [UInt8]
            var events: [MockEvent]?
            switch response.body {
            case .empty: bytes = []
            case let .bytes(data): bytes = data
            case let .text(text): bytes = Array(Self.substitute(parameters, in: text, json: false).utf8)
            case let .json(value): bytes = Array(Self.substitute(parameters, in: value.jsonText, json: true).utf8)
            case .echo:
                bytes = Self.echo(method: method, uri: uri, headers: headers, body: body).jsonBytes
                replyHeaders.append(("Content-Type", "application/json"))
            case let .graphql(graphql):
                var reply = Reply(status: response.status, headers: replyHeaders + [("Content-Type", "application/json")], body: [], delay: response.delay)
                reply.slowBody = { graphql.answer(method: method, uri: uri, body: body).jsonBytes }
                return reply
            case let .events(list):
                bytes = []
                events = list.map { event in
                    var event = event
                    event.text = Self.substitute(parameters, in: event.text, json: false)
                    return event
                }
            }
            return Reply(status: response.status, headers: replyHeaders, body: bytes, delay: response.delay, events: events)
        }
        let status = pathMatched ? 405 : 404
        let message = pathMatched ? "no mock route for \(method) \(path) (the path exists with another method)" : "no mock route for \(method) \(path)"
        let known = DecodedValue.array(routes.routes.map { .string("\($0.method ?? "*") \($0.path)") })
        let body = DecodedValue.object(["error": .string(message), "routes": known])
        return Reply(status: status, headers: [("Content-Type", "application/json")], body: body.jsonBytes, delay: nil)
    }

    private static func substitute(_ parameters: [String: String], in text: String, json: Bool) -> String {
        guard !parameters.isEmpty, text.contains("{{") else { return text }
        var result = text
        for (name, value) in parameters {
            let replacement = json ? String(DecodedValue.string(value).jsonText.dropFirst().dropLast()) : value
            result = result.replacing("{{\(name)}}", with: replacement)
        }
        return result
    }

    private static func echo(method: String, uri: String, headers: [(String, String)], body: [UInt8]) -> DecodedValue {
        let path = String(uri.prefix { $0 != "?" })
        let queryText = uri.drop { $0 != "?" }.dropFirst()
        var query = DecodedValue.array([])
        if case var .array(items) = query {
            for pair in queryText.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { MockRoute.percentDecoded(String($0)) }
                items.append(.object(["name": .string(parts.first ?? ""), "value": .string(parts.count > 1 ? parts[1] : "")]))
            }
            query = .array(items)
        }
        var headerObject = DecodedValue.object([:])
        if case var .object(members) = headerObject {
            for (name, value) in headers {
                let key = name.lowercased()
                if case let .string(existing)? = members[key] {
                    members[key] = .string(existing + ", " + value)
                } else {
                    members[key] = .string(value)
                }
            }
            headerObject = .object(members)
        }
        let text = String(decoding: body, as: UTF8.self)
        let json = (try? JSONParser.parse(body)) ?? .null
        return .object([
            "method": .string(method), "path": .string(path), "query": query, "headers": headerObject,
            "body": .string(text), "json": json,
        ])
    }
}
