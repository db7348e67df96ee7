import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// Collects a response on its event loop, so a request costs one `await` however its body arrives:
/// the head, then the body kept (or only counted, when nothing reads it) up to `max_body`. A body
/// over the limit fails the request as soon as its declared length or the bytes so far exceed it.
///
/// `@unchecked Sendable`: AsyncHTTPClient calls every method of a delegate on the request's event
/// loop, one call at a time, and the state is read only through the task's future afterwards.
final class BodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    /// What arrived.
    struct Collected: Sendable {
        var head: HTTPResponseHead
        var body: [UInt8]
        var size: Int
    }

    private let limit: Int
    private let keepsBody: Bool
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []
    private var size = 0
    private var inflater: BodyInflater?

    /// Whether the response's head arrived: a failure before it means no byte of an answer came.
    var hasHead: Bool { head != nil }

    init(limit: Int, keepsBody: Bool) {
        self.limit = limit
        self.keepsBody = keepsBody
    }

    func didReceiveHead(task: HTTPClient.Task<Collected>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = head
        inflater = BodyInflater.forResponse(headers: head.headers)
        // A compressed body's length says nothing of its decompressed size; it is checked as it arrives.
        if !head.headers.contains(name: "Content-Encoding"), let declared = head.headers.first(name: "Content-Length").flatMap(Int.init) {
            if declared > limit { return task.eventLoop.makeFailedFuture(NIOTooManyBytesError(maxBytes: limit)) }
            if keepsBody { body.reserveCapacity(declared) }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Collected>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        BodyInflater.read(buffer, through: inflater, on: task.eventLoop, into: consume)
    }

    /// Counts (and keeps) bytes of the body as the request reads it: decompressed, when it was sent
    /// compressed.
    private func consume(_ bytes: UnsafeRawBufferPointer) throws {
        size += bytes.count
        if size > limit { throw NIOTooManyBytesError(maxBytes: limit) }
        if keepsBody { body.append(contentsOf: bytes) }
    }

    func didFinishRequest(task: HTTPClient.Task<Collected>) throws -> Collected {
        guard let head else { throw HTTPClientError.remoteConnectionClosed }
        try inflater?.finish()
        return Collected(head: head, body: body, size: size)
    }
}
