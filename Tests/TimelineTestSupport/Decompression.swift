import CBrotliDecoder
import CLibZ

/// Decompresses what the build wrote, with the libraries' own decoders, to compare with the
/// original. Nil when the bytes are not a complete, valid stream.
package enum Decompression {
    /// A gzip member through zlib's `inflate`.
    package static func gunzip(_ compressed: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // 15 bits of window, plus 16: a gzip wrapper only.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var input = compressed
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let (status, produced) = buffer.withUnsafeMutableBufferPointer { destination in
                    stream.next_out = destination.baseAddress
                    stream.avail_out = UInt32(destination.count)
                    return (inflate(&stream, Z_NO_FLUSH), destination.count - Int(stream.avail_out))
                }
                output += buffer[..<produced]
                if status == Z_STREAM_END { return stream.avail_in == 0 ? output : nil }
                guard status == Z_OK else { return nil }
            }
        }
    }

    /// A brotli stream through `BrotliDecoderDecompress`, which needs room for the whole
    /// output: `expectedCount` bytes and one more, so that a longer output is an error.
    package static func unbrotli(_ compressed: [UInt8], expectedCount: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        var size = output.count
        let result = compressed.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                BrotliDecoderDecompress(source.count, source.baseAddress, &size, destination.baseAddress)
            }
        }
        guard result == BROTLI_DECODER_RESULT_SUCCESS else { return nil }
        return Array(output[..<size])
    }
}
