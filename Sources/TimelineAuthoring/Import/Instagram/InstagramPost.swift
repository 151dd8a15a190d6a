import TimelineContent
import TimelineModel

/// One post of an Instagram export: one media item, or several (a carousel) in their order.
public struct InstagramPost: Sendable, Equatable {
    /// The post's `title`, else its first media item's; repaired, nil when empty.
    public let caption: String?
    /// The post's `creation_timestamp`, else its first media item's, in seconds since 1970.
    public let timestamp: Int64
    /// Never empty.
    public let media: [InstagramMedia]
    /// The posts file it was read from, and its place there.
    public let file: String
    public let path: JSONPath
}
