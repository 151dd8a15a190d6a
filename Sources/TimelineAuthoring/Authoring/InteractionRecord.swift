import TimelineContent
import TimelineModel

/// One entry of `comments.json` (with text) or `likes.json` (without), as it is written.
package struct InteractionRecord: Sendable, Equatable {
    package var id: String
    package var username: String
    /// The comment's Markdown; nil for a like.
    package var text: String?

    init(id: String, username: String, text: String? = nil) {
        self.id = id
        self.username = username
        self.text = text
    }

    init(_ comment: Comment) {
        self.init(id: comment.id.rawValue, username: comment.author.username, text: comment.text)
    }

    init(_ like: Like) {
        self.init(id: like.id.rawValue, username: like.author.username)
    }

    /// A whole file: the array form, in the order given.
    static func fileBytes(_ records: [InteractionRecord]) -> [UInt8] {
        PrettyJSON.array(
            records.map { record in
                .object([("id", .string(record.id)), ("username", .string(record.username)), ("text", record.text.map(PrettyJSON.string))])
            }
        ).fileBytes
    }
}
