import TimelineContent
import TimelineModel

/// Reads an Instagram "Download your information" export (JSON format), the folder or the
/// `.zip` as Instagram delivers it, into typed values: the profile, the posts (a carousel is
/// one post of several media items; reels and IGTV videos are posts too), and whom the person
/// follows. Nothing is written; what
/// cannot be read is reported one by one with its file and JSON path, and the rest is read.
/// A media file is copied out with `copyMedia`, a chunk at a time.
///
/// Memory: the JSON files are read whole (each at most `InstagramExportSource.maximumJSONBytes`),
/// media never. Not `Sendable`: one reader serves one task at a time (see
/// `InstagramExportSource`); open another for another task.
public struct InstagramExportReader {
    package let source: InstagramExportSource
    package let listing: InstagramExportListing
    /// The folder the export's files lie in: none as Instagram delivers it, or the one top
    /// folder of an export zipped again by hand.
    package let prefix: [String]

    /// Opens the export at `path` (a folder or a zip archive, relative to the current
    /// directory); fails when it is neither, naming it.
    public init(exportAt path: String) throws(ImportFailure) {
        self.init(source: try InstagramExportSource.open(path))
    }

    package init(source: InstagramExportSource) {
        self.source = source
        listing = source.listing()
        prefix = Self.prefix(of: listing)
    }

    /// Names a file or folder at the top of an export as Instagram makes it.
    static let topLevelNames: Set<String> = [
        "your_instagram_activity", "content", "media", "personal_information", "account_information", "connections",
        "followers_and_following",
    ]

    private static func prefix(of listing: InstagramExportListing) -> [String] {
        guard !listing.files.contains(where: { topLevelNames.contains($0.segments[0]) }),
            let first = listing.files.first, first.segments.count > 1
        else { return [] }
        let top = first.segments[0]
        let allUnderTop = listing.files.allSatisfy { $0.segments.count > 1 && $0.segments[0] == top }
        let looksLikeAnExport = listing.files.contains { topLevelNames.contains($0.segments[1]) }
        return allUnderTop && looksLikeAnExport ? [top] : []
    }

    public func read() -> InstagramExport {
        var issues = listing.refused.map { InstagramIssue(file: $0.entry, skipped: "this entry", $0.reason) }
        let profile = InstagramProfileReader(source: source, listing: listing, prefix: prefix).read(issues: &issues)
        let posts = InstagramPostsReader(source: source, listing: listing, prefix: prefix).read(issues: &issues)
        let following = InstagramFollowingReader(source: source, listing: listing, prefix: prefix).read(issues: &issues)
        return InstagramExport(profile: profile, posts: posts, following: following, issues: issues)
    }

    /// Copies a media file of the export (an `InstagramMedia.uri` or a profile's avatar) to
    /// `destination`, a chunk at a time, whole or not at all (an existing file is replaced);
    /// how many bytes it wrote. A file larger than `limit` (by default
    /// `InstagramExportSource.maximumMediaBytes`), or a zip entry that decompresses to more than
    /// it declares, is refused.
    public func copyMedia(_ uri: InstagramEntryPath, to destination: String, limit: Int? = nil) throws(InstagramEntryError) -> Int {
        try source.copy(uri, to: destination, limit: limit ?? InstagramExportSource.maximumMediaBytes)
    }
}
