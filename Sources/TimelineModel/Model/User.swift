/// A person on the site, from `users/<username>.json`.
public struct User: Sendable {
    public let username: String
    public let name: String?
    /// Markdown.
    public let bio: String?
    /// An http or https URL.
    public let url: String?
    public var avatar: ContentAsset?
    public let follows: [UserReference]
    public let source: SourceLocation
    /// `extra:` values for the theme (templates receive them as `extra`).
    public var extra: ExtraValue?

    /// The name pages call the user by: their name, else their username.
    public var displayName: String { name ?? username }

    public init(
        username: String, name: String?, bio: String?, url: String?, avatar: ContentAsset?,
        follows: [UserReference], source: SourceLocation
    ) {
        self.username = username
        self.name = name
        self.bio = bio
        self.url = url
        self.avatar = avatar
        self.follows = follows
        self.source = source
    }
}
