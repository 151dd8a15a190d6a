import TimelineContent
import TimelineModel

extension ContentAuthor {
    /// Replaces the text of one comment in a post's `comments.json`, keeping its ID, its author
    /// and its place among the others.
    public func editComment(_ commentID: String, on postID: String, text: String) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let post = try folder.requirePost(postID)
        guard !text.allSatisfy(\.isWhitespace) else {
            throw AuthoringError(.invalidArgument, "the comment has no text; to remove the comment, run 'timeline delete comment \(post) \(commentID)'")
        }
        var comments = try folder.readInteractions(.comments, of: post)
        let shown = folder.display(ContentLayout.file(.comments, ofPost: post))
        guard let index = comments.firstIndex(where: { $0.id == commentID }) else {
            throw AuthoringError(.unknownComment, at: SourceLocation(path: shown), "post \(post) has no comment '\(commentID)'")
        }
        guard comments[index].text != text else {
            return AuthoringResult("comment \(commentID) already has that text; nothing changed", id: commentID, path: shown, changed: false)
        }
        comments[index].text = text
        let warnings = try folder.rewrite(.comments, of: post, comments)
        return AuthoringResult("Updated comment \(commentID) on post \(post): \(shown)", id: commentID, path: shown, warnings: warnings)
    }
}
