import TimelineContent
import TimelineModel

/// One photo or video of an Instagram post, as the export names it.
public struct InstagramMedia: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case photo
        /// A file named as one of the video formats a post may hold (`VideoFormat`), imported
        /// as the post's video.
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

    static func kind(of uri: InstagramEntryPath) -> Kind {
        AssetReader.isVideoFileName(uri.fileName) ? .video : .photo
    }
}
