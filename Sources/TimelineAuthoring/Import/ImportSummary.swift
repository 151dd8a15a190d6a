import TimelineContent
import TimelineModel

/// What an import did, counted.
public struct ImportSummary: Sendable, Equatable {
    public var usersAdded = 0
    public var usersUpdated = 0
    public var usersUnchanged = 0
    public var postsAdded = 0
    public var postsUpdated = 0
    public var postsUnchanged = 0
    public var commentsAdded = 0
    public var likesAdded = 0
    /// Follows added to users the site had (an Instagram import's).
    public var followsAdded = 0
    /// Records or parts of records left out, each reported as an `ImportIssue`.
    public var skipped = 0
    /// True when the import had to create `site.json`.
    public var createdSettings = false

    public init() {}

    /// True when the content folder did not change.
    public var changedNothing: Bool {
        usersAdded + usersUpdated + postsAdded + postsUpdated + followsAdded == 0 && !createdSettings
    }

    /// One line: `3 users (3 new), 1 post (1 new), 2 comments and 2 likes added; 0 skipped`.
    public var description: String {
        func change(_ added: Int, _ updated: Int) -> String {
            var parts: [String] = []
            if added > 0 { parts.append("\(added) new") }
            if updated > 0 { parts.append("\(updated) updated") }
            return parts.isEmpty ? "unchanged" : parts.joined(separator: ", ")
        }
        let users = counted(usersAdded + usersUpdated + usersUnchanged, "user") + " (\(change(usersAdded, usersUpdated)))"
        let posts = counted(postsAdded + postsUpdated + postsUnchanged, "post") + " (\(change(postsAdded, postsUpdated)))"
        let follows = followsAdded > 0 ? ", \(counted(followsAdded, "follow")) added" : ""
        return "\(users), \(posts), \(counted(commentsAdded, "comment")) and \(counted(likesAdded, "like")) added\(follows); \(skipped) skipped"
    }
}
