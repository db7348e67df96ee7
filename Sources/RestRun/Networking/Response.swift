/// A response as the networker received it: status, headers and the whole (decompressed) body.
public struct Response: Sendable {
    // The fields live in one shared box, copied only when a copy is changed: a response is copied
    // into its attempt, its history and its result, and each copy of eight fields (and its
    // destruction) cost hundreds of instructions. Fields are changed only through
    // `uniqueStorage()`, on a box no other response shares, so no access to one can overlap
    // another, and the runtime's exclusivity checks are off.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var status: Int
        @exclusivity(unchecked) var reason: String
        @exclusivity(unchecked) var headers: Headers
        @exclusivity(unchecked) var body: [UInt8]
        @exclusivity(unchecked) var bodySize: Int
        @exclusivity(unchecked) var url: String
        @exclusivity(unchecked) var duration: Duration
        @exclusivity(unchecked) var attempts: [Attempt] = []

        init(
            status: Int, reason: String, headers: Headers, body: [UInt8], bodySize: Int, url: String, duration: Duration
        ) {
            self.status = status
            self.reason = reason
            self.headers = headers
            self.body = body
            self.bodySize = bodySize
            self.url = url
            self.duration = duration
        }

        func copy() -> Storage {
            let copy = Storage(
                status: status, reason: reason, headers: headers, body: body, bodySize: bodySize, url: url, duration: duration)
            copy.attempts = attempts
            return copy
        }
    }

    private var storage: Storage

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The status code.
    public var status: Int {
        get { storage.status }
        _modify { yield &uniqueStorage().status }
    }
    /// The reason phrase, if the server sent one.
    public var reason: String {
        get { storage.reason }
        _modify { yield &uniqueStorage().reason }
    }
    /// The header fields.
    public var headers: Headers {
        get { storage.headers }
        _modify { yield &uniqueStorage().headers }
    }
    /// The body bytes (empty when the request did not keep its body).
    public var body: [UInt8] {
        get { storage.body }
        _modify { yield &uniqueStorage().body }
    }
    /// How many body bytes arrived, kept or not.
    public var bodySize: Int {
        get { storage.bodySize }
        _modify { yield &uniqueStorage().bodySize }
    }
    /// The URL that answered (after redirects).
    public var url: String {
        get { storage.url }
        _modify { yield &uniqueStorage().url }
    }
    /// How long the request took, from sending to the last byte of the body.
    public var duration: Duration {
        get { storage.duration }
        _modify { yield &uniqueStorage().duration }
    }
    /// Every attempt, this one last (without their bodies): one for a request sent once.
    public var attempts: [Attempt] {
        get { storage.attempts }
        _modify { yield &uniqueStorage().attempts }
    }

    /// Creates a response.
    public init(status: Int, reason: String = "", headers: Headers = Headers(), body: [UInt8] = [], url: String = "", duration: Duration = .zero) {
        storage = Storage(
            status: status, reason: reason, headers: headers, body: body, bodySize: body.count, url: url, duration: duration)
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }
}
