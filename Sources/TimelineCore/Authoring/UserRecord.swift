/// The fields of `users/<username>.json` as they are written, in the loader's key order.
struct UserRecord: Sendable, Equatable {
    var username: String
    var name: String?
    var bio: String?
    var url: String?
    /// A file name in `users/`.
    var avatar: String?
    var follows: [String] = []

    var fileBytes: [UInt8] {
        PrettyJSON.object([
            ("username", .string(username)),
            ("name", name.map(PrettyJSON.string)),
            ("bio", bio.map(PrettyJSON.string)),
            ("url", url.map(PrettyJSON.string)),
            ("avatar", avatar.map(PrettyJSON.string)),
            ("follows", .array(follows.map(PrettyJSON.string))),
        ]).fileBytes
    }
}

extension UserRecord {
    /// The record a loaded user was read from.
    init(_ user: User) {
        self.init(
            username: user.username, name: user.name, bio: user.bio, url: user.url,
            avatar: user.avatar.map { Path.relative($0.relativePath, to: "users") }, follows: user.follows.map(\.username))
    }
}
