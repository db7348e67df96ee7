import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// Collects a response on its event loop, so a request costs one `await` however its body arrives:
/// the head, then the body as `ResponseBody` reads it (kept or counted up to `max_body`).
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

    private var head: HTTPResponseHead?
    private var body: ResponseBody

    /// Whether the response's head arrived: a failure before it means no byte of an answer came.
    var hasHead: Bool { head != nil }

    init(limit: Int, keepsBody: Bool) {
        body = ResponseBody(limit: limit, keepsBody: keepsBody)
    }

    func didReceiveHead(task: HTTPClient.Task<Collected>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = head
        do { try body.begin(head.headers) } catch { return task.eventLoop.makeFailedFuture(error) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Collected>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        do { try body.read(buffer) } catch { return task.eventLoop.makeFailedFuture(error) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Collected>) throws -> Collected {
        guard let head else { throw HTTPClientError.remoteConnectionClosed }
        try body.finish()
        return Collected(head: head, body: body.bytes, size: body.size)
    }
}
