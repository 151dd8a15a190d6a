import CLibZ
import TimelineModel

/// gzip through zlib's `deflate`, with a fixed header (no name, modification time 0, operating
/// system "Unix") so that the same bytes always give the same file, on every machine.
package struct GzipCompressor: Sendable, Hashable {
    /// 1 (fastest) to 9 (smallest).
    var level: Int32 = 9
    /// 1 to 9: how much memory deflate uses for its match state; 9 compresses slightly better.
    var memoryLevel: Int32 = 9

    /// 15 bits of window, plus 16 for the gzip wrapper instead of zlib's.
    private static let gzipWindowBits: Int32 = 15 + 16
    /// The gzip header's OS byte for Unix, which zlib writes by default on Linux; named here so
    /// that a macOS build (whose zlib says 19) writes the same bytes.
    private static let unixOperatingSystem: Int32 = 3

    func compress(_ input: [UInt8]) throws(CompressionFailure) -> [UInt8] {
        guard let inputCount = UInt32(exactly: input.count) else { throw .tooLarge(byteCount: input.count) }
        var stream = z_stream()
        var status = deflateInit2_(
            &stream, level, Z_DEFLATED, Self.gzipWindowBits, memoryLevel, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .zlib(status: status) }
        defer { deflateEnd(&stream) }
        var header = gz_header()
        header.os = Self.unixOperatingSystem
        let bound = Int(deflateBound(&stream, uLong(inputCount)))
        guard let outputCount = UInt32(exactly: bound) else { throw .tooLarge(byteCount: input.count) }
        var output = [UInt8](repeating: 0, count: bound)
        var written = 0
        status = withUnsafeMutablePointer(to: &header) { header in
            let headerStatus = deflateSetHeader(&stream, header)
            guard headerStatus == Z_OK else { return headerStatus }
            return input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { destination in
                    stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                    stream.avail_in = inputCount
                    stream.next_out = destination.baseAddress
                    stream.avail_out = outputCount
                    let finished = deflate(&stream, Z_FINISH)
                    written = bound - Int(stream.avail_out)
                    return finished
                }
            }
        }
        // deflateBound leaves room for everything, so one call with Z_FINISH ends the stream.
        guard status == Z_STREAM_END else { throw .zlib(status: status) }
        output.removeSubrange(written...)
        return output
    }

    /// The version of the zlib the tool runs with.
    package static var libraryVersion: String { String(cString: zlibVersion()) }

    /// Everything that decides the output bytes besides the input, the library's version included.
    var identity: String {
        "gzip level \(level) memory \(memoryLevel) window \(Self.gzipWindowBits) os \(Self.unixOperatingSystem), zlib \(Self.libraryVersion)"
    }
}
