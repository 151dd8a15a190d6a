import TimelineContent
import TimelineModel
import TimelineSystem

extension ContentAuthor {
    /// What `timeline rename user` asks for.
    public struct RenameUser: Sendable {
        public var username: String
        public var newUsername: String
        /// Says what would change, and changes nothing.
        public var dryRun: Bool

        public init(username: String, newUsername: String, dryRun: Bool = false) {
            self.username = username
            self.newUsername = newUsername
            self.dryRun = dryRun
        }
    }

    /// Moves `users/<old>.json` to `users/<new>.json` (and an avatar named after the user,
    /// `<old>.<ext>`, to `<new>.<ext>` unless another user's file names it), and rewrites every
    /// reference to the user: others' `follows`, the `username` of their posts (keeping every
    /// other byte of `post.md`), their comments and likes, and the mentions in captions. The
    /// mentions are rewritten where a line-by-line scan finds exactly the ones CommonMark finds,
    /// and the rewritten caption, read again, mentions the old name no more and the new one that
    /// many times more; any other caption (a mention written beside one in code, a link or an
    /// entity) is left as it was, with a warning at it. Every file that names the user is read
    /// by the loader's rules first: one that breaks them stops the change.
    public func renameUser(_ request: RenameUser) async throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let (old, new) = (request.username, request.newUsername)
        try folder.requireUser(old)
        try ContentFolder.checkUsername(new)
        guard new != old else {
            throw AuthoringError(.invalidArgument, "'\(old)' is already the user's name; nothing to change")
        }
        let newFile = ContentLayout.userFile(new)
        let shown = folder.display(newFile)
        if let same = folder.usernames().first(where: { $0 != old && Username.caseFolded($0) == Username.caseFolded(new) }) {
            let detail = same == new ? "exists already" : "would clash with user '\(same)': usernames must differ in more than case"
            throw AuthoringError(.alreadyExists, at: SourceLocation(path: shown), "user '\(new)' \(detail)")
        }
        var record = try folder.readUser(old)
        let traces = try await UserTraces.find(old, in: folder, unchanged: "nothing was renamed")

        let transaction = folder.transaction()
        // The old files go first, moved aside to hidden names: a rename by case (`bob` to
        // `Bob`) on a case-insensitive file system (APFS by default, Windows) then finds the new
        // name free, since there it is the old one. The new files are staged (read) now.
        if let avatar = record.avatar, let dot = avatar.lastIndex(of: "."), avatar[..<dot] == old, !avatarIsShared(avatar, besides: old) {
            let renamed = new + avatar[dot...]
            let (oldFile, newFile) = (ContentLayout.fileInUsersFolder(named: avatar), ContentLayout.fileInUsersFolder(named: renamed))
            try transaction.remove(oldFile)
            try transaction.copy(from: folder.absolute(oldFile), to: newFile)
            record.avatar = renamed
        }
        // Their albums move with them, `albums/<old>/` to `albums/<new>/`, each file as it is.
        let oldAlbums = ContentLayout.albumOwnerFolder(old)
        if folder.exists(oldAlbums) {
            let names = (try? FileSystem.entries(of: folder.absolute(oldAlbums))) ?? []
            try transaction.remove(oldAlbums)
            let staged = try transaction.stageFolder(ContentLayout.albumOwnerFolder(new))
            for name in names where !name.hasPrefix(".") {
                do throws(FileSystem.Failure) {
                    try FileSystem.writeFile(staged + "/" + name, bytes: try FileSystem.readBytes(folder.absolute(oldAlbums + "/" + name)))
                } catch {
                    throw AuthoringError.fileSystem(error, shownAs: folder.display(oldAlbums + "/" + name))
                }
            }
        }
        record.username = new
        try transaction.remove(ContentLayout.userFile(old))
        try transaction.create(newFile, bytes: record.fileBytes)
        for var follower in traces.followers {
            follower.follows = follower.follows.map { $0 == old ? new : $0 }
            try transaction.write(ContentLayout.userFile(follower.username), bytes: follower.fileBytes)
        }
        let captions = try rewritePosts(traces, from: old, to: new, in: transaction)
        for file in traces.interactionFiles {
            let renamed = file.records.map { record in
                var renamed = record
                if renamed.username == old { renamed.username = new }
                return renamed
            }
            try transaction.write(ContentLayout.file(file.kind.file, ofPost: file.post), bytes: InteractionRecord.fileBytes(renamed))
        }
        var done = [(request.dryRun ? "would rename user " : "Renamed user ") + "\(old) to \(new): \(shown)"]
        if !traces.followers.isEmpty {
            done.append("in the follows of " + listed(traces.followers.map(\.username)))
        }
        if !traces.isOnlyFollowed {
            done.append("on their " + traces.contentSummary(onOwnPosts: true))
        }
        if captions.mentions > 0 {
            done.append("in " + counted(captions.mentions, "mention"))
        }
        if request.dryRun {
            return .dryRun(done.joined(separator: "; "), id: new, path: shown, warnings: captions.leftAlone, plan: transaction.abandon())
        }
        let warnings = try transaction.commit {
            folder.verifyUser(new) + traces.followers.flatMap { folder.verifyUser($0.username) }
                + captions.rewritten.flatMap { folder.verifyPost($0) }
                + traces.interactionFiles.flatMap { folder.verifyInteractions($0.kind, of: $0.post) }
        }
        return AuthoringResult(done.joined(separator: "; "), id: new, path: shown, warnings: captions.leftAlone + warnings)
    }

    /// Rewrites the `username` of the user's posts and the mentions of the user in captions,
    /// and returns the posts written, the mentions renamed, and a warning for each caption
    /// whose mentions were left alone.
    private func rewritePosts(
        _ traces: UserTraces, from old: String, to new: String, in transaction: ContentTransaction
    ) throws(AuthoringError) -> (rewritten: [ContentID], mentions: Int, leftAlone: [Diagnostic]) {
        let own = Set(traces.posts)
        // A mention matches in any case, so a change of case only leaves every mention linked.
        let caseOnly = Username.caseFolded(old) == Username.caseFolded(new)
        let mentionCounts = caseOnly ? [:] : Dictionary(traces.mentions.map { ($0.post, $0.count) }, uniquingKeysWith: +)
        var rewritten: [ContentID] = []
        var mentions = 0
        var leftAlone: [Diagnostic] = []
        for id in own.union(mentionCounts.keys).sorted(by: { $0.rawValue.utf8Precedes($1.rawValue) }) {
            let file = ContentLayout.file(.post, ofPost: id)
            let post = try folder.readPost(id)
            var edit = PostFileEdit(text: post.text, frontMatter: post.frontMatter)
            if own.contains(id) {
                do {
                    try edit.set("username", to: new, isPresent: true)
                } catch {
                    throw AuthoringError(
                        .invalidContent, at: SourceLocation(path: folder.display(file)),
                        "'username' is not written as a plain 'key: value' line that this command can change; edit the file by hand")
                }
            }
            if let count = mentionCounts[id] {
                let places = edit.mentions(of: old)
                var renamed = edit
                for place in places { renamed.replace(from: place.start, to: place.end, with: new) }
                let after = Self.mentionCounts(in: renamed.bytes, of: old, new)
                if places.count == count, after?.old == 0, after?.new == UserTraces.mentionCount(of: new, in: post.caption) + count {
                    edit = renamed
                    mentions += count
                } else {
                    let at = places.first.map { SourceLocation(path: folder.display(file), line: $0.start.line, column: $0.start.column) }
                    leftAlone.append(
                        .warning(
                            .unknownUser, stage: .validate, at: at ?? SourceLocation(path: folder.display(file)),
                            "the caption mentions '@\(old)' in a way this command cannot rewrite safely (beside code, a link or an entity); change it to '@\(new)' by hand"
                        ))
                    guard own.contains(id) else { continue }
                }
            }
            try transaction.write(file, bytes: edit.bytes)
            rewritten.append(id)
        }
        return (rewritten, mentions, leftAlone)
    }

    /// How many times a `post.md`'s caption mentions `old` and `new` (in any case), as
    /// CommonMark reads it; nil when the file has no front matter to split off.
    private static func mentionCounts(in file: [UInt8], of old: String, _ new: String) -> (old: Int, new: Int)? {
        guard let caption = try? FrontMatter.split(SourceFile(path: ContentLayout.PostFolderFile.post.name, bytes: file)).body else { return nil }
        return (UserTraces.mentionCount(of: old, in: caption), UserTraces.mentionCount(of: new, in: caption))
    }
}
