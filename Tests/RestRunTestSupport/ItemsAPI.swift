import OrderedCollections
import RestRun
package import RestRunMock
import Synchronization

/// A small items API for the fuzzer's tests, served by the mock server: it validates its input
/// as its spec (`ItemsAPI.spec`) says, and each of `Bug` can be planted in it.
package final class ItemsAPI: MockResponder {
    /// The bugs that can be planted.
    package enum Bug: Sendable, CaseIterable {
        /// `GET /items` answers 500 when `q` holds a character outside ASCII.
        case serverError
        /// `POST /items` answers a body without `id` when `price` is over 1000.
        case bodyBreaksSchema
        /// `POST /items` accepts a name longer than 50 characters.
        case acceptsInvalid
        /// `DELETE /items/{id}` answers 204 and keeps the item.
        case deletedStillThere
        /// `GET /items` answers `text/plain` when `limit` is 90 or more.
        case undeclaredContentType
        /// `GET /items/{id}` answers 404 for items whose name is shorter than 3 characters.
        case createdNotFound
        /// `PATCH /items`, which the spec does not declare, answers 200.
        case undeclaredMethod
        /// `POST /orders` accepts a line whose `qty` is over its maximum (99).
        case nestedBoundUnchecked
        /// `POST /orders` answers 500 when `note` is over 400 characters (its maxLength is 500).
        case failsOnLongText
        /// `POST /orders` answers 503 when it has 20 lines (its maxItems).
        case failsAtMaxItems
        /// `GET /items` answers 502 when `q` (no maxLength) is over 500 characters.
        case failsOnLongQuery
        /// `POST /orders` does not check its required `X-Request-ID` header.
        case ignoresRequiredHeader
        /// `GET /admin/stats` answers without checking its bearer token.
        case ignoresAuth
        /// `GET /admin/keys` takes any `X-API-Key`, not only its key.
        case acceptsAnyKey
    }

    /// The bearer token `GET /admin/stats` takes, and the key `GET /admin/keys` takes.
    package static let adminToken = "admin-token-7f3e", apiKey = "key-5c21"

    /// Every `throttle`-th request is answered 429 with `Retry-After: 0` (0: never).
    private let throttle: Int
    /// The `Authorization` header every request must carry (401 otherwise), if any.
    private let requiredAuthorization: String?

    private struct Store {
        var items: [Int: DecodedValue] = [:]
        var nextID = 1
        var served = 0
    }

    private let bugs: Set<Bug>
    private let store = Mutex(Store())

    /// The API with `bugs` planted.
    package init(bugs: Set<Bug>, throttle: Int = 0, requiredAuthorization: String? = nil) {
        self.bugs = bugs
        self.throttle = throttle
        self.requiredAuthorization = requiredAuthorization
    }

    package var requestsServed: Int { store.withLock { $0.served } }
    package var compresses: Bool { false }
    package var summary: String { "the items API" }

    package func reply(method: String, uri: String, headers: [(String, String)], body: [UInt8]) -> MockRouter.Reply {
        let served = store.withLock { store in
            store.served += 1
            return store.served
        }
        if throttle > 0, served % throttle == 0 {
            return MockRouter.Reply(status: 429, headers: [("Retry-After", "0"), ("Content-Type", "application/json")], body: Array("{}".utf8))
        }
        if let requiredAuthorization, !headers.contains(where: { $0.0.lowercased() == "authorization" && $0.1 == requiredAuthorization }) {
            return Self.json(401, ["error": "unauthorized"])
        }
        let path = String(uri.prefix { $0 != "?" })
        let query = OpenAPIContract.query(uri)
        let segments = path.split(separator: "/").map(String.init)
        switch (method, segments) {
        case ("GET", ["v1", "items"]):
            guard let limit = Int(query["limit"] ?? "10"), (1...100).contains(limit), !(query["limit"] ?? "").contains(",") else {
                return Self.json(422, ["error": "limit"])
            }
            if bugs.contains(.serverError), let text = query["q"], text.unicodeScalars.contains(where: { !$0.isASCII }) {
                return Self.json(500, ["error": "boom"])
            }
            if bugs.contains(.failsOnLongQuery), let text = query["q"], text.unicodeScalars.count > 500 {
                return Self.json(502, ["error": "upstream"])
            }
            if bugs.contains(.undeclaredContentType), limit >= 90 {
                return MockRouter.Reply(status: 200, headers: [("Content-Type", "text/plain")], body: Array("items".utf8), delay: nil, events: nil)
            }
            let items = store.withLock { store in store.items.keys.sorted().prefix(limit).compactMap { store.items[$0] } }
            return Self.reply(200, .array(items))
        case ("POST", ["v1", "items"]):
            guard case let .object(members)? = try? JSONParser.parse(body) else { return Self.json(422, ["error": "body"]) }
            guard Set(members.keys).isSubset(of: ["name", "price", "tags"]) else { return Self.json(422, ["error": "unknown property"]) }
            guard case let .string(name)? = members["name"], !name.isEmpty,
                  name.unicodeScalars.count <= 50 || bugs.contains(.acceptsInvalid) else { return Self.json(422, ["error": "name"]) }
            let price: Double
            switch members["price"] {
            case let .integer(value)?: price = Double(value)
            case let .number(value)?: price = value
            default: return Self.json(422, ["error": "price"])
            }
            guard price >= 0 else { return Self.json(422, ["error": "price"]) }
            var tags: [DecodedValue] = []
            if let given = members["tags"] {
                guard case let .array(list) = given, list.allSatisfy({ if case .string = $0 { true } else { false } }) else {
                    return Self.json(422, ["error": "tags"])
                }
                tags = list
            }
            let item = store.withLock { store -> DecodedValue in
                let id = store.nextID
                store.nextID += 1
                let item = DecodedValue.object(["id": .integer(id), "name": .string(name), "price": members["price"] ?? .integer(0), "tags": .array(tags)])
                store.items[id] = item
                return item
            }
            if bugs.contains(.bodyBreaksSchema), price > 1000 { return Self.reply(201, .object(["name": .string(name)])) }
            return Self.reply(201, item)
        case ("GET", let parts) where parts.count == 3 && parts[0] == "v1" && parts[1] == "items":
            guard let id = Int(parts[2]), id >= 0 else { return Self.json(422, ["error": "id"]) }
            guard let item = store.withLock({ $0.items[id] }) else { return Self.json(404, ["error": "not found"]) }
            if bugs.contains(.createdNotFound), case let .object(members) = item, case let .string(name)? = members["name"], name.unicodeScalars.count < 3 {
                return Self.json(404, ["error": "not found"])
            }
            return Self.reply(200, item)
        case ("DELETE", let parts) where parts.count == 3 && parts[0] == "v1" && parts[1] == "items":
            guard let id = Int(parts[2]), id >= 0 else { return Self.json(422, ["error": "id"]) }
            let found = store.withLock { store -> Bool in
                guard store.items[id] != nil else { return false }
                if !bugs.contains(.deletedStillThere) { store.items[id] = nil }
                return true
            }
            return found ? MockRouter.Reply(status: 204, headers: [], body: [], delay: nil, events: nil) : Self.json(404, ["error": "not found"])
        case ("PATCH", ["v1", "items"]) where bugs.contains(.undeclaredMethod):
            return Self.reply(200, .array([]))
        case ("POST", ["v1", "orders"]):
            return order(headers: headers, body: body)
        case ("GET", ["v1", "admin", "stats"]):
            let bearer = headers.first { $0.0.lowercased() == "authorization" }?.1
            guard bugs.contains(.ignoresAuth) || bearer == "Bearer \(Self.adminToken)" else { return Self.json(401, ["error": "unauthorized"]) }
            return Self.reply(200, .object(["items": .integer(store.withLock { $0.items.count })]))
        case ("GET", ["v1", "admin", "keys"]):
            guard let key = headers.first(where: { $0.0.lowercased() == "x-api-key" })?.1,
                  key == Self.apiKey || (bugs.contains(.acceptsAnyKey) && !key.isEmpty) else { return Self.json(401, ["error": "unauthorized"]) }
            return Self.reply(200, .object(["keys": .integer(1)]))
        default:
            return Self.json(404, ["error": "no route"])
        }
    }

    /// `POST /orders`: the request-id header, then the body as its schema says, every bound at
    /// every depth checked (but what a bug leaves out).
    private func order(headers: [(String, String)], body: [UInt8]) -> MockRouter.Reply {
        let requestID = headers.first { $0.0.lowercased() == "x-request-id" }?.1 ?? ""
        guard !requestID.isEmpty || bugs.contains(.ignoresRequiredHeader) else { return Self.json(400, ["error": "X-Request-ID"]) }
        guard case let .object(members)? = try? JSONParser.parse(body), Set(members.keys).isSubset(of: ["customer", "note", "lines"]) else {
            return Self.json(422, ["error": "body"])
        }
        func text(_ value: DecodedValue?, _ range: ClosedRange<Int>) -> Bool {
            if case let .string(text)? = value { return range.contains(text.unicodeScalars.count) }
            return false
        }
        func integer(_ value: DecodedValue?, _ range: ClosedRange<Int>) -> Bool {
            if case let .integer(number)? = value { return range.contains(number) }
            if case let .number(number)? = value { return number == number.rounded() && Double(range.lowerBound) <= number && number <= Double(range.upperBound) }
            return false
        }
        guard case let .object(customer)? = members["customer"], text(customer["name"], 1...40),
              customer["age"] == nil || integer(customer["age"], 18...120) else { return Self.json(422, ["error": "customer"]) }
        if let note = members["note"] {
            guard text(note, 0...500) else { return Self.json(422, ["error": "note"]) }
            if bugs.contains(.failsOnLongText), case let .string(value) = note, value.unicodeScalars.count > 400 { return Self.json(500, ["error": "boom"]) }
        }
        guard case let .array(lines)? = members["lines"], (1...20).contains(lines.count) else { return Self.json(422, ["error": "lines"]) }
        for line in lines {
            guard case let .object(fields) = line, text(fields["sku"], 1...12),
                  integer(fields["qty"], 1...99) || (bugs.contains(.nestedBoundUnchecked) && integer(fields["qty"], 1...Int.max)) else {
                return Self.json(422, ["error": "line"])
            }
        }
        if bugs.contains(.failsAtMaxItems), lines.count == 20 { return Self.json(503, ["error": "busy"]) }
        let id = store.withLock { store -> Int in
            store.nextID += 1
            return store.nextID
        }
        return Self.reply(201, .object(["id": .integer(id)]))
    }

    private static func json(_ status: Int, _ members: [String: String]) -> MockRouter.Reply {
        reply(status, .object(.init(uniqueKeysWithValues: members.map { ($0.key, DecodedValue.string($0.value)) })))
    }

    private static func reply(_ status: Int, _ value: DecodedValue) -> MockRouter.Reply {
        MockRouter.Reply(status: status, headers: [("Content-Type", "application/json")], body: value.jsonBytes, delay: nil, events: nil)
    }

    /// Serves the API with `bugs` while `body` runs.
    package static func serving<T: Sendable>(
        bugs: Set<Bug>, throttle: Int = 0, authorization: String? = nil, _ body: (MockServer) async throws -> T
    ) async throws -> T {
        try await MockServer.serving(responder: ItemsAPI(bugs: bugs, throttle: throttle, requiredAuthorization: authorization), body)
    }

    /// The API's spec (its server is the mock's URL with `/v1`, given to `rest-run fuzz --url`).
    package static let spec = """
        openapi: 3.0.3
        info: { title: Items, version: "1" }
        paths:
          /items:
            get:
              operationId: listItems
              tags: [items]
              parameters:
                - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100 } }
                - { name: q, in: query, schema: { type: string } }
              responses:
                "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } } }
                "422": { $ref: "#/components/responses/Invalid" }
            post:
              operationId: createItem
              tags: [items]
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      additionalProperties: false
                      required: [name, price]
                      properties:
                        name: { type: string, minLength: 1, maxLength: 50 }
                        price: { type: number, minimum: 0 }
                        tags: { type: array, items: { type: string } }
              responses:
                "201":
                  description: created
                  content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } }
                  links:
                    GetItem: { operationId: getItem, parameters: { id: "$response.body#/id" } }
                "422": { $ref: "#/components/responses/Invalid" }
          /items/{id}:
            parameters:
              - { name: id, in: path, required: true, schema: { type: integer, minimum: 0 } }
            get:
              operationId: getItem
              tags: [lookup]
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
                "404": { $ref: "#/components/responses/Invalid" }
                "422": { $ref: "#/components/responses/Invalid" }
            delete:
              operationId: deleteItem
              responses:
                "204": { description: deleted }
                "404": { $ref: "#/components/responses/Invalid" }
                "422": { $ref: "#/components/responses/Invalid" }
          /orders:
            post:
              operationId: createOrder
              tags: [orders]
              parameters:
                - { name: X-Request-ID, in: header, required: true, schema: { type: string, minLength: 1 } }
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      additionalProperties: false
                      required: [customer, lines]
                      properties:
                        customer:
                          type: object
                          required: [name]
                          properties:
                            name: { type: string, minLength: 1, maxLength: 40 }
                            age: { type: integer, minimum: 18, maximum: 120 }
                        note: { type: string, maxLength: 500 }
                        lines:
                          type: array
                          minItems: 1
                          maxItems: 20
                          items:
                            type: object
                            required: [sku, qty]
                            properties:
                              sku: { type: string, minLength: 1, maxLength: 12 }
                              qty: { type: integer, minimum: 1, maximum: 99 }
              responses:
                "201": { description: created, content: { application/json: { schema: { type: object, required: [id], properties: { id: { type: integer } } } } } }
                "400": { $ref: "#/components/responses/Invalid" }
                "422": { $ref: "#/components/responses/Invalid" }
          /admin/stats:
            get:
              operationId: adminStats
              tags: [admin]
              security: [ { bearerAuth: [] } ]
              responses:
                "200": { description: ok, content: { application/json: { schema: { type: object, properties: { items: { type: integer } } } } } }
                "401": { $ref: "#/components/responses/Invalid" }
          /admin/keys:
            get:
              operationId: adminKeys
              tags: [admin]
              security: [ { apiKey: [] } ]
              responses:
                "200": { description: ok, content: { application/json: { schema: { type: object, properties: { keys: { type: integer } } } } } }
                "401": { $ref: "#/components/responses/Invalid" }
        components:
          securitySchemes:
            bearerAuth: { type: http, scheme: bearer }
            apiKey: { type: apiKey, in: header, name: X-API-Key }
          responses:
            Invalid:
              description: not done
              content: { application/json: { schema: { type: object, required: [error], properties: { error: { type: string } } } } }
          schemas:
            Item:
              type: object
              required: [id, name, price]
              properties:
                id: { type: integer }
                name: { type: string }
                price: { type: number }
                tags: { type: array, items: { type: string } }
        """
}
