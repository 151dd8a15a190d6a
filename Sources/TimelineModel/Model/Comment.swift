/// A comment under a post, from the post's `comments.json`.
public struct Comment: Sendable {
    public let id: ContentID
    public let author: UserReference
    /// Markdown, never empty.
    public let text: String
    public let source: SourceLocation

    public init(id: ContentID, author: UserReference, text: String, source: SourceLocation) {
        self.id = id
        self.author = author
        self.text = text
        self.source = source
    }

    public var date: Int64? { id.pushMilliseconds }
}
