import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// The images stage: every post photo and avatar through libvips, one image per core at a
/// time so that memory stays bounded however many photos a site has. A source used by many
/// posts (the same bytes) is processed once and published under each post's names. Each
/// image's problems are collected, and reported at each post's own file; the others are
/// unaffected.
public enum ImagePipeline {
    public struct Statistics: Sendable, Hashable {
        public var images = 0
        /// Images that had to be decoded (0 on a warm rebuild).
        public var decoded = 0
        /// Files encoded (0 on a warm rebuild).
        public var encoded = 0

        package init(images: Int = 0, decoded: Int = 0, encoded: Int = 0) {
            self.images = images
            self.decoded = decoded
            self.encoded = encoded
        }

        package func adding(_ other: Statistics) -> Statistics {
            Statistics(images: images + other.images, decoded: decoded + other.decoded, encoded: encoded + other.encoded)
        }
    }

    package struct Result: Sendable {
        /// Per post, in `LinkedSite.posts` order, its photos in the post's order.
        package let posts: [[ProcessedImage]]
        /// Per user, nil without an avatar.
        let avatars: [ProcessedImage?]
        /// Cache file → output file.
        package let files: [(cacheFile: String, outputFile: String)]
        package let statistics: Statistics
    }

    package static func run(
        site: LinkedSite, content: SitePath, cache: ImageCache, posters: [String: VideoPipeline.Poster] = [:]
    ) async -> (Result?, [Diagnostic]) {
        do {
            try DecodedImage.start()
        } catch {
            return (nil, [.error(.undecodablePhoto, stage: .images, at: SourceLocation(path: content.shown), error.message)])
        }
        let (jobs, photoJobs, avatarJob) = Self.jobs(site: site, content: content, posters: posters)
        let processed = await process(jobs, site: site, cache: cache, isWholeSite: true)
        guard !processed.diagnostics.contains(where: { $0.severity == .error }) else { return (nil, processed.diagnostics) }
        let images = processed.images
        let posts = photoJobs.map { range in images[range].compactMap { $0 } }
        let avatars = site.users.indices.map { avatarJob[$0].flatMap { images[$0] } }
        return (Result(posts: posts, avatars: avatars, files: processed.files, statistics: processed.statistics), processed.diagnostics)
    }

    /// The images of one post alone (an edit build that adds it; its videos' poster frames from
    /// `posters`): its photos in its order and the files to publish; nil when one failed.
    package static func run(post: Post, site: LinkedSite, content: SitePath, cache: ImageCache, posters: [String: VideoPipeline.Poster]) async -> (
        photos: [ProcessedImage], files: [(cacheFile: String, outputFile: String)], statistics: Statistics
    )? {
        await run(photoJobs(of: post, paths: SitePaths(settings: site.settings), content: content, posters: posters), site: site, cache: cache)
    }

    /// The avatars of `users` alone (an edit build that changes them), in their order, and the
    /// files to publish; nil when one failed.
    package static func run(avatarsOf users: [User], site: LinkedSite, content: SitePath, cache: ImageCache) async -> (
        avatars: [ProcessedImage], files: [(cacheFile: String, outputFile: String)], statistics: Statistics
    )? {
        let paths = SitePaths(settings: site.settings)
        let jobs = users.compactMap { avatarJob(of: $0, paths: paths, content: content) }
        guard jobs.count == users.count, let made = await run(jobs, site: site, cache: cache) else { return nil }
        return (made.photos, made.files, made.statistics)
    }

    /// `jobs` alone, each made or none.
    private static func run(_ jobs: [ImageJob], site: LinkedSite, cache: ImageCache) async -> (
        photos: [ProcessedImage], files: [(cacheFile: String, outputFile: String)], statistics: Statistics
    )? {
        guard (try? DecodedImage.start()) != nil else { return nil }
        let processed = await process(jobs, site: site, cache: cache, isWholeSite: false)
        guard !processed.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        let images = processed.images.compactMap { $0 }
        return images.count == jobs.count ? (images, processed.files, processed.statistics) : nil
    }

    /// Processes `jobs` (each source once, libvips started) and saves what the cache index
    /// learned: per job its image, nil where it failed (with the failure among the
    /// diagnostics). The sources a whole site's jobs read (`isWholeSite`) are all the index
    /// keeps of sources; other jobs' are added to what it knew.
    private static func process(_ jobs: [ImageJob], site: LinkedSite, cache: ImageCache, isWholeSite: Bool) async -> (
        images: [ProcessedImage?], files: [(cacheFile: String, outputFile: String)], statistics: Statistics, diagnostics: [Diagnostic]
    ) {
        let known = cache.loadIndex()
        let processor = ImageProcessor(cache: cache, settings: site.settings.images, known: known, readsCameraDetails: site.settings.showCameraDetails)
        let sources = await ParallelMap.map(jobs) { processor.identify($0) }
        let (shared, renderingOfJob) = Self.shareWork(jobs: jobs, sources: sources)
        let renderings = await ParallelMap.bounded(shared) { processor.render($0.job, digest: $0.digest) }

        var diagnostics: [Diagnostic] = []
        var learned = ImageCacheIndex()
        var statistics = Statistics(images: jobs.count)
        for rendering in renderings {
            learned.merge(rendering.work.learned)
            statistics.encoded += rendering.work.encodedCount
            statistics.decoded += rendering.work.decoded ? 1 : 0
        }
        var images: [ProcessedImage?] = []
        var files: [(cacheFile: String, outputFile: String)] = []
        for (index, job) in jobs.enumerated() {
            if case .success(let source) = sources[index] { learned.sources[source.identity] = source.digest }
            switch renderingOfJob[index].flatMap({ renderings[$0].result }) {
            case .success(let rendered):
                let published = ImageProcessor.publish(rendered, for: job, cache: cache)
                images.append(published.image)
                files += published.files
            case .failure(let failure):
                // A shared failure is reported once per job, each at its own file.
                diagnostics.append(ImageProcessor.diagnostic(failure, for: job))
                images.append(nil)
            }
        }
        // Keep what the index knew about other files (another site, an older setting) until
        // `timeline clean --cache`; this build's findings win.
        var index = known
        if isWholeSite {
            index.sources = learned.sources
        } else {
            index.sources.merge(learned.sources) { _, new in new }
        }
        index.merge(learned)
        do {
            // A warm build learns nothing new: leave the file (and its modification time) alone.
            if index != known { try cache.saveIndex(index) }
        } catch {
            diagnostics.append(
                .warning(
                    .imageCacheError, stage: .images, at: SourceLocation(path: cache.folder.shown), "cannot save the image cache index: \(error.description)"))
        }
        return (images, files, statistics, diagnostics)
    }

    /// One rendering per distinct source and purpose, done with the first job that needs it:
    /// `shared` lists those, `renderingOfJob` says which one each job uses (or why it has none:
    /// its source could not be read).
    static func shareWork(
        jobs: [ImageJob], sources: [Swift.Result<ImageCacheIndex.SourceEntry, ImageProcessor.JobFailure>]
    ) -> (shared: [(job: ImageJob, digest: String)], renderingOfJob: [Swift.Result<Int, ImageProcessor.JobFailure>]) {
        var shared: [(job: ImageJob, digest: String)] = []
        var renderingOfRecipe: [SourceRecipe: Int] = [:]
        let renderingOfJob = zip(jobs, sources).map { job, source in
            source.map { entry in
                let recipe = SourceRecipe(digest: entry.digest, purpose: job.purpose)
                if let rendering = renderingOfRecipe[recipe] { return rendering }
                renderingOfRecipe[recipe] = shared.count
                shared.append((job, entry.digest))
                return shared.count - 1
            }
        }
        return (shared, renderingOfJob)
    }

    /// One job per photo of each post (for a video, its poster frame), then one per avatar;
    /// `photoJobs` gives each post's range of jobs, `avatarJob` maps a user to theirs.
    package static func jobs(
        site: LinkedSite, content: SitePath, posters: [String: VideoPipeline.Poster]
    ) -> (jobs: [ImageJob], photoJobs: [Range<Int>], avatarJob: [Int: Int]) {
        let paths = SitePaths(settings: site.settings)
        var jobs: [ImageJob] = []
        var photoJobs: [Range<Int>] = []
        photoJobs.reserveCapacity(site.posts.count)
        for post in site.posts {
            let start = jobs.count
            jobs += Self.photoJobs(of: post, paths: paths, content: content, posters: posters)
            photoJobs.append(start..<jobs.count)
        }
        var avatarJob: [Int: Int] = [:]
        for (index, user) in site.users.enumerated() {
            guard let job = Self.avatarJob(of: user, paths: paths, content: content) else { continue }
            avatarJob[index] = jobs.count
            jobs.append(job)
        }
        return (jobs, photoJobs, avatarJob)
    }

    /// The job of `user`'s avatar; nil without one.
    private static func avatarJob(of user: User, paths: SitePaths, content: SitePath) -> ImageJob? {
        user.avatar.map { avatar in
            ImageJob(
                purpose: .avatar, asset: avatar, source: content.appending(avatar.relativePath), outputFolder: paths.profile(user.username).folder,
                stem: "avatar", owner: "avatar of \(user.username)")
        }
    }

    /// One job per photo of `post` (for a video, its poster frame, when FFmpeg made one).
    private static func photoJobs(of post: Post, paths: SitePaths, content: SitePath, posters: [String: VideoPipeline.Poster]) -> [ImageJob] {
        var jobs: [ImageJob] = []
        for photo in post.photos {
            if photo.video != nil {
                guard let poster = posters[photo.asset.relativePath] else { continue }
                jobs.append(
                    ImageJob(
                        purpose: .postPhoto, asset: poster.asset(of: photo.asset), source: poster.file, outputFolder: paths.post(post.id).folder,
                        stem: URLPath.safeFileName(Path.stem(of: photo.asset.fileName)), owner: "poster of the video of post \(post.id.rawValue)"))
                continue
            }
            jobs.append(
                ImageJob(
                    purpose: .postPhoto, asset: photo.asset, source: content.appending(photo.asset.relativePath),
                    outputFolder: paths.post(post.id).folder, stem: URLPath.safeFileName(Path.stem(of: photo.asset.fileName)),
                    owner: "photo of post \(post.id.rawValue)"))
        }
        return jobs
    }
}
