/// Everything the load stage read: records as the files state them, not yet checked against
/// each other.
public struct SiteContent: Sendable {
    public var settings: SiteSettings
    public var users: [User]
    public var posts: [Post]
    /// Users whose file exists but could not be read; records naming them are not reported
    /// again as naming an unknown user.
    public var unreadableUsernames: Set<String>

    public init(settings: SiteSettings, users: [User], posts: [Post], unreadableUsernames: Set<String> = []) {
        self.settings = settings
        self.users = users
        self.posts = posts
        self.unreadableUsernames = unreadableUsernames
    }
}
