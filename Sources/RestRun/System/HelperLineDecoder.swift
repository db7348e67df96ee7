import NIOCore

/// Cuts a helper's output into lines (without their newline), each at most `limit` bytes.
struct HelperLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    /// A line longer than the limit: the helper is ended.
    struct TooLong: Error {}

    let limit: Int
    /// How far the buffer is known to hold no newline.
    private var searched = 0

    init(limit: Int) { self.limit = limit }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view[(view.startIndex + searched)...].firstIndex(of: UInt8(ascii: "\n")) else {
            searched = view.count
            if view.count > limit { throw TooLong() }
            return .needMoreData
        }
        searched = 0
        let length = newline - view.startIndex
        guard length <= limit, let line = buffer.readSlice(length: length) else { throw TooLong() }
        buffer.moveReaderIndex(forwardBy: 1)
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        // What is left has no newline: the helper stopped in the middle of an answer.
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}
