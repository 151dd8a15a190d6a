import TimelineContent
import TimelineModel

extension ContentAuthor {
    /// Adds a like by `username` to a post's `likes.json`. A user who already likes the post
    /// is left as they are (the original data has double likes, but a command need not add more).
    public mutating func like(_ postID: String, by username: String) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let (post, likes, shown) = try likesFile(postID, username)
        if likes.contains(where: { $0.username == username }) {
            return AuthoringResult("\(username) already likes post \(post); nothing changed", path: shown, changed: false)
        }
        let id = ids.next()
        let warnings = try folder.rewrite(.likes, of: post, likes + [InteractionRecord(id: id, username: username)])
        return AuthoringResult("\(username) likes post \(post) (like \(id)): \(shown)", id: id, path: shown, warnings: warnings)
    }

    /// Removes every like by `username` from a post (the file goes when no like is left).
    public func unlike(_ postID: String, by username: String) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let (post, likes, shown) = try likesFile(postID, username)
        let kept = likes.filter { $0.username != username }
        guard kept.count < likes.count else {
            return AuthoringResult("\(username) does not like post \(post); nothing changed", path: shown, changed: false)
        }
        let warnings = try folder.rewrite(.likes, of: post, kept)
        return AuthoringResult("\(username) no longer likes post \(post): \(shown)", path: shown, warnings: warnings)
    }

    /// After checking the post and the user: the post, its likes, and how its file is shown.
    private func likesFile(_ postID: String, _ username: String) throws(AuthoringError) -> (ContentID, [InteractionRecord], String) {
        let post = try folder.requirePost(postID)
        try folder.requireUser(username)
        let likes = try folder.readInteractions(.likes, of: post)
        return (post, likes, folder.display(ContentLayout.file(.likes, ofPost: post)))
    }
}
