import Synchronization
import TimelineContent
import TimelineModel
import TimelineSystem

/// The videos stage, before the images stage: every post video made into its web MP4 and
/// poster frame in the cache (`VideoTranscoder`), one source at a time, since FFmpeg's encoder
/// uses every core it is given. A source used by several posts is made once. Each video's
/// problems are reported where its post names it; the others are unaffected.
public enum VideoPipeline {
    /// What the stage published and what it had to make. A clip that several posts share is
    /// one source: made (or found in the cache) once, published for each.
    public struct Statistics: Sendable, Hashable {
        /// Post videos published.
        public var videos = 0
        /// Of those, published by copying the source's streams, and by transcoding.
        public var copied = 0
        public var transcoded = 0
        /// Sources this build ran FFmpeg on (0 on a warm rebuild).
        public var made = 0
        /// Sources whose web MP4 and poster were in the cache already.
        public var cached = 0

        package init(videos: Int = 0, copied: Int = 0, transcoded: Int = 0, made: Int = 0, cached: Int = 0) {
            self.videos = videos
            self.copied = copied
            self.transcoded = transcoded
            self.made = made
            self.cached = cached
        }

        /// What the site publishes, without what a run made or found in the cache.
        package var published: Statistics { Statistics(videos: videos, copied: copied, transcoded: transcoded) }

        package func adding(_ other: Statistics) -> Statistics {
            Statistics(
                videos: videos + other.videos, copied: copied + other.copied, transcoded: transcoded + other.transcoded, made: made + other.made,
                cached: cached + other.cached)
        }
    }

    /// A video's poster frame, the image pipeline's source for it.
    package struct Poster: Sendable {
        /// The PNG in the cache, shown as the video's own path in messages.
        package let file: SitePath
        package let key: String
        package let size: PixelSize

        /// The poster as the image pipeline's source: its identity comes from the video's key,
        /// since its bytes are made from the video by that recipe alone.
        func asset(of video: ContentAsset, byteCount: Int = 0) -> ContentAsset {
            var asset = ContentAsset(relativePath: video.relativePath, fileName: video.fileName, byteCount: byteCount, pixelSize: size, mediaType: "image/png")
            asset.identity = Digest(hex: key.prefix(32))
            return asset
        }
    }

    package struct Result: Sendable {
        /// Per post, in `LinkedSite.posts` order, per photo: the published video, nil for a photo.
        package let videos: [[PublishedVideo?]]
        /// By the video's path relative to the content folder.
        package let posters: [String: Poster]
        /// Cache file → output file.
        package let files: [(cacheFile: String, outputFile: String)]
        package let statistics: Statistics

        package static let empty = Result(videos: [], posters: [:], files: [], statistics: Statistics())
    }

    /// One video of one post, as the cache knows it.
    package struct Work: Sendable {
        let post: Int
        let photo: Int
        let video: VideoDetails
        let format: VideoFormat
        let source: SitePath
        /// The video's path relative to the content folder, which its poster is found by.
        package let relativePath: String
        let plan: VideoPlan
        package let key: String
        let outputFile: String

        package func poster(in cache: VideoCache) -> Poster {
            Poster(file: SitePath(absolute: cache.posterFile(forKey: key), shown: source.shown), key: key, size: plan.size)
        }
    }

    /// How many hex digits of its cache key a published video's name holds (`clip.1a2b3c4d5e.mp4`).
    static let nameDigestLength = 10

    /// FFmpeg's version line (`ffmpeg version 5.1.6-0+deb12u1`), part of every cache key: another
    /// FFmpeg may make other bytes. Nil when `ffmpeg` is missing or does not answer.
    package static func ffmpegVersion() -> String? {
        guard let ffmpeg = FFmpeg.path(of: .ffmpeg),
            let outcome = ChildProcess.run(ffmpeg, arguments: ["-version"], limits: FFmpeg.probeLimits), outcome.succeeded
        else { return nil }
        let line = String(decoding: outcome.output, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.split(separator: " Copyright").first.map(String.init) ?? line
    }

    /// Every post video's work, in post order; nil for a source that can no longer be read.
    package static func work(site: LinkedSite, content: SitePath, ffmpegVersion: String) -> [Work?] {
        work(of: site.posts, settings: site.settings, content: content, ffmpegVersion: ffmpegVersion)
    }

    /// The work of the videos of `posts`, whose `Work.post` is the post's offset in `posts`.
    static func work(of posts: some Sequence<Post>, settings: SiteSettings, content: SitePath, ffmpegVersion: String) -> [Work?] {
        let paths = SitePaths(settings: settings)
        var work: [Work?] = []
        for (postIndex, post) in posts.enumerated() {
            for (photoIndex, photo) in post.photos.enumerated() {
                guard let video = photo.video else { continue }
                let source = content.appending(photo.asset.relativePath)
                guard let format = VideoFormat.extensions[Path.fileExtension(of: photo.asset.fileName)],
                    let identity = photo.asset.identity ?? FileIdentities.hashFile(source.absolute)
                else {
                    work.append(nil)
                    continue
                }
                let plan = VideoPlan.make(video, settings: settings.videos)
                let key = plan.key(source: identity, ffmpegVersion: ffmpegVersion)
                let stem = URLPath.safeFileName(Path.stem(of: photo.asset.fileName))
                work.append(
                    Work(
                        post: postIndex, photo: photoIndex, video: video, format: format, source: source, relativePath: photo.asset.relativePath,
                        plan: plan, key: key,
                        outputFile: paths.post(post.id).folder + stem + "." + key.prefix(nameDigestLength) + ".mp4"))
            }
        }
        return work
    }

    package static func run(site: LinkedSite, content: SitePath, cache: VideoCache, progress: @escaping @Sendable (String) -> Void) -> (Result?, [Diagnostic]) {
        run(posts: site.posts, settings: site.settings, content: content, cache: cache, progress: progress)
    }

    /// The videos of `posts` alone (the whole site's, or the posts an edit build adds):
    /// `Result.videos` follows `posts`.
    package static func run<Posts: RandomAccessCollection<Post>>(
        posts: Posts, settings: SiteSettings, content: SitePath, cache: VideoCache, progress: @escaping @Sendable (String) -> Void
    ) -> (Result?, [Diagnostic]) where Posts.Index == Int {
        let videoCount = posts.reduce(0) { $0 + $1.photos.count { $0.video != nil } }
        guard videoCount > 0 else { return (Result.empty, []) }
        guard let ffmpeg = FFmpeg.path(of: .ffmpeg), let version = ffmpegVersion() else {
            return (nil, [.error(.videoProcessingFailed, stage: .videos, at: SourceLocation(path: content.shown), FFmpeg.missing(.ffmpeg))])
        }
        let transcoder = VideoTranscoder(ffmpeg: ffmpeg, cache: cache)
        var diagnostics: [Diagnostic] = []
        var videos = posts.map { [PublishedVideo?](repeating: nil, count: $0.photos.count) }
        var posters: [String: Poster] = [:]
        var files: [(cacheFile: String, outputFile: String)] = []
        var statistics = Statistics()
        var outcomes: [String: Swift.Result<Bool, VideoTranscoder.Failure>] = [:]
        for (number, work) in work(of: posts, settings: settings, content: content, ffmpegVersion: version).enumerated() {
            guard let work else { continue }
            let post = posts[posts.startIndex + work.post]
            let photo = post.photos[work.photo]
            let name = photo.asset.fileName
            let outcome: Swift.Result<Bool, VideoTranscoder.Failure>
            if let done = outcomes[work.key] {
                outcome = done
            } else {
                let verb = work.plan.mode == .copy ? "copying" : "transcoding"
                progress("\(verb) video \(number + 1) of \(videoCount), \(name) of post \(post.id.rawValue)")
                let step = Mutex(0)
                do {
                    let made = try transcoder.make(
                        work.plan, key: work.key, source: work.source, format: work.format, video: work.video, limits: settings.videos
                    ) { done in
                        let tenth = Int(done * 10)
                        let changed = step.withLock { last in
                            defer { last = max(last, tenth) }
                            return tenth > last
                        }
                        if changed { progress("\(verb) \(name): \(tenth * 10) %") }
                    }
                    outcome = .success(made)
                    if made { statistics.made += 1 } else { statistics.cached += 1 }
                } catch {
                    outcome = .failure(error)
                }
                outcomes[work.key] = outcome
            }
            switch outcome {
            case .success:
                let videoFile = cache.videoFile(forKey: work.key)
                guard let byteCount = cache.byteCount(of: videoFile) else { continue }
                statistics.videos += 1
                videos[work.post][work.photo] = PublishedVideo(
                    outputFile: work.outputFile, size: work.plan.size, byteCount: byteCount, durationMilliseconds: work.video.durationMilliseconds)
                posters[work.relativePath] = work.poster(in: cache)
                files.append((videoFile, work.outputFile))
                if work.plan.mode == .copy { statistics.copied += 1 } else { statistics.transcoded += 1 }
            case .failure(let failure):
                diagnostics.append(.error(failure.code, stage: .videos, at: work.video.namedAt, "video '\(name)': \(failure.message)"))
            }
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }
        return (Result(videos: videos, posters: posters, files: files, statistics: statistics), [])
    }
}
