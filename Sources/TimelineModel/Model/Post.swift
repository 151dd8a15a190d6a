/// A photo post, from `posts/<id>/`.
public struct Post: Sendable {
    public let id: ContentID
    public let author: UserReference
    /// 1 to `PostPhoto.limit` photos, in the author's order; the first stands for the post on
    /// cards and in share tags.
    public var photos: [PostPhoto]
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
        id: ContentID, author: UserReference, photos: [PostPhoto], date: Int64?, caption: String?,
        comments: [Comment], likes: [Like], source: SourceLocation
    ) {
        self.id = id
        self.author = author
        self.photos = photos
        self.date = date
        self.caption = caption
        self.comments = comments
        self.likes = likes
        self.source = source
    }

    /// The photo that stands for the post where one is shown: cards, share tags, search results.
    public var firstPhoto: PostPhoto { photos[0] }
}
