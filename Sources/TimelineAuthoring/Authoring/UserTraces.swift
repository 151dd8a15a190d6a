import TimelineContent
import TimelineModel
import TimelineSystem

/// Every place in the content that names one user: who follows them, their posts, their
/// comments and likes (on any post), and the captions that mention them. A file can name the
/// user only if its bytes hold the username, or an escape that could spell it (JSON's
/// `\u0061`, YAML's `\x61`, `\U…` and a line broken inside quotes with `\`; in a caption also a
/// numeric character reference, or `@` and the name in another case): only those files are
/// read and checked.
struct UserTraces {
    /// A `comments.json` or `likes.json` with at least one record by the user.
    struct InteractionFile {
        let post: ContentID
        let kind: ContentFolder.Interactions
        /// Every record of the file, in its order.
        let records: [InteractionRecord]
        /// How many of them the user wrote.
        let written: Int
    }

    /// A caption's mentions of the user, counted as CommonMark reads the caption.
    struct Mentions {
        let post: ContentID
        let count: Int
    }

    private(set) var followers: [UserRecord] = []
    private(set) var posts: [ContentID] = []
    private(set) var interactionFiles: [InteractionFile] = []
    private(set) var mentions: [Mentions] = []

    /// `unchanged` ends the message that refuses a post breaking the content rules ("nothing
    /// was deleted").
    static func find(_ username: String, in folder: ContentFolder, unchanged: String) async throws(AuthoringError) -> UserTraces {
        var traces = UserTraces()
        let name = Array(username.utf8)
        // Both scans read every file on every core; only the few files that may name the user
        // are parsed, one after another, in a fixed order.
        let others = folder.usernames().sorted().filter { $0 != username }
        let naming = await ParallelMap.map(others) { other -> String? in
            guard let bytes = try? FileSystem.readBytes(folder.absolute(ContentLayout.userFile(other))) else { return nil }
            return Self.mayName(bytes, name) ? other : nil
        }
        for other in naming.compactMap({ $0 }) {
            let record = try folder.readUser(other)
            if record.follows.contains(username) { traces.followers.append(record) }
        }
        // Listed in the system's order (sorting 200,000 names costs more than the scan), and
        // only the folders that name the user sorted, so that what is read and reported first
        // does not depend on that order.
        let entries = FileSystem.directoryEntries(of: folder.absolute(ContentLayout.postsFolder))
        let candidates = await ParallelMap.map(entries) { entry -> ContentID? in
            guard entry.isDirectory, let id = ContentID(entry.name) else { return nil }
            let postFolder = folder.absolute(ContentLayout.postFolder(id))
            func holds(_ file: ContentLayout.PostFolderFile, _ test: ([UInt8]) -> Bool) -> Bool {
                (try? FileSystem.readBytes(ContentLayout.file(file, in: postFolder))).map(test) ?? false
            }
            let namesUser =
                holds(.post) { Self.mayName($0, name) || Self.mayMention($0, name) }
                || [ContentLayout.PostFolderFile.comments, .likes].contains { file in holds(file) { Self.mayName($0, name) } }
            return namesUser ? id : nil
        }.compactMap { $0 }
        let reader = PostReader(assets: folder.assets)
        for id in candidates.sorted(by: { $0.rawValue.utf8Precedes($1.rawValue) }) {
            let postFolder = ContentLayout.postFolder(id)
            let (read, diagnostics) = reader.read(id: id, folder: postFolder)
            guard let post = read, !diagnostics.contains(where: { $0.severity == .error }) else {
                throw AuthoringError(
                    .invalidContent, at: SourceLocation(path: folder.display(postFolder) + "/"), "fix this post first; \(unchanged)",
                    diagnostics: diagnostics)
            }
            if post.author.username == username { traces.posts.append(id) }
            traces.note(.comments, of: id, post.comments.map(InteractionRecord.init), by: username)
            traces.note(.likes, of: id, post.likes.map(InteractionRecord.init), by: username)
            let mentions = post.caption.map { mentionCount(of: username, in: $0) } ?? 0
            if mentions > 0 { traces.mentions.append(Mentions(post: id, count: mentions)) }
        }
        return traces
    }

    /// How many times `caption` mentions `username` (in any case), as CommonMark reads it.
    static func mentionCount(of username: String, in caption: String) -> Int {
        let folded = Username.caseFolded(username)
        return Markdown.references(caption).mentions.filter { Username.caseFolded($0) == folded }.count
    }

    /// The escapes through which JSON or YAML could spell a name without its bytes.
    private static let escapes = ["\\u", "\\U", "\\x", "\\\n", "\\\r"].map { Array($0.utf8) }

    static func mayName(_ bytes: [UInt8], _ name: [UInt8]) -> Bool {
        bytes.contains(bytes: name) || escapes.contains { bytes.contains(bytes: $0) }
    }

    /// Whether a caption could mention the user in a way `mayName` misses: `@` and the name in
    /// another case (a mention is case-insensitive), or a character reference (`&#64;`).
    private static func mayMention(_ bytes: [UInt8], _ name: [UInt8]) -> Bool {
        bytes.contains(name, ignoringASCIICaseAfter: UInt8(ascii: "@")) || bytes.contains(bytes: characterReference)
    }

    private static let characterReference = Array("&#".utf8)

    private mutating func note(_ kind: ContentFolder.Interactions, of post: ContentID, _ records: [InteractionRecord], by username: String) {
        let written = records.filter { $0.username == username }.count
        guard written > 0 else { return }
        interactionFiles.append(InteractionFile(post: post, kind: kind, records: records, written: written))
    }

    /// The interaction files of posts that are not the user's.
    var interactionsOnOtherPosts: [InteractionFile] {
        let own = Set(posts)
        return interactionFiles.filter { !own.contains($0.post) }
    }

    /// True when the user wrote nothing: no post, comment or like.
    var isOnlyFollowed: Bool { posts.isEmpty && interactionFiles.isEmpty }

    /// `2 posts, 3 comments and 1 like`, leaving out what the user has none of; `onOwnPosts`
    /// counts the comments and likes on the user's own posts too.
    func contentSummary(onOwnPosts: Bool) -> String {
        let files = onOwnPosts ? interactionFiles : interactionsOnOtherPosts
        let comments = files.filter { $0.kind == .comments }.reduce(0) { $0 + $1.written }
        let likes = files.filter { $0.kind == .likes }.reduce(0) { $0 + $1.written }
        let parts = [(posts.count, "post"), (comments, "comment"), (likes, "like")].filter { $0.0 > 0 }
        return listed(parts.map { counted($0.0, $0.1) })
    }
}
