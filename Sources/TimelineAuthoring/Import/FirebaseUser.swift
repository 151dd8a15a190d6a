import TimelineContent
import TimelineModel

/// A user of the export: `users/<uid>` with `user` or `username`, and optional `bio`, `url`
/// and `follows` (`{uid: true}`).
package struct FirebaseUser: Sendable {
    let uid: String
    package let username: String
    package let bio: String?
    package let url: String?
    /// The uids this user follows, in the export's order.
    package let follows: [String]
    package let path: JSONPath

    package static let keys: Set<String> = ["user", "username", "bio", "url", "follows"]

    /// nil, with an issue, when the record has no usable username.
    init?(uid: String, _ value: ContentValue, at path: JSONPath, issues: inout [ImportIssue]) {
        guard let object = ExportObject(value, at: path, what: "this user", issues: &issues) else { return nil }
        object.reportUnknownKeys(known: Self.keys, issues: &issues)
        let named = object.string("username", issues: &issues)
        let user = object.string("user", issues: &issues)
        guard let username = named ?? user else {
            issues.append(ImportIssue(path, skipped: "this user", "it has neither 'user' nor 'username'"))
            return nil
        }
        if let named, let user, named != user {
            issues.append(ImportIssue(path / "user", skipped: "this key", "'username' says '\(named)', which is kept"))
        }
        guard Username.isValid(username) else {
            issues.append(
                ImportIssue(
                    path / (named == nil ? "user" : "username"), skipped: "this user",
                    "invalid username '\(username)': \(Username.rules)"))
            return nil
        }
        var url = object.string("url", issues: &issues).flatMap(ContentAuthor.nonBlank)
        if let candidate = url, !WebURL.isHTTP(candidate) {
            issues.append(ImportIssue(path / "url", skipped: "this key", "'\(candidate)' is not an http or https address"))
            url = nil
        }
        self.uid = uid
        self.username = username
        self.bio = object.string("bio", issues: &issues).flatMap(ContentAuthor.nonBlank)
        self.url = url
        self.follows = Self.follows(of: object, issues: &issues)
        self.path = path
    }

    /// `follows: {uid: true}`; `false` means not following.
    private static func follows(of object: ExportObject, issues: inout [ImportIssue]) -> [String] {
        guard let value = object.value("follows"),
            let follows = ExportObject(value, at: object.path / "follows", what: "these follows", issues: &issues)
        else { return [] }
        var uids: [String] = []
        for (uid, flag) in follows.members {
            switch flag.kind {
            case .bool(true): uids.append(uid)
            case .bool(false), .null: continue
            default: issues.append(ImportIssue(follows.path / uid, skipped: "this follow", "must be true, found \(flag.typeName)"))
            }
        }
        return uids
    }
}
