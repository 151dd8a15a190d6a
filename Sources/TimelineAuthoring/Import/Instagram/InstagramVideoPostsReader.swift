import TimelineContent
import TimelineModel

/// Reads the video posts an Instagram export keeps outside `posts_N.json`: reels
/// (`reels.json`, a list under `ig_reels_media`) and IGTV videos (`igtv_videos.json`, under
/// `ig_igtv_media`), in the folders posts files are looked for, newest layout first. Each
/// entry is written as a post is (`InstagramPostParser`), and becomes one. Stories are not
/// posts (they were shown for a day), and archived or recently deleted posts are what the
/// person took down: none of them is read.
struct InstagramVideoPostsReader {
    let source: InstagramExportSource
    let listing: InstagramExportListing
    let parser: InstagramPostParser

    /// A kind of video post: its file, the key its list is under, and how issues name one
    /// entry ("this reel") and the file ("the reels file").
    struct Kind: Sendable {
        let file, key, entry, whole: String
    }

    static let kinds = [
        Kind(file: "reels.json", key: "ig_reels_media", entry: "this reel", whole: "the reels file"),
        Kind(file: "igtv_videos.json", key: "ig_igtv_media", entry: "this IGTV video", whole: "the IGTV videos file"),
    ]

    /// Each kind's entries as posts, in file order. An entry whose every media file is one of
    /// `posts`' already (an export that lists a reel among the posts too) is that post, and
    /// is left out without an issue: it is imported.
    func read(besides posts: [InstagramPost], issues: inout [InstagramIssue]) -> [InstagramPost] {
        let known = Set(posts.flatMap { $0.media.map(\.uri) })
        var found: [InstagramPost] = []
        for kind in Self.kinds {
            guard let path = file(of: kind, issues: &issues),
                let file = InstagramJSONFile.load(path, from: source, what: kind.whole, issues: &issues)
            else { continue }
            var fileIssues: [ImportIssue] = []
            for (value, entryPath) in file.entries(under: kind.key, what: kind.whole, issues: &fileIssues) {
                guard let post = parser.post(value, at: entryPath, in: file.name, what: kind.entry, issues: &fileIssues) else { continue }
                if post.media.allSatisfy({ known.contains($0.uri) }) { continue }
                found.append(post)
            }
            issues += fileIssues.map { InstagramIssue(file: file.name, $0) }
        }
        return found
    }

    /// Whether the export holds a reels or IGTV videos file in one of the posts folders.
    static func hasFiles(in listing: InstagramExportListing, prefix: [String]) -> Bool {
        kinds.contains { !candidates(of: $0, in: listing, prefix: prefix).isEmpty }
    }

    /// The places of the kind's file in the export, in the posts folders' order.
    private static func candidates(of kind: Kind, in listing: InstagramExportListing, prefix: [String]) -> [InstagramEntryPath] {
        InstagramPostsReader.folders.map { InstagramEntryPath(segments: prefix + $0 + [kind.file]) }.filter(listing.contains)
    }

    /// The kind's file in the first folder that holds one; one in a later folder is reported
    /// and not read. nil when the export has none (an account without reels).
    private func file(of kind: Kind, issues: inout [InstagramIssue]) -> InstagramEntryPath? {
        let candidates = Self.candidates(of: kind, in: listing, prefix: parser.prefix)
        guard let chosen = candidates.first else { return nil }
        for other in candidates.dropFirst() {
            issues.append(InstagramIssue(file: other.description, skipped: kind.whole, "the one read is \(chosen)"))
        }
        return chosen
    }
}
