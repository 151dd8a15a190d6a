/// A photo post, from `posts/<id>/`.
public struct Post: Sendable {
    public let id: ContentID
    public let author: UserReference
    public var photo: ContentAsset
    public let alt: String?
    /// Milliseconds since 1970: front matter `date`, else the push ID's time, else unknown.
    public let date: Int64?
    /// Markdown; nil when the post has no caption.
    public let caption: String?
    /// Oldest first.
    public let comments: [Comment]
    public let likes: [Like]
    public let source: SourceLocation
    /// `extra:` values for the theme (templates receive them as `extra`).
    public var extra: ExtraValue?

    public init(
        id: ContentID, author: UserReference, photo: ContentAsset, alt: String?, date: Int64?, caption: String?,
        comments: [Comment], likes: [Like], source: SourceLocation
    ) {
        self.id = id
        self.author = author
        self.photo = photo
        self.alt = alt
        self.date = date
        self.caption = caption
        self.comments = comments
        self.likes = likes
        self.source = source
    }
}
