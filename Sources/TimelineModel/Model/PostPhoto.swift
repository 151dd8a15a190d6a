/// One photo of a post, with its own text alternative. A post holds 1 to `PostPhoto.limit`
/// of them, in the author's order.
public struct PostPhoto: Sendable, Hashable {
    public var asset: ContentAsset
    public let alt: String?

    /// The most photos one post may hold, as Instagram's carousels do.
    public static let limit = 20

    public init(asset: ContentAsset, alt: String?) {
        self.asset = asset
        self.alt = alt
    }
}
