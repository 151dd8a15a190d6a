/// One photo or video of a post, with its own text alternative. A post holds 1 to
/// `PostPhoto.limit` of them, in the author's order. A video's poster frame goes through the
/// image pipeline like a photo, so everything that shows a photo can show a video's poster.
public struct PostPhoto: Sendable, Hashable {
    public var asset: ContentAsset
    public let alt: String?
    /// What the probe found when the file is a video; nil for a photo.
    public var video: VideoDetails?

    /// The most photos one post may hold, as Instagram's carousels do.
    public static let limit = 20

    public init(asset: ContentAsset, alt: String?, video: VideoDetails? = nil) {
        self.asset = asset
        self.alt = alt
        self.video = video
    }
}
