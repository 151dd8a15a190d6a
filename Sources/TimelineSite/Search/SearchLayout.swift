import TimelineContent
import TimelineModel
import TimelineTemplates

/// The sizes that decide how the index is cut into files, and where each kind of file goes
/// (relative to `search/<collection>/`). Every file name carries a digest of its bytes, so a
/// host can cache it forever; only the page that names the manifest changes between builds.
///
/// A query downloads the manifest, then per word one chunk of the sorted term list (about
/// `chunkBytes`); a very common term keeps only its newest `headBytes` of postings in the
/// chunk and chains the rest in tail files of about `tailBytes`, which the browser loads only
/// when it needs more results. Each result card is a file of its own, found through two
/// levels of directories of `fanout` digests each.
package struct SearchLayout: Sendable {
    package var chunkBytes = 8 * 1024
    package var headBytes = 1024
    package var tailBytes = 4 * 1024
    package var fanout = 64
    package static let standard = SearchLayout()

    static let chunkFolder = "i/"
    static let tailFolder = "t/"
    static let cardFolder = "r/"
    static let cardDirectoryFolder = "c/"
    static let cardRootFolder = "d/"
    /// Digest characters in names: 16 hex digits where a name is a digest alone, 8 where the
    /// name also carries the document or directory number.
    static let nameDigestLength = 16
    static let numberedDigestLength = 8

    package static func digest(_ bytes: [UInt8], length: Int) -> String {
        String(ContentHash.of(bytes: bytes).prefix(length))
    }
}
