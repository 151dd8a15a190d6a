import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineTemplates

/// What a finished build did.
public struct BuildReport: Sendable {
    /// What the build made, apart from how this run went.
    let facts: BuildFacts
    public let output: String
    public let timings: StageTimings
    /// What happened to the files of the output folder.
    public let files: Files

    /// The report of a run that made `facts`.
    init(_ facts: BuildFacts, output: String, timings: StageTimings, files: Files) {
        self.facts = facts
        self.output = output
        self.timings = timings
        self.files = files
    }

    public var pageCount: Int { facts.pageCount }
    public var fileCount: Int { facts.fileCount }
    public var userCount: Int { facts.userCount }
    public var postCount: Int { facts.postCount }
    public var seconds: Double { timings.total }
    /// The path every internal link starts with (`/` or `/photos/`, from the base URL), so a
    /// preview server can map URLs back to files.
    public var basePath: String { facts.basePath }
    /// The site's base URL; nil when it has none.
    public var baseURL: String? { facts.baseURL }

    /// What a build without a base URL left out, said once after its summary (not a warning:
    /// a site previewed or built locally needs no address, and `--strict` must not fail on it).
    public var skippedForNoBaseURL: String? {
        guard baseURL == nil else { return nil }
        return
            "No baseURL, so the Atom feeds, the sitemap and the share tags that need absolute URLs were skipped: set \"baseURL\" in site.json (e.g. \"https://example.org/photos/\") or pass --base-url to publish them."
    }
    public var warnings: [Diagnostic] { facts.warnings }
    public var images: ImagePipeline.Statistics { facts.images }
    public var videos: VideoPipeline.Statistics { facts.videos }
    public var search: SearchIndex.Statistics { facts.search }

    public struct Files: Sendable, Equatable {
        public enum Mode: String, Sendable {
            /// The whole site was written into a staging folder and swapped in.
            case clean
            /// Only new and changed files were written; the rest were left untouched.
            case incremental
            /// No input, option or tool changed since the last build: nothing was read or written.
            case upToDate = "up-to-date"
            /// A live session (`timeline serve`) built an edit of posts' captions, comments or
            /// likes from the site it holds: only what shows those posts was looked at.
            case edit
        }

        public let mode: Mode
        public let written: Int
        public let unchanged: Int
        public let deleted: Int

        init(mode: Mode, written: Int, unchanged: Int, deleted: Int) {
            self.mode = mode
            self.written = written
            self.unchanged = unchanged
            self.deleted = deleted
        }

        init(_ changes: OutputChanges, mode: Mode) {
            self.init(mode: mode, written: changes.written.count, unchanged: changes.unchanged, deleted: changes.deleted.count)
        }

        static func upToDate(fileCount: Int) -> Files {
            Files(mode: .upToDate, written: 0, unchanged: fileCount, deleted: 0)
        }
    }

    /// `Built 212 pages (6 users, 14 posts; 20 images, 2 decoded, 18 files encoded; 2 videos
    /// (1 copied, 1 transcoded), 1 made, 1 cached; clean build, 260 files written) in 0.31 s → Output/`
    public var summary: String {
        let time = (seconds * 100).rounded() / 100
        let imageText = images.images == 0 ? "" : "; \(counted(images.images, "image")), \(images.decoded) decoded, \(counted(images.encoded, "file")) encoded"
        let videoText =
            videos.videos == 0
            ? ""
            : "; \(counted(videos.videos, "video")) (\(videos.copied) copied, \(videos.transcoded) transcoded), \(videos.made) made, \(videos.cached) cached"
        let fileText =
            switch files.mode {
            case .clean: "clean build, \(counted(files.written, "file")) written"
            case .incremental: "\(counted(files.written, "file")) written, \(files.unchanged) unchanged, \(files.deleted) deleted"
            case .upToDate: "up to date, nothing to write"
            case .edit: "edit: \(counted(files.written, "file")) written, \(files.unchanged) looked at and unchanged, \(files.deleted) deleted"
            }
        return
            "Built \(counted(pageCount, "page")) (\(counted(userCount, "user")), \(counted(postCount, "post"))\(imageText)\(videoText); \(fileText)) in \(time) s → \(output)"
    }
}

extension BuildReport {
    /// `Search index: 1,234 files, 5.6 MB; 3,456 terms in 12 chunks and 7 tail files`
    public var searchSummary: String {
        let megabytes = Double(search.byteCount) / 1_000_000
        return
            "Search index: \(search.fileCount) files, \((megabytes * 100).rounded() / 100) MB; \(search.termCount) terms in \(search.chunkCount) chunks and \(search.tailCount) tail files"
    }
}

/// What a check found in a site that has no errors.
public struct CheckReport: Sendable {
    /// `/` or `/photos/`, from the site's base URL: where the built site's links start.
    public let basePath: String
    /// Whether the built site's links are relative to each page (`relativeURLs`).
    public let relativeURLs: Bool
    public let userCount: Int
    public let postCount: Int
    public let commentCount: Int
    public let likeCount: Int
    public let albumCount: Int
    public let warnings: [Diagnostic]

    init(_ prepared: PreparedSite) {
        let site = prepared.site
        basePath = site.settings.basePath
        relativeURLs = site.settings.relativeURLs
        userCount = site.users.count
        postCount = site.posts.count
        commentCount = site.posts.reduce(0) { $0 + $1.comments.count }
        likeCount = site.posts.reduce(0) { $0 + $1.likes.count }
        albumCount = site.albums.count
        warnings = prepared.warnings
    }

    public var summary: String {
        "Checked \(counted(userCount, "user")), \(counted(postCount, "post")), \(counted(commentCount, "comment")), \(counted(likeCount, "like"))"
            + (albumCount == 0 ? "" : ", " + counted(albumCount, "album")) + ": no errors"
            + (warnings.isEmpty ? "" : ", " + counted(warnings.count, "warning"))
    }
}
