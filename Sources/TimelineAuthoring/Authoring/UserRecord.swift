import TimelineContent
import TimelineModel
import TimelineSystem

/// The fields of `users/<username>.json` as they are written, in the loader's key order.
package struct UserRecord: Sendable, Equatable {
    package var username: String
    package var name: String?
    package var bio: String?
    package var url: String?
    /// A file name in `users/`.
    package var avatar: String?
    package var follows: [String] = []
    /// Kept as read, so that a command that rewrites the file keeps the theme's values.
    package var extra: ExtraValue?

    var fileBytes: [UInt8] {
        PrettyJSON.object([
            ("username", .string(username)),
            ("name", name.map(PrettyJSON.string)),
            ("bio", bio.map(PrettyJSON.string)),
            ("url", url.map(PrettyJSON.string)),
            ("avatar", avatar.map(PrettyJSON.string)),
            ("follows", .array(follows.map(PrettyJSON.string))),
            ("extra", extra.map(PrettyJSON.init)),
        ]).fileBytes
    }
}

extension UserRecord {
    /// The record a loaded user was read from.
    init(_ user: User) {
        self.init(
            username: user.username, name: user.name, bio: user.bio, url: user.url,
            avatar: user.avatar.map { Path.relative($0.relativePath, to: ContentLayout.usersFolder) }, follows: user.follows.map(\.username), extra: user.extra)
    }
}
