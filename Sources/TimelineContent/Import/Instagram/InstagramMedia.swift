import TimelineModel

/// One photo or video of an Instagram post, as the export names it.
public struct InstagramMedia: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case photo
        /// A video (`.mp4`, `.mov`, `.m4v`, `.webm`): represented so that the caller can say
        /// it skips it, never dropped without a word.
        case video
    }

    /// The file inside the export; known to be there when the export was read.
    public let uri: InstagramEntryPath
    public let kind: Kind
    /// `creation_timestamp`, in seconds since 1970, when the item has one.
    public let timestamp: Int64?
    /// The item's own `title`, repaired; nil when absent or empty.
    public let title: String?
    /// Where the item stands in its posts file.
    public let path: JSONPath

    static let videoExtensions: Set<String> = ["mp4", "mov", "m4v", "webm"]

    static func kind(of uri: InstagramEntryPath) -> Kind {
        let name = uri.fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .photo }
        return videoExtensions.contains(name[name.index(after: dot)...].lowercased()) ? .video : .photo
    }
}
