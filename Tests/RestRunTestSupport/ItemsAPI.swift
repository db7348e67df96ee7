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
    }

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
        default:
            return Self.json(404, ["error": "no route"])
        }
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
        components:
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
