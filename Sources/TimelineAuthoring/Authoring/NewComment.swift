import TimelineContent
import TimelineModel

extension ContentAuthor {
    /// Adds a comment by `username` to a post's `comments.json`, with a new push ID.
    public mutating func newComment(on postID: String, by username: String, text: String) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let post = try folder.requirePost(postID)
        try folder.requireUser(username)
        guard !text.allSatisfy(\.isWhitespace) else {
            throw AuthoringError(.invalidArgument, "the comment has no text; an empty comment is not a comment")
        }
        let comments = try folder.readInteractions(.comments, of: post)
        let id = ids.next()
        let warnings = try folder.rewrite(.comments, of: post, comments + [InteractionRecord(id: id, username: username, text: text)])
        let shown = folder.display(ContentLayout.file(.comments, ofPost: post))
        return AuthoringResult("Added comment \(id) by \(username) to post \(post): \(shown)", id: id, path: shown, warnings: warnings)
    }
}
