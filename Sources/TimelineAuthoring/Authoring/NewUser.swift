import TimelineContent
import TimelineModel
import TimelineSystem

extension ContentAuthor {
    /// What `timeline new user` asks for. Blank texts count as absent.
    public struct NewUser: Sendable {
        public var username: String
        public var name: String?
        public var bio: String?
        public var url: String?
        /// An image file anywhere, copied to `users/<username>.<extension>`.
        public var avatar: String?

        public init(username: String, name: String? = nil, bio: String? = nil, url: String? = nil, avatar: String? = nil) {
            self.username = username
            self.name = name
            self.bio = bio
            self.url = url
            self.avatar = avatar
        }
    }

    /// Creates `users/<username>.json` (and the avatar beside it).
    public func newUser(_ request: NewUser) throws(AuthoringError) -> AuthoringResult {
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let username = request.username
        try ContentFolder.checkUsername(username)
        let file = ContentLayout.userFile(username)
        if let same = folder.usernames().first(where: { Username.caseFolded($0) == Username.caseFolded(username) }) {
            let detail = same == username ? "exists already" : "would clash with user '\(same)': usernames must differ in more than case"
            throw AuthoringError(.alreadyExists, at: SourceLocation(path: folder.display(file)), "user '\(username)' \(detail)")
        }
        if let url = request.url, !url.allSatisfy(\.isWhitespace), !WebURL.isHTTP(url) {
            throw AuthoringError(.invalidArgument, "--url must be an http or https address, found '\(url)'")
        }
        var record = UserRecord(
            username: username, name: Self.nonBlank(request.name), bio: Self.nonBlank(request.bio), url: Self.nonBlank(request.url))
        let transaction = folder.transaction()
        if let avatar = request.avatar {
            let name = username + "." + (try Self.imageExtension(of: avatar, option: "--avatar"))
            try transaction.copy(from: avatar, to: ContentLayout.fileInUsersFolder(named: name))
            record.avatar = name
        }
        try transaction.create(file, bytes: record.fileBytes)
        let warnings = try transaction.commit { folder.verifyUser(username) }
        return AuthoringResult("Created user \(username): \(folder.display(file))", path: folder.display(file), warnings: warnings)
    }

    static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }

    /// The lowercased extension of an image file the loader accepts, after checking the file
    /// is there.
    static func imageExtension(of path: String, option: String) throws(AuthoringError) -> String {
        guard FileSystem.resolvedKind(of: path) == .file else {
            throw AuthoringError(.invalidArgument, at: SourceLocation(path: path), "\(option): no such file")
        }
        guard AssetReader.isImageFileName(path) else {
            throw AuthoringError(.invalidArgument, at: SourceLocation(path: path), "\(option) must be a \(ImageHeader.Format.extensionList) file")
        }
        return Path.fileExtension(of: path)
    }
}
