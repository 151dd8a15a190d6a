import TimelineContent
import TimelineModel

extension ContentAuthor {
    /// Removes a post's folder with its photo, comments and likes, and the post from every
    /// album that lists it (an album left empty goes too), together.
    public func deletePost(_ postID: String) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let post = try folder.requirePost(postID)
        let relativeFolder = ContentLayout.postFolder(post)
        let transaction = folder.transaction()
        try transaction.remove(relativeFolder)
        let albums = try folder.removeFromAlbums([post], in: transaction)
        try transaction.commit()
        let shown = folder.display(relativeFolder) + "/"
        let fromAlbums = albums.isEmpty ? "" : ", and from " + albums.map(folder.display).joined(separator: ", ")
        return AuthoringResult("Deleted post \(post): \(shown)\(fromAlbums)", id: post.rawValue, path: shown)
    }

    /// Removes one comment from a post's `comments.json` (the file goes with the last one).
    public func deleteComment(_ commentID: String, on postID: String) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let post = try folder.requirePost(postID)
        let comments = try folder.readInteractions(.comments, of: post)
        let shown = folder.display(ContentLayout.file(.comments, ofPost: post))
        let kept = comments.filter { $0.id != commentID }
        guard kept.count < comments.count else {
            throw AuthoringError(.unknownComment, at: SourceLocation(path: shown), "post \(post) has no comment '\(commentID)'")
        }
        let warnings = try folder.rewrite(.comments, of: post, kept)
        return AuthoringResult("Deleted comment \(commentID) from post \(post): \(shown)", id: commentID, path: shown, warnings: warnings)
    }
}
