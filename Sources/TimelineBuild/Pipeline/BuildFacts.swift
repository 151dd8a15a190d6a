import TimelineModel
import TimelineSite

/// What a build made, as its report gives it: the counts, the warnings and the statistics of the
/// videos, images and search stages, apart from how this run went (its time, its mode, what it
/// wrote). Kept with the input snapshot, so that a build with nothing to do reports them again:
/// a no-op build in CI shows (and under `--strict` fails on) the same warnings.
struct BuildFacts: Sendable {
    var pageCount: Int
    var fileCount: Int
    var userCount: Int
    var postCount: Int
    var basePath: String
    /// Nil when the site has none: the build then skipped what needs absolute URLs.
    var baseURL: String?
    var warnings: [Diagnostic]
    var images: ImagePipeline.Statistics
    var videos: VideoPipeline.Statistics
    var search: SearchIndex.Statistics
}

extension BuildFacts: StateCodable {
    static func code(_ facts: BuildFacts?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> BuildFacts {
        let pageCount = try coder.count(facts?.pageCount, limit: .max)
        let fileCount = try coder.count(facts?.fileCount, limit: .max)
        let userCount = try coder.count(facts?.userCount, limit: .max)
        let postCount = try coder.count(facts?.postCount, limit: .max)
        var images = ImagePipeline.Statistics()
        images.images = try coder.count(facts?.images.images, limit: .max)
        // As for images, what the site publishes is kept, not what that build had to make: a
        // build that reports these again made nothing and read no cache.
        var videos = VideoPipeline.Statistics()
        videos.videos = try coder.count(facts?.videos.videos, limit: .max)
        videos.copied = try coder.count(facts?.videos.copied, limit: .max)
        videos.transcoded = try coder.count(facts?.videos.transcoded, limit: .max)
        let search = SearchIndex.Statistics(
            fileCount: try coder.count(facts?.search.fileCount, limit: .max), byteCount: try coder.count(facts?.search.byteCount, limit: .max),
            termCount: try coder.count(facts?.search.termCount, limit: .max), chunkCount: try coder.count(facts?.search.chunkCount, limit: .max),
            tailCount: try coder.count(facts?.search.tailCount, limit: .max))
        let basePath = try coder.string(facts?.basePath)
        let baseURL = try coder.optional(facts.map(\.baseURL))
        let warnings = try coder.list(facts?.warnings)
        return facts
            ?? BuildFacts(
                pageCount: pageCount, fileCount: fileCount, userCount: userCount, postCount: postCount, basePath: basePath, baseURL: baseURL,
                warnings: warnings, images: images, videos: videos, search: search)
    }
}
