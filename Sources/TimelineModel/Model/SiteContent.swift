/// Everything the load stage read: records as the files state them, not yet checked against
/// each other.
public struct SiteContent: Sendable {
    public var settings: SiteSettings
    public var users: [User]
    public var posts: [Post]
    /// In the order of their files' paths.
    public var albums: [Album]
    /// Users whose file exists but could not be read; records naming them are not reported
    /// again as naming an unknown user.
    public var unreadableUsernames: Set<String>

    public init(settings: SiteSettings, users: [User], posts: [Post], albums: [Album] = [], unreadableUsernames: Set<String> = []) {
        self.settings = settings
        self.users = users
        self.posts = posts
        self.albums = albums
        self.unreadableUsernames = unreadableUsernames
    }
}
