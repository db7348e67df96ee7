import NIOCore
import NIOHTTP1

/// A response body as it arrives, for AsyncHTTPClient's `BodyCollector` and rest-run's own
/// `PlainResponseReader` alike: kept (or only counted, when nothing reads it) up to `max_body`,
/// inflated when it was sent compressed. A body over the limit fails as soon as its declared
/// length or the bytes so far exceed it.
struct ResponseBody {
    /// The most bytes the body may have (decompressed).
    let limit: Int
    /// Whether the bytes are kept.
    let keepsBody: Bool
    /// The bytes kept.
    private(set) var bytes: [UInt8] = []
    /// The bytes received (decompressed), kept or not.
    private(set) var size = 0
    private var inflater: BodyInflater?

    /// An empty body.
    init(limit: Int, keepsBody: Bool) {
        self.limit = limit
        self.keepsBody = keepsBody
    }

    /// The response's head arrived: its `Content-Encoding` picks the inflater, its
    /// `Content-Length` is checked against the limit. Throws `NIOTooManyBytesError`.
    mutating func begin(_ headers: HTTPHeaders) throws {
        inflater = BodyInflater.forResponse(headers: headers)
        // A compressed body's length says nothing of its decompressed size; it is checked as it arrives.
        if !headers.contains(name: "Content-Encoding"), let declared = headers.first(name: "Content-Length").flatMap(Int.init) {
            if declared > limit { throw NIOTooManyBytesError(maxBytes: limit) }
            if keepsBody { bytes.reserveCapacity(declared) }
        }
    }

    /// Reads `buffer`, through the inflater when the body is compressed. Throws
    /// `NIOTooManyBytesError` or `BodyInflater.Corrupt`.
    mutating func read(_ buffer: ByteBuffer) throws {
        try buffer.withUnsafeReadableBytes { received in
            if let inflater {
                try inflater.inflate(received) { try consume($0) }
            } else {
                try consume(received)
            }
        }
    }

    /// Checks, when the body has ended, that compressed data ended too.
    func finish() throws { try inflater?.finish() }

    private mutating func consume(_ received: UnsafeRawBufferPointer) throws {
        size += received.count
        if size > limit { throw NIOTooManyBytesError(maxBytes: limit) }
        if keepsBody { bytes.append(contentsOf: received) }
    }
}
