import TimelineContent
import TimelineModel
import TimelineTemplates

/// One kind of thing the browser can search for (posts, users or albums): its documents, numbered
/// `0..<count`, and for each the terms it is found by and the card it shows as.
package struct SearchCollection: Sendable {
    package enum Match: String, Sendable {
        /// Every query word must be a prefix of one of the document's words.
        case words
        /// The query must occur in a name: the terms are the names' suffixes, so a substring
        /// is a prefix of one of them.
        case substring
    }

    /// The folder under `search/` and the key in the manifest.
    package let name: String
    package let count: Int
    /// Results are shown from the highest number down (posts: newest first) or up.
    let descending: Bool
    let match: Match
    /// The number of the document at a position in result order.
    let numberAt: @Sendable (Int) -> Int32
    /// The distinct terms of the document at a position in result order.
    let termsAt: @Sendable (Int) -> Set<String>
    /// The card JSON of a document, by number.
    package let card: @Sendable (Int) -> [UInt8]

    package var folder: String { "search/\(name)/" }
}
