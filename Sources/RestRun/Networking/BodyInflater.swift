import CZlib
import NIOCore

/// Undoes a response's `Content-Encoding: gzip` (or `x-gzip`) or `deflate` as the body arrives,
/// with zlib. rest-run inflates bodies itself rather than through AsyncHTTPClient's decompression
/// handler, which sat in every connection's pipeline whether a response was compressed or not.
/// Other codings (`br`, `zstd`) are left as they are, as they were before.
final class BodyInflater {
    /// Why a compressed body cannot be read.
    struct Corrupt: Error, Sendable {
        /// The coding the response named.
        var coding: String
        /// Whether the data ended before the compressed stream did.
        var cutShort: Bool
    }

    private let stream: UnsafeMutablePointer<z_stream>
    private let coding: String
    private var ended = false
    private var started = false
    private var output = [UInt8](repeating: 0, count: 64 * 1024)

    /// An inflater for the body `headers` describe, or nil when it is not gzip or deflate.
    static func forResponse(headers: some Sequence<(name: String, value: String)>) -> BodyInflater? {
        var coding: String?
        for (name, value) in headers where name.utf8.count == 16 && name.lowercased() == "content-encoding" {
            let token = value.lowercased().filter { $0 != " " && $0 != "\t" }
            guard !token.isEmpty, token != "identity" else { continue }
            coding = token
        }
        guard let coding else { return nil }
        switch coding {
        // zlib's windowBits: 16 + 15 reads a gzip wrapper; 32 + 15 either wrapper, for the
        // servers that send gzip data as "deflate".
        case "gzip", "x-gzip": return BodyInflater(coding: coding, windowBits: 16 + 15)
        case "deflate": return BodyInflater(coding: coding, windowBits: 32 + 15)
        default: return nil
        }
    }

    private init?(coding: String, windowBits: Int32) {
        self.coding = coding
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            return nil
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates `input`, handing each run of decompressed bytes to `consume`, which may stop the
    /// read by throwing. Bytes after the end of the compressed data are ignored, as curl does.
    func inflate(_ input: UnsafeRawBufferPointer, into consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !ended, let base = input.baseAddress, !input.isEmpty else { return }
        started = true
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        // Output that filled the buffer may have more behind it, even when the input is used up.
        var outputFull = false
        while stream.pointee.avail_in > 0 || outputFull, !ended {
            let (status, produced) = output.withUnsafeMutableBytes { buffer -> (Int32, Int) in
                guard let start = buffer.baseAddress else { return (Z_MEM_ERROR, 0) }
                stream.pointee.next_out = start.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(buffer.count)
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                return (status, buffer.count - Int(stream.pointee.avail_out))
            }
            switch status {
            case Z_STREAM_END: ended = true
            case Z_OK: break
            // No progress with input left and room for output: a stream zlib cannot read.
            case Z_BUF_ERROR where produced == 0 && stream.pointee.avail_in > 0: throw Corrupt(coding: coding, cutShort: false)
            case Z_BUF_ERROR: break
            default: throw Corrupt(coding: coding, cutShort: false)
            }
            outputFull = produced == output.count
            if produced > 0 {
                try output.withUnsafeBytes { try consume(UnsafeRawBufferPointer(rebasing: $0[..<produced])) }
            }
        }
    }

    /// Hands `buffer`'s bytes to `consume` (through `inflater` when the body is compressed), as a
    /// response delegate's answer: failed when `consume` or the inflater threw.
    static func read(
        _ buffer: ByteBuffer, through inflater: BodyInflater?, on loop: any EventLoop, into consume: (UnsafeRawBufferPointer) throws -> Void
    ) -> EventLoopFuture<Void> {
        do {
            try buffer.withUnsafeReadableBytes { bytes in
                if let inflater {
                    try inflater.inflate(bytes, into: consume)
                } else {
                    try consume(bytes)
                }
            }
        } catch {
            return loop.makeFailedFuture(error)
        }
        return loop.makeSucceededVoidFuture()
    }

    /// Checks, when the body has ended, that the compressed data did too (an empty body, as a
    /// HEAD request or a 304 gets, is fine).
    func finish() throws {
        guard ended || !started else { throw Corrupt(coding: coding, cutShort: true) }
    }
}
