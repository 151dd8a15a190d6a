/// A user's album, from `albums/<username>/<slug>.md`: posts that belong together, in the
/// owner's order, with a title and an optional description.
public struct Album: Sendable {
    /// The owner, named by the folder the file is in.
    public let owner: UserReference
    /// The file's name without `.md`: the album's address under its owner. Two albums of one
    /// owner never share a slug ignoring case.
    public let slug: String
    public let title: String
    /// Markdown, read as captions are; nil when the file has no body.
    public let description: String?
    /// The post that stands for the album; nil for its newest.
    public let cover: PostReference?
    /// One or more, in the owner's order, each once.
    public let posts: [PostReference]
    public let source: SourceLocation

    public init(
        owner: UserReference, slug: String, title: String, description: String?, cover: PostReference?, posts: [PostReference],
        source: SourceLocation
    ) {
        self.owner = owner
        self.slug = slug
        self.title = title
        self.description = description
        self.cover = cover
        self.posts = posts
        self.source = source
    }

    /// The most characters a title may have.
    public static let maximumTitleCharacters = 200
}

/// A post ID named by some record (an album's post or cover), with where it was named.
public struct PostReference: Sendable, Hashable {
    public let id: ContentID
    public let location: SourceLocation

    public init(id: ContentID, location: SourceLocation) {
        self.id = id
        self.location = location
    }
}
