import TimelineContent
import TimelineModel
import TimelineSystem

extension ContentAuthor {
    /// What `timeline edit user` asks for: for each field, nil keeps it as it is.
    public struct EditUser: Sendable {
        /// A new value for a field, or taking the field out.
        public enum Change: Sendable, Equatable {
            /// A text; for `avatar`, an image file anywhere, copied to `users/<username>.<extension>`.
            case set(String)
            case remove
        }

        public var username: String
        public var name: Change?
        public var bio: Change?
        public var url: Change?
        public var avatar: Change?

        public init(username: String, name: Change? = nil, bio: Change? = nil, url: Change? = nil, avatar: Change? = nil) {
            self.username = username
            self.name = name
            self.bio = bio
            self.url = url
            self.avatar = avatar
        }

        /// Why a request that changes no field is refused.
        public static let nothingToChange = "nothing to change: give --name, --bio, --url or --avatar, or one of the --remove- options"

        /// True when no field is to change.
        public var isEmpty: Bool { name == nil && bio == nil && url == nil && avatar == nil }
    }

    /// Rewrites `users/<username>.json` with the fields asked for changed and every other one
    /// (the follows, in their order) kept. A new avatar is copied to `users/<username>.<ext>`;
    /// the old avatar file goes in the same change when it has another name, unless another
    /// user's file names it too.
    public func editUser(_ request: EditUser) throws(AuthoringError) -> AuthoringResult {
        guard !request.isEmpty else {
            throw AuthoringError(.invalidArgument, EditUser.nothingToChange)
        }
        let lock = try folder.lock()
        defer { withExtendedLifetime(lock) {} }
        let username = request.username
        try folder.requireUser(username)
        try Self.requireText(request.name, option: "name")
        try Self.requireText(request.bio, option: "bio")
        try Self.requireText(request.url, option: "url")
        if case .set(let url) = request.url, !WebURL.isHTTP(url) {
            throw AuthoringError(.invalidArgument, "--url must be an http or https address, found '\(url)'")
        }
        var avatar: (name: String, bytes: [UInt8])?
        if case .set(let image) = request.avatar {
            let name = username + "." + (try Self.imageExtension(of: image, option: "--avatar"))
            avatar = (name, try Self.readImage(image))
        }
        let old = try folder.readUser(username)
        var record = old
        record.name = Self.apply(request.name, to: old.name)
        record.bio = Self.apply(request.bio, to: old.bio)
        record.url = Self.apply(request.url, to: old.url)
        record.avatar = request.avatar == .remove ? nil : avatar?.name ?? old.avatar

        let transaction = folder.transaction()
        var avatarRewritten = false
        if let avatar {
            let path = ContentLayout.fileInUsersFolder(named: avatar.name)
            if avatar.name != old.avatar {
                try transaction.create(path, bytes: avatar.bytes)
            } else if (try? FileSystem.readBytes(folder.absolute(path))) != avatar.bytes {
                try transaction.write(path, bytes: avatar.bytes)
                avatarRewritten = true
            }
        }
        if let previous = old.avatar, previous != record.avatar, !avatarIsShared(previous, besides: username) {
            try transaction.remove(ContentLayout.fileInUsersFolder(named: previous))
        }
        let file = ContentLayout.userFile(username)
        let shown = folder.display(file)
        if record != old { try transaction.write(file, bytes: record.fileBytes) }
        guard !transaction.isEmpty else {
            return AuthoringResult("user \(username) is already as asked; nothing changed", path: shown, changed: false)
        }
        let warnings = try transaction.commit { folder.verifyUser(username) }
        let fields: [(String, KeyPath<UserRecord, String?>)] = [("name", \.name), ("bio", \.bio), ("url", \.url), ("avatar", \.avatar)]
        let changed = fields.filter { _, field in record[keyPath: field] != old[keyPath: field] }.map(\.0)
        let list = (changed + (avatarRewritten ? ["avatar"] : [])).joined(separator: ", ")
        return AuthoringResult("Updated user \(username) (\(list)): \(shown)", path: shown, warnings: warnings)
    }

    /// Refuses a blank text: taking a field out is `--remove-<field>`, so that an empty shell
    /// variable does not erase it by mistake.
    private static func requireText(_ change: EditUser.Change?, option: String) throws(AuthoringError) {
        if case .set(let text) = change, nonBlank(text) == nil {
            throw AuthoringError(.invalidArgument, "--\(option) is empty; to take the \(option) out, give --remove-\(option)")
        }
    }

    private static func apply(_ change: EditUser.Change?, to value: String?) -> String? {
        switch change {
        case nil: value
        case .remove: nil
        case .set(let text): text
        }
    }

    private static func readImage(_ path: String) throws(AuthoringError) -> [UInt8] {
        do {
            return try FileSystem.readBytes(path)
        } catch {
            throw AuthoringError.fileSystem(error, shownAs: path)
        }
    }

    /// Whether another user's file names `avatar` (a name in `users/`) as theirs, so that the
    /// file must stay. Files the loader cannot read name nothing. Only a file whose bytes could
    /// spell the name (`UserTraces.mayName`) is parsed: most hold no avatar, or another one.
    func avatarIsShared(_ avatar: String, besides username: String) -> Bool {
        let name = Array(avatar.utf8)
        return folder.usernames().contains { other in
            guard other != username, let bytes = try? FileSystem.readBytes(folder.absolute(ContentLayout.userFile(other))),
                UserTraces.mayName(bytes, name)
            else { return false }
            return (try? folder.readUser(other))?.avatar == avatar
        }
    }
}
