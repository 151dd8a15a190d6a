import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// `timeline clean --cache`: removes the cached files that the current content and settings no
/// longer use (an edited photo's old sizes, a setting since changed, a replaced video's web
/// MP4 and poster), or the whole cache.
public enum ImageCacheCleaner {
    public struct Report: Sendable {
        public let removedFiles: Int
        public let keptFiles: Int
        public let removedBytes: Int

        public var summary: String {
            "Removed \(removedFiles) cached image and video file\(removedFiles == 1 ? "" : "s") (\(removedBytes / 1024) KiB); kept \(keptFiles)"
        }
    }

    public static func clean(_ options: BuildOptions, everything: Bool) async throws(BuildFailure) -> Report {
        let cache = ImageCache(options.layout.cache)
        let videoCache = VideoCache(options.layout.cache)
        if everything {
            let files = cachedFiles(cache.filesFolder) + cachedFiles(videoCache.filesFolder)
            do {
                try FileSystem.removeTree(cache.imagesFolder)
                try FileSystem.removeTree(videoCache.videosFolder)
            } catch {
                throw BuildFailure([.fileSystem(error, code: .imageCacheError, stage: .images, at: cache.folder.shown)])
            }
            return Report(removedFiles: files.count, keptFiles: 0, removedBytes: files.reduce(0) { $0 + $1.size })
        }
        let (prepared, _) = try await PreparedSite.prepare(options)
        let known = cache.loadIndex()
        let processor = ImageProcessor(cache: cache, settings: prepared.site.settings.images, known: known)
        // Without FFmpeg no video key can be worked out, so every cached video file is kept.
        let videoWork = VideoPipeline.ffmpegVersion().map { VideoPipeline.work(site: prepared.site, content: options.layout.content, ffmpegVersion: $0) }
        let liveVideos = videoWork?.compactMap { $0 } ?? []
        let posters = Dictionary(liveVideos.map { ($0.relativePath, $0.poster(in: videoCache)) }) { first, _ in first }
        let jobs = ImagePipeline.jobs(site: prepared.site, content: options.layout.content, posters: posters).jobs
        let live = await ParallelMap.map(jobs) { processor.liveEntries($0) }.compactMap { $0 }
        let liveKeys = Set(live.flatMap(\.encodedKeys))

        let liveDigests = Set(live.map(\.digest))
        let liveColors = Set(live.map(\.colorKey))

        var kept = ImageCacheIndex()
        kept.sources = known.sources.filter { liveDigests.contains($0.value) }
        kept.uprightSizes = known.uprightSizes.filter { liveDigests.contains($0.key) }
        kept.colors = known.colors.filter { liveColors.contains($0.key) }
        kept.encoded = known.encoded.filter { liveKeys.contains($0.key) }
        kept.cameras = known.cameras.filter { liveDigests.contains($0.key) }

        var removed = 0
        var removedBytes = 0
        var keptCount = 0
        let liveVideoKeys = Set(liveVideos.map(\.key))
        let videoFiles = videoWork == nil ? [] : cachedFiles(videoCache.filesFolder)
        keptCount += videoWork == nil ? cachedFiles(videoCache.filesFolder).count : 0
        for file in cachedFiles(cache.filesFolder) + videoFiles {
            let name = Path.fileName(of: file.path)
            // `<key>.webp`, `<key>.mp4`, `<key>.poster.png`; a leftover `.part-<pid>` goes too.
            let key = String(name.prefix { $0 != "." })
            if (liveKeys.contains(key) || liveVideoKeys.contains(key)) && !name.contains(".part-") {
                keptCount += 1
                continue
            }
            if (try? FileSystem.removeTree(file.path)) != nil {
                removed += 1
                removedBytes += file.size
            }
        }
        do {
            try cache.saveIndex(kept)
        } catch {
            throw BuildFailure([.fileSystem(error, code: .imageCacheError, stage: .images, at: cache.folder.shown)])
        }
        return Report(removedFiles: removed, keptFiles: keptCount, removedBytes: removedBytes)
    }

    /// Every file in the shards of a cache's `files` folder.
    static func cachedFiles(_ filesFolder: String) -> [(path: String, size: Int)] {
        var files: [(path: String, size: Int)] = []
        for shard in (try? FileSystem.entries(of: filesFolder)) ?? [] {
            let folder = filesFolder + "/" + shard
            for name in (try? FileSystem.entries(of: folder)) ?? [] {
                let path = folder + "/" + name
                files.append((path, FileSystem.stamp(of: path)?.size ?? 0))
            }
        }
        return files
    }
}
