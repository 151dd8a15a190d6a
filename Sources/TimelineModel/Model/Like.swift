/// A like of a post, from the post's `likes.json`.
public struct Like: Sendable {
    public let id: ContentID
    public let author: UserReference
    public let source: SourceLocation

    public init(id: ContentID, author: UserReference, source: SourceLocation) {
        self.id = id
        self.author = author
        self.source = source
    }
}
