import TimelineContent
import TimelineModel

extension ContentAuthor {
    /// What `timeline delete user` asks for.
    public struct DeleteUser: Sendable {
        public var username: String
        /// Also deletes the user's posts (with the comments and likes on them) and their comments
        /// and likes on other posts. Without it, a user who wrote any of those is refused.
        public var withContent: Bool
        /// Says what would change, and changes nothing.
        public var dryRun: Bool

        public init(username: String, withContent: Bool = false, dryRun: Bool = false) {
            self.username = username
            self.withContent = withContent
            self.dryRun = dryRun
        }
    }

    /// Removes `users/<username>.json` (and its avatar, when no other user's file names it),
    /// and the user from every other user's `follows`, since a follow of a missing user is an
    /// error. The user's posts, comments and likes are deleted only when asked; without that,
    /// a user who has any is refused, saying how many. Every file that names the user is read
    /// by the loader's rules first: one that breaks them stops the change.
    public func deleteUser(_ request: DeleteUser) async throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let username = request.username
        try folder.requireUser(username)
        let record = try folder.readUser(username)
        let traces = try await UserTraces.find(username, in: folder, unchanged: "nothing was deleted")
        let file = ContentLayout.userFile(username)
        let shown = folder.display(file)
        let albumsFolder = ContentLayout.albumOwnerFolder(username)
        let hasAlbums = folder.exists(albumsFolder)
        if !request.withContent && hasAlbums {
            throw AuthoringError(
                .hasContent, at: SourceLocation(path: folder.display(albumsFolder) + "/"),
                "\(username) has albums; nothing was deleted. Delete them too with --with-content, or keep the user")
        }
        if !request.withContent && !traces.isOnlyFollowed {
            throw AuthoringError(
                .hasContent, at: SourceLocation(path: shown),
                "\(username) wrote \(traces.contentSummary(onOwnPosts: false)); nothing was deleted. Delete them too with --with-content, or keep the user")
        }
        let transaction = folder.transaction()
        try transaction.remove(file)
        if let avatar = record.avatar, !avatarIsShared(avatar, besides: username) {
            try transaction.remove(ContentLayout.fileInUsersFolder(named: avatar))
        }
        for var follower in traces.followers {
            follower.follows.removeAll { $0 == username }
            try transaction.write(ContentLayout.userFile(follower.username), bytes: follower.fileBytes)
        }
        for post in traces.posts {
            try transaction.remove(ContentLayout.postFolder(post))
        }
        // Their albums go with them; their posts leave everyone else's.
        if hasAlbums { try transaction.remove(albumsFolder) }
        let changedAlbums = try folder.removeFromAlbums(Set(traces.posts), including: { $0.owner.username != username }, in: transaction)
        let interactionsOnOtherPosts = traces.interactionsOnOtherPosts
        for file in interactionsOnOtherPosts {
            let interactionsFile = ContentLayout.file(file.kind.file, ofPost: file.post)
            let kept = file.records.filter { $0.username != username }
            if kept.isEmpty {
                try transaction.remove(interactionsFile)
            } else {
                try transaction.write(interactionsFile, bytes: InteractionRecord.fileBytes(kept))
            }
        }
        var done = [(request.dryRun ? "would delete user " : "Deleted user ") + "\(username): \(shown)"]
        if !traces.followers.isEmpty {
            done.append((request.dryRun ? "would remove from the follows of " : "removed from the follows of ") + listed(traces.followers.map(\.username)))
        }
        if !traces.isOnlyFollowed {
            done.append((request.dryRun ? "would delete their " : "deleted their ") + traces.contentSummary(onOwnPosts: false))
        }
        if hasAlbums { done.append((request.dryRun ? "would delete their albums, " : "deleted their albums, ") + folder.display(albumsFolder) + "/") }
        if !changedAlbums.isEmpty {
            done.append((request.dryRun ? "would take their posts out of " : "took their posts out of ") + listed(changedAlbums.map(folder.display)))
        }
        let mentions = unlinkedMentions(of: username, in: traces)
        if request.dryRun {
            return .dryRun(done.joined(separator: "; "), id: username, path: shown, warnings: mentions, plan: transaction.abandon())
        }
        let warnings = try transaction.commit {
            traces.followers.flatMap { folder.verifyUser($0.username) }
                + interactionsOnOtherPosts.flatMap { folder.verifyInteractions($0.kind, of: $0.post) }
        }
        return AuthoringResult(done.joined(separator: "; "), id: username, path: shown, warnings: mentions + warnings)
    }

    /// A warning at each caption that mentions the user, on posts that stay: the mention will be
    /// plain text, and each build warns of it. Placed where the build's own warning will be
    /// (`MentionLocation`), at the first mention in any case; else at the file.
    private func unlinkedMentions(of username: String, in traces: UserTraces) -> [Diagnostic] {
        let deleted = Set(traces.posts)
        return traces.mentions.filter { !deleted.contains($0.post) }.map { mention in
            let file = ContentLayout.file(.post, ofPost: mention.post)
            let located = MentionLocation(post: folder.location.appending(file))?.first(ofAnyCase: username)
            return .warning(
                .unknownUser, stage: .validate, at: located ?? SourceLocation(path: folder.display(file)),
                "the caption mentions '@\(username)', who is deleted: the mention will be plain text; edit the caption to change it")
        }
    }
}
