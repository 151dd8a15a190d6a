import CBrotliEncoder

/// Brotli through libbrotli's one-shot encoder, in text mode. Its output depends only on the
/// input, the quality and the window, so the same bytes always give the same file.
struct BrotliCompressor: Sendable, Hashable {
    /// 0 (fastest) to 11 (smallest, and about a hundred times slower than 5).
    var quality: Int32
    /// The window's size as a power of two (10 to 24).
    var windowBits: Int32 = 22

    func compress(_ input: [UInt8]) throws(CompressionFailure) -> [UInt8] {
        let bound = BrotliEncoderMaxCompressedSize(input.count)
        guard bound > 0 else { throw .tooLarge(byteCount: input.count) }
        var output = [UInt8](repeating: 0, count: bound)
        var written = bound
        let succeeded = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                BrotliEncoderCompress(quality, windowBits, BROTLI_MODE_TEXT, source.count, source.baseAddress, &written, destination.baseAddress)
            }
        }
        guard succeeded == BROTLI_TRUE else { throw .brotli }
        output.removeSubrange(written...)
        return output
    }

    /// Everything that decides the output bytes besides the input, the library's version included.
    func describe(into hasher: inout StableHasher) {
        hasher.combine("brotli")
        hasher.combine(Int(quality))
        hasher.combine(Int(windowBits))
        hasher.combine(Int(BROTLI_MODE_TEXT.rawValue))
        hasher.combine(Int(BrotliEncoderVersion()))
    }
}
