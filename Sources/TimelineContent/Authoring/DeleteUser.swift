import TimelineModel

extension ContentAuthor {
    /// What `timeline delete user` asks for.
    public struct DeleteUser: Sendable {
        public var username: String
        /// Also deletes the user's posts (with the comments and likes on them) and their comments
        /// and likes on other posts. Without it, a user who wrote any of those is refused.
        public var withContent: Bool

        public init(username: String, withContent: Bool = false) {
            self.username = username
            self.withContent = withContent
        }
    }

    /// Removes `users/<username>.json` (and its avatar, when no other user's file names it),
    /// and the user from every other user's `follows`, since a follow of a missing user is an
    /// error. The user's posts, comments and likes are deleted only when asked; without that,
    /// a user who has any is refused, saying how many. Every file that names the user is read
    /// by the loader's rules first: one that breaks them stops the change.
    public func deleteUser(_ request: DeleteUser) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let username = request.username
        try folder.requireUser(username)
        let record = try folder.readUser(username)
        let traces = try UserTraces.find(username, in: folder)
        let file = ContentFolder.userFile(username)
        let shown = folder.display(file)
        if !request.withContent && !traces.isOnlyFollowed {
            throw AuthoringError(
                .hasContent, at: SourceLocation(path: shown),
                "\(username) wrote \(traces.contentSummary); nothing was deleted. Delete them too with --with-content, or keep the user")
        }
        let transaction = folder.transaction()
        try transaction.remove(file)
        if let avatar = record.avatar, !avatarIsShared(avatar, besides: username) {
            try transaction.remove("users/" + avatar)
        }
        for var follower in traces.followers {
            follower.follows.removeAll { $0 == username }
            try transaction.write(ContentFolder.userFile(follower.username), bytes: follower.fileBytes)
        }
        for post in traces.posts {
            try transaction.remove(ContentFolder.postFolder(post))
        }
        for change in traces.interactionChanges {
            let interactionsFile = ContentFolder.interactionsFile(change.kind, of: change.post)
            if change.kept.isEmpty {
                try transaction.remove(interactionsFile)
            } else {
                try transaction.write(interactionsFile, bytes: InteractionRecord.fileBytes(change.kept))
            }
        }
        let warnings = try transaction.commit {
            traces.followers.flatMap { folder.verifyUser($0.username) }
                + traces.interactionChanges.flatMap { folder.verifyInteractions($0.kind, of: $0.post) }
        }
        var done = ["Deleted user \(username): \(shown)"]
        if !traces.followers.isEmpty {
            done.append("removed from the follows of " + listed(traces.followers.map(\.username)))
        }
        if !traces.isOnlyFollowed {
            done.append("deleted their " + traces.contentSummary)
        }
        return AuthoringResult(done.joined(separator: "; "), id: username, path: shown, warnings: warnings)
    }
}

/// Every place in the content that names one user: who follows them, their posts, and their
/// comments and likes on other posts. A file can name the user only if its bytes hold the
/// username, or an escape that could spell it (JSON's `\u0061`, YAML's `\x61`, `\U…` and a
/// line broken inside quotes with `\`): only those files are read and checked.
struct UserTraces {
    struct InteractionChange {
        let post: ContentID
        let kind: ContentFolder.Interactions
        /// The file's records without the user's.
        let kept: [InteractionRecord]
        let removed: Int
    }

    private(set) var followers: [UserRecord] = []
    private(set) var posts: [ContentID] = []
    private(set) var interactionChanges: [InteractionChange] = []

    static func find(_ username: String, in folder: ContentFolder) throws(AuthoringError) -> UserTraces {
        var traces = UserTraces()
        let name = Array(username.utf8)
        for other in folder.usernames().sorted() where other != username {
            guard let bytes = try? FileSystem.readBytes(folder.absolute(ContentFolder.userFile(other))) else { continue }
            guard Self.mayName(bytes, name) else { continue }
            let record = try folder.readUser(other)
            if record.follows.contains(username) { traces.followers.append(record) }
        }
        // Listed in the system's order (sorting 200,000 names costs more than the scan), and
        // only the folders that name the user sorted, so that what is read and reported first
        // does not depend on that order.
        let files = ["post.md", ContentFolder.Interactions.comments.fileName, ContentFolder.Interactions.likes.fileName]
        let candidates = FileSystem.directoryEntries(of: folder.absolute("posts")).compactMap { entry -> ContentID? in
            guard entry.isDirectory, let id = ContentID(entry.name) else { return nil }
            let postFolder = folder.absolute(ContentFolder.postFolder(id))
            let namesUser = files.contains { file in (try? FileSystem.readBytes(postFolder + "/" + file)).map { Self.mayName($0, name) } ?? false }
            return namesUser ? id : nil
        }
        let reader = PostReader(contentRoot: folder.root, displayPrefix: folder.displayPrefix, assets: folder.assets)
        for id in candidates.sorted(by: { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }) {
            let postFolder = ContentFolder.postFolder(id)
            let (read, diagnostics) = reader.read(id: id, folder: postFolder)
            guard let post = read, !diagnostics.contains(where: { $0.severity == .error }) else {
                throw AuthoringError(
                    .invalidContent, at: SourceLocation(path: folder.display(postFolder) + "/"), "fix this post first; nothing was deleted",
                    diagnostics: diagnostics)
            }
            if post.author.username == username {
                traces.posts.append(id)
                continue
            }
            traces.note(.comments, of: id, post.comments.map(InteractionRecord.init), without: username)
            traces.note(.likes, of: id, post.likes.map(InteractionRecord.init), without: username)
        }
        return traces
    }

    /// The escapes through which JSON or YAML could spell a name without its bytes.
    private static let escapes = ["\\u", "\\U", "\\x", "\\\n", "\\\r"].map { Array($0.utf8) }

    static func mayName(_ bytes: [UInt8], _ name: [UInt8]) -> Bool {
        bytes.contains(bytes: name) || escapes.contains { bytes.contains(bytes: $0) }
    }

    private mutating func note(_ kind: ContentFolder.Interactions, of post: ContentID, _ records: [InteractionRecord], without username: String) {
        let kept = records.filter { $0.username != username }
        guard kept.count < records.count else { return }
        interactionChanges.append(InteractionChange(post: post, kind: kind, kept: kept, removed: records.count - kept.count))
    }

    /// True when the user wrote nothing: no post, comment or like.
    var isOnlyFollowed: Bool { posts.isEmpty && interactionChanges.isEmpty }

    /// `2 posts, 3 comments and 1 like`, leaving out what the user has none of.
    var contentSummary: String {
        let comments = interactionChanges.filter { $0.kind == .comments }.reduce(0) { $0 + $1.removed }
        let likes = interactionChanges.filter { $0.kind == .likes }.reduce(0) { $0 + $1.removed }
        let parts = [(posts.count, "post"), (comments, "comment"), (likes, "like")].filter { $0.0 > 0 }
        return listed(parts.map { counted($0.0, $0.1) })
    }
}
