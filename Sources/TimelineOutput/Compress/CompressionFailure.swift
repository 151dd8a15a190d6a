import CLibZ
import SystemPackage
import TimelineModel

/// A compression library refused its input or ran out of memory. With the fixed settings the
/// compressors use, neither library fails on any input that fits in memory; the cases are
/// kept apart so that a failure says which library and what it answered.
package enum CompressionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// zlib's status code (`Z_MEM_ERROR`, `Z_STREAM_ERROR`, `Z_VERSION_ERROR`, …).
    case zlib(status: Int32)
    /// `BrotliEncoderCompress` returned false: out of memory.
    case brotli
    /// More bytes than the library can take in one call.
    case tooLarge(byteCount: Int)

    /// The system error that says the same, for reporting it as a failed write of the copy.
    var systemCode: Int32 {
        switch self {
        case .zlib(let status): status == Z_MEM_ERROR ? Errno.noMemory.rawValue : Errno.invalidArgument.rawValue
        case .brotli: Errno.noMemory.rawValue
        case .tooLarge: Errno.fileTooLarge.rawValue
        }
    }

    package var description: String {
        switch self {
        case .zlib(let status): "zlib failed with status \(status)"
        case .brotli: "the brotli encoder failed"
        case .tooLarge(let byteCount): "\(byteCount) bytes are too many to compress in one call"
        }
    }
}
