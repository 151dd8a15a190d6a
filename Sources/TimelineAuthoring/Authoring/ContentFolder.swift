import TimelineContent
import TimelineModel
import TimelineSystem

/// The content folder as the authoring commands and the import see it: where each record's
/// file lives, whether a user or post exists, and each file read back with the loader's own
/// readers, so that a command checks what it reads and writes by the rules a build applies.
public struct ContentFolder: Sendable {
    /// Where the content folder is, and how messages name it (`Content/`).
    public let location: SitePath

    public init(_ location: SitePath) {
        self.location = location
    }

    /// The content folder at `path` (relative to the current directory), named as given.
    public init(path: String) {
        self.init(SitePath(folderAsGiven: path))
    }

    private var root: String { location.absolute }

    /// A comment or like file of a post.
    package enum Interactions: String, Sendable {
        case comments
        case likes

        /// The post folder's file that holds them.
        package var file: ContentLayout.PostFolderFile { self == .comments ? .comments : .likes }
        var singular: String { self == .comments ? "comment" : "like" }
    }

    package func absolute(_ relativePath: String) -> String { location.appending(relativePath).absolute }
    package func display(_ relativePath: String) -> String { location.appending(relativePath).shown }

    func exists(_ relativePath: String) -> Bool { FileSystem.kind(of: absolute(relativePath)) != .missing }

    func transaction() -> ContentTransaction { ContentTransaction(location) }

    func lock() throws(AuthoringError) -> ContentLock {
        guard FileSystem.resolvedKind(of: root) == .directory else {
            throw AuthoringError(.fileSystem, at: SourceLocation(path: location.shown), "the content folder does not exist\(ContentLoader.startHint)")
        }
        let lock = try ContentLock(location)
        // What a killed import or command staged and never put in place; the lock keeps any
        // other command of this site from staging meanwhile.
        StagingLeftovers.remove(inContent: root)
        return lock
    }

    package var assets: AssetReader {
        AssetReader(content: location, canonicalContentRoot: FileSystem.canonicalPath(root) ?? root)
    }

    /// The usernames that have a file in `users/`.
    func usernames() -> [String] {
        ((try? FileSystem.entries(of: absolute(ContentLayout.usersFolder))) ?? [])
            .filter(ContentLayout.isUserFileName)
            .map(ContentLayout.username(ofUserFileNamed:))
    }

    /// `username` if it follows the username rules, else an error naming what is wrong.
    static func checkUsername(_ username: String) throws(AuthoringError) {
        guard Username.isValid(username) else {
            throw AuthoringError(.invalidArgument, "invalid username '\(username)': \(Username.rules)")
        }
    }

    /// Succeeds when `users/<username>.json` exists; else an error with a "did you mean" hint.
    func requireUser(_ username: String) throws(AuthoringError) {
        try Self.checkUsername(username)
        let file = ContentLayout.userFile(username)
        if FileSystem.resolvedKind(of: absolute(file)) == .file { return }
        let hint = Suggestion.closest(to: username, among: usernames()).map { "; did you mean '\($0)'?" } ?? ""
        throw AuthoringError(.unknownUser, "unknown user '\(username)': there is no \(display(file))\(hint)")
    }

    /// The ID of an existing post folder (one holding `post.md`); else an error with a "did
    /// you mean" hint.
    func requirePost(_ rawID: String) throws(AuthoringError) -> ContentID {
        guard let id = ContentID(rawID) else {
            throw AuthoringError(.invalidArgument, "invalid post ID '\(rawID)': use 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'")
        }
        let file = ContentLayout.file(.post, ofPost: id)
        guard FileSystem.resolvedKind(of: absolute(file)) == .file else {
            let hint = Suggestion.closest(to: rawID, among: postIDs()).map { "; did you mean '\($0)'?" } ?? ""
            throw AuthoringError(.unknownPost, "unknown post '\(rawID)': there is no \(display(file))\(hint)")
        }
        return id
    }

    /// The names of the folders in `posts/`.
    func postIDs() -> [String] {
        ((try? FileSystem.entries(of: absolute(ContentLayout.postsFolder))) ?? []).filter { !$0.hasPrefix(".") }
    }

    /// A user's file, read and checked as the loader reads it.
    func readUser(_ username: String) throws(AuthoringError) -> UserRecord {
        let file = ContentLayout.userFile(username)
        let (user, diagnostics) = readUserFile(file, username: username)
        guard let user, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw AuthoringError(
                .invalidContent, at: SourceLocation(path: display(file)), "fix this file first; it was left as it is", diagnostics: diagnostics)
        }
        return UserRecord(user)
    }

    private func readUserFile(_ file: String, username: String) -> (User?, [Diagnostic]) {
        do {
            let source = SourceFile(path: display(file), bytes: try FileSystem.readBytes(absolute(file)))
            return UserReader(assets: assets).read(source, expectedUsername: username)
        } catch {
            return (nil, [.error(.unreadableFile, stage: .load, at: SourceLocation(path: display(file)), "cannot read: \(error.reason)")])
        }
    }

    /// A post's comments or likes in file order (empty when the file is absent), checked as
    /// the loader checks them.
    func readInteractions(_ kind: Interactions, of id: ContentID) throws(AuthoringError) -> [InteractionRecord] {
        let file = ContentLayout.file(kind.file, ofPost: id)
        guard exists(file) else { return [] }
        let (records, diagnostics) = readInteractionsFile(kind, of: id, at: file)
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            throw AuthoringError(
                .invalidContent, at: SourceLocation(path: display(file)), "fix this file first; it was left as it is", diagnostics: diagnostics)
        }
        return records
    }

    private func readInteractionsFile(_ kind: Interactions, of id: ContentID, at file: String) -> ([InteractionRecord], [Diagnostic]) {
        switch kind {
        case .comments:
            let (comments, diagnostics) = InteractionsReader.comments(at: location.appending(file), postID: id)
            return (comments.map(InteractionRecord.init), diagnostics)
        case .likes:
            let (likes, diagnostics) = InteractionsReader.likes(at: location.appending(file), postID: id)
            return (likes.map(InteractionRecord.init), diagnostics)
        }
    }

    /// Commits the new version of a post's comments or likes (the file is removed when none
    /// are left), verified by the loader's rules; returns the loader's warnings.
    package func rewrite(_ kind: Interactions, of post: ContentID, _ records: [InteractionRecord]) throws(AuthoringError) -> [Diagnostic] {
        let transaction = transaction()
        let file = ContentLayout.file(kind.file, ofPost: post)
        if records.isEmpty {
            try transaction.remove(file)
        } else {
            try transaction.write(file, bytes: InteractionRecord.fileBytes(records))
        }
        return try transaction.commit { verifyInteractions(kind, of: post) }
    }

    // MARK: Verification of what a change wrote, by the loader's rules.

    /// The loader's findings on a user's file.
    func verifyUser(_ username: String) -> [Diagnostic] {
        readUserFile(ContentLayout.userFile(username), username: username).1
    }

    /// The loader's findings on a post folder (post.md, photo, comments, likes), read from
    /// `folder` (relative; a staged folder may stand in for `posts/<id>`).
    func verifyPost(_ id: ContentID, folder: String? = nil) -> [Diagnostic] {
        let reader = PostReader(assets: assets)
        return reader.read(id: id, folder: folder ?? ContentLayout.postFolder(id)).1
    }

    /// The loader's findings on a post's comments or likes file.
    func verifyInteractions(_ kind: Interactions, of id: ContentID) -> [Diagnostic] {
        let file = ContentLayout.file(kind.file, ofPost: id)
        return exists(file) ? readInteractionsFile(kind, of: id, at: file).1 : []
    }
}
