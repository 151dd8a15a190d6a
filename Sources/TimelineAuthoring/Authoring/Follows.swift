import TimelineContent
import TimelineModel

extension ContentAuthor {
    /// Adds `other` at the end of `username`'s `follows`.
    public func follow(_ username: String, _ other: String) throws(AuthoringError) -> AuthoringResult {
        try changeFollows(of: username, other) { follows in
            guard !follows.contains(other) else { return "\(username) already follows \(other); nothing changed" }
            follows.append(other)
            return "\(username) follows \(other)"
        }
    }

    /// Removes `other` from `username`'s `follows`.
    public func unfollow(_ username: String, _ other: String) throws(AuthoringError) -> AuthoringResult {
        try changeFollows(of: username, other) { follows in
            guard follows.contains(other) else { return "\(username) does not follow \(other); nothing changed" }
            follows.removeAll { $0 == other }
            return "\(username) no longer follows \(other)"
        }
    }

    /// Reads `username`'s file, lets `edit` change the list and say what it did, and writes
    /// the file back when the list changed.
    private func changeFollows(of username: String, _ other: String, edit: (inout [String]) -> String) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        try folder.requireUser(username)
        try folder.requireUser(other)
        guard username != other else {
            throw AuthoringError(.invalidArgument, "\(username) cannot follow themselves: their own posts are always in their timeline")
        }
        var record = try folder.readUser(username)
        let before = record.follows
        let summary = edit(&record.follows)
        let file = ContentLayout.userFile(username)
        guard record.follows != before else {
            return AuthoringResult(summary, path: folder.display(file), changed: false)
        }
        let transaction = folder.transaction()
        try transaction.write(file, bytes: record.fileBytes)
        // An album holds its owner's posts and those of the people they follow.
        let albums = record.follows.contains(other) ? [] : try folder.removePosts(by: other, fromAlbumsOf: username, in: transaction)
        let warnings = try transaction.commit { folder.verifyUser(username) }
        let fromAlbums = albums.isEmpty ? "" : "; \(other)'s posts taken out of " + albums.map(folder.display).joined(separator: ", ")
        return AuthoringResult(summary + ": " + folder.display(file) + fromAlbums, path: folder.display(file), warnings: warnings)
    }
}
