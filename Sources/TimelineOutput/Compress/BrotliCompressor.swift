import CBrotliEncoder
import TimelineModel

/// Brotli through libbrotli's one-shot encoder, in text mode. Its output depends only on the
/// input, the quality and the window, so the same bytes always give the same file.
package struct BrotliCompressor: Sendable, Hashable {
    /// 0 (fastest) to 11 (smallest, and about a hundred times slower than 5).
    var quality: Int32
    /// The largest window, as a power of two (10 to 24). A smaller file gets the smallest window
    /// that holds it, as the `brotli` command picks it: a larger one finds nothing more in it,
    /// and the encoder sets up hash tables for the whole window on every call (at 22 bits, a
    /// page of a few kilobytes took twenty times longer to compress at quality 9).
    var largestWindowBits: Int32 = 22

    /// The smallest window whose reach (its size less 16 bytes) covers `byteCount` bytes.
    func windowBits(for byteCount: Int) -> Int32 {
        var bits = BROTLI_MIN_WINDOW_BITS
        while bits < largestWindowBits, (1 << bits) - 16 < byteCount { bits += 1 }
        return bits
    }

    func compress(_ input: [UInt8]) throws(CompressionFailure) -> [UInt8] {
        let bound = BrotliEncoderMaxCompressedSize(input.count)
        guard bound > 0 else { throw .tooLarge(byteCount: input.count) }
        var output = [UInt8](repeating: 0, count: bound)
        var written = bound
        let succeeded = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                BrotliEncoderCompress(
                    quality, windowBits(for: source.count), BROTLI_MODE_TEXT, source.count, source.baseAddress, &written, destination.baseAddress)
            }
        }
        guard succeeded == BROTLI_TRUE else { throw .brotli }
        output.removeSubrange(written...)
        return output
    }

    /// The version of the libbrotli the tool runs with (its number packs major, minor and
    /// patch in 12-bit fields).
    package static var libraryVersion: String {
        let number = BrotliEncoderVersion()
        return "\(number >> 24).\((number >> 12) & 0xFFF).\(number & 0xFFF)"
    }

    /// Everything that decides the output bytes besides the input, the library's version included.
    var identity: String {
        "brotli quality \(quality) window \(largestWindowBits) text, libbrotli \(BrotliEncoderVersion())"
    }
}
