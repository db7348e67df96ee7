import CZlib
@testable import RestRun
import Testing

/// Compressed response bodies, inflated as they arrive in pieces of any size.
@Suite("Body inflater")
struct BodyInflaterTests {
    /// `bytes` in zlib's format, as a server sends `Content-Encoding: deflate`.
    private static func zlibCompressed(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&output, &size, bytes, uLong(bytes.count), 6)
        #expect(status == Z_OK)
        return Array(output.prefix(Int(size)))
    }

    @Test("deflate bodies of any length, in pieces of any size, inflate to what was sent")
    func pieces() throws {
        // Text that repeats with a change on every line: it compresses many times over, so that one
        // piece of input fills the 64 KB output buffer more than once.
        let text = Array((0..<20_000).map { "line \($0): the quick brown fox\n" }.joined().utf8)
        let compressed = Self.zlibCompressed(text)
        for pieceSize in [1, 7, 4096, compressed.count] {
            let inflater = try #require(BodyInflater.forResponse(headers: [(name: "Content-Encoding", value: "Deflate")]))
            var inflated: [UInt8] = []
            var offset = 0
            while offset < compressed.count {
                let piece = Array(compressed[offset..<min(offset + pieceSize, compressed.count)])
                try piece.withUnsafeBytes { bytes in try inflater.inflate(bytes) { inflated.append(contentsOf: $0) } }
                offset += pieceSize
            }
            try inflater.finish()
            #expect(inflated == text, "pieces of \(pieceSize)")
        }
    }

    @Test("only gzip and deflate are inflated; a cut or broken stream is an error, an empty body is not")
    func codings() throws {
        #expect(BodyInflater.forResponse(headers: [(name: "content-encoding", value: "br")]) == nil)
        #expect(BodyInflater.forResponse(headers: [(name: "Content-Encoding", value: "identity")]) == nil)
        #expect(BodyInflater.forResponse(headers: [(name: "Content-Type", value: "gzip")]) == nil)
        #expect(BodyInflater.forResponse(headers: [(name: "Content-Encoding", value: "x-gzip")]) != nil)

        let empty = try #require(BodyInflater.forResponse(headers: [(name: "Content-Encoding", value: "gzip")]))
        try empty.finish()

        let compressed = Self.zlibCompressed(Array(repeating: UInt8(ascii: "a"), count: 100_000))
        let cut = try #require(BodyInflater.forResponse(headers: [(name: "Content-Encoding", value: "deflate")]))
        try Array(compressed.prefix(compressed.count / 2)).withUnsafeBytes { bytes in try cut.inflate(bytes) { _ in } }
        #expect(throws: BodyInflater.Corrupt.self) { try cut.finish() }

        let broken = try #require(BodyInflater.forResponse(headers: [(name: "Content-Encoding", value: "gzip")]))
        #expect(throws: BodyInflater.Corrupt.self) {
            try Array("not gzip".utf8).withUnsafeBytes { bytes in try broken.inflate(bytes) { _ in } }
        }
    }
}
