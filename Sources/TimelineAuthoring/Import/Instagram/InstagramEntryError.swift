import TimelineContent
import TimelineModel

/// Why one entry of an Instagram export could not be read or copied. The reader turns it into
/// an `InstagramIssue`; a caller copying media decides whether to go on.
public enum InstagramEntryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not in the export, or not a regular file there (a folder, a symbolic link, never
    /// followed).
    case missing
    /// Larger than the reader allows (declared, or found while decompressing).
    case tooLarge(limit: Int)
    /// The export's bytes cannot be read: an I/O error, a damaged or unsupported zip entry, a
    /// checksum that does not match, an entry that holds more or less than it declares.
    case unreadable(String)
    /// The destination cannot be written.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .missing: "the file is not in the export"
        case .tooLarge(let limit): "the file is larger than \(Self.size(limit))"
        case .unreadable(let reason): "the file cannot be read: \(reason)"
        case .cannotWrite(let reason): reason
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }
}
