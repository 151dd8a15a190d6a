/// Everything the load stage read: records as the files state them, not yet checked against
/// each other.
public struct SiteContent: Sendable {
    public var settings: SiteSettings
    public var users: [User]
    public var posts: [Post]

    public init(settings: SiteSettings, users: [User], posts: [Post]) {
        self.settings = settings
        self.users = users
        self.posts = posts
    }
}
