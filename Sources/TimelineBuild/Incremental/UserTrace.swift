import Foundation
import TimelineContent
import TimelineModel

/// What names a user in a post besides its author: a comment or a like of theirs, or maybe a
/// mention in its caption (any `@` and their username, in any case: a cheap look, which can
/// only send a change to a whole build).
struct UserTrace {
    private let folded: String
    private let mention: String

    init(username: String) {
        folded = Username.caseFolded(username)
        mention = "@" + username
    }

    func isIn(_ post: Post) -> Bool {
        post.comments.contains { Username.caseFolded($0.author.username) == folded }
            || post.likes.contains { Username.caseFolded($0.author.username) == folded }
            || post.caption.map { $0.range(of: mention, options: .caseInsensitive) != nil } == true
    }
}
