import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// What the images stage hands on: per post and per avatar, the files pages show, and the
/// files the write stage publishes.
package struct PublishedImages: Sendable {
    /// Per post, in `LinkedSite.posts` order, its photos in the post's order.
    package let posts: RecordList<[ProcessedImage]>
    /// Per user, nil without an avatar.
    let avatars: [ProcessedImage?]
    /// Processed files: cache file → output file, published as hard links.
    let processedFiles: [(cacheFile: String, outputFile: String)]
    /// Originals: content file (and its identity) → output file, published as copies.
    let originalFiles: [(source: String, identity: Digest?, outputFile: String)]
    /// Per post, the URL paths of its photos' originals when published; empty when they are
    /// not (a post has at least one photo).
    let originalPhotoFiles: RecordList<[String]>
    package let statistics: ImagePipeline.Statistics

    package init(
        posts: RecordList<[ProcessedImage]>, avatars: [ProcessedImage?], processedFiles: [(cacheFile: String, outputFile: String)],
        originalFiles: [(source: String, identity: Digest?, outputFile: String)], originalPhotoFiles: RecordList<[String]>, statistics: ImagePipeline.Statistics
    ) {
        self.posts = posts
        self.avatars = avatars
        self.processedFiles = processedFiles
        self.originalFiles = originalFiles
        self.originalPhotoFiles = originalPhotoFiles
        self.statistics = statistics
    }

    /// With `images.process` off: every photo and avatar published as it is (a video's poster
    /// frame as FFmpeg made it).
    package static func unprocessed(site: LinkedSite, content: SitePath, videos: VideoPipeline.Result) async -> PublishedImages {
        let paths = SitePaths(settings: site.settings)
        // On every core: made on one, the paths were most of the images stage of a site that does
        // not process its images.
        let posters = videos.posters
        let published = await ParallelMap.chunks(count: site.posts.count) { range in
            range.map { unprocessedPhotos(of: site.posts[$0], paths: paths, content: content, posters: posters) }
        }.joined()
        var originals = published.flatMap(\.originals)
        let posts = published.map(\.photos)
        let avatars = site.users.map { user -> ProcessedImage? in
            guard let published = unprocessedAvatar(of: user, paths: paths, content: content) else { return nil }
            originals.append(published.original)
            return published.image
        }
        return PublishedImages(
            posts: RecordList(posts), avatars: avatars, processedFiles: [], originalFiles: originals, originalPhotoFiles: RecordList(posts.map { _ in [] }),
            statistics: ImagePipeline.Statistics()
        ).playing(videos)
    }

    /// A user's avatar published as it is (`images.process` off), and the original to copy;
    /// nil without one.
    package static func unprocessedAvatar(of user: User, paths: SitePaths, content: SitePath) -> (
        image: ProcessedImage, original: (source: String, identity: Digest?, outputFile: String)
    )? {
        guard let avatar = user.avatar, let file = paths.avatarFile(of: user) else { return nil }
        let image = ProcessedImage(size: avatar.pixelSize, placeholderColor: nil, display: [], squares: [Self.original(avatar, at: file)])
        return (image, (content.appending(avatar.relativePath).absolute, avatar.identity, file))
    }

    /// The images after the avatars of the users in `avatars` changed (nil for one that has none
    /// now), with the files to publish for them; `processed` says whether the images stage
    /// made them.
    package func replacingAvatars(
        _ changed: [Int: ProcessedImage?], files: [(cacheFile: String, outputFile: String)],
        originalFiles newOriginals: [(source: String, identity: Digest?, outputFile: String)], processed: Bool
    ) -> PublishedImages {
        var avatars = avatars
        var statistics = statistics
        var gone = Set<String>()
        for (user, image) in changed {
            if let old = avatars[user] { gone.formUnion(Self.outputFiles(of: old)) }
            if processed { statistics.images += (image == nil ? 0 : 1) - (avatars[user] == nil ? 0 : 1) }
            avatars[user] = image
        }
        return PublishedImages(
            posts: posts, avatars: avatars, processedFiles: processedFiles.filter { !gone.contains($0.outputFile) } + files,
            originalFiles: originalFiles.filter { !gone.contains($0.outputFile) } + newOriginals, originalPhotoFiles: originalPhotoFiles,
            statistics: statistics)
    }

    /// The images after a new user was put at `index` (`LinkedSite.insertUser`), without an
    /// avatar yet (`replacingAvatars` gives them theirs).
    package func insertingUser(at index: Int) -> PublishedImages {
        var avatars = avatars
        avatars.insert(nil, at: index)
        return withAvatars(avatars)
    }

    /// The images after the user at `index`, whose avatar was removed already
    /// (`replacingAvatars`), was taken out (`LinkedSite.removeUser`).
    package func removingUser(at index: Int) -> PublishedImages {
        var avatars = avatars
        avatars.remove(at: index)
        return withAvatars(avatars)
    }

    /// The images after a user was moved (`LinkedSite.moveUser`), with their avatar.
    package func movingUser(_ move: IndexMove) -> PublishedImages {
        withAvatars(move.applied(to: avatars))
    }

    /// The same images, each user's avatar from `avatars` (the users' order changed).
    private func withAvatars(_ avatars: [ProcessedImage?]) -> PublishedImages {
        PublishedImages(
            posts: posts, avatars: avatars, processedFiles: processedFiles, originalFiles: originalFiles, originalPhotoFiles: originalPhotoFiles,
            statistics: statistics)
    }

    /// The files an image is published as.
    package static func outputFiles(of image: ProcessedImage) -> [String] {
        (image.display + image.squares).map(\.outputFile)
    }

    /// The files published for the avatar of `user`, none without one.
    package func outputFiles(ofAvatarOf user: Int) -> [String] {
        avatars[user].map(Self.outputFiles(of:)) ?? []
    }

    /// A post's photos published as they are (`images.process` off; a video's poster frame as
    /// FFmpeg made it, from `posters`), and the originals to copy.
    package static func unprocessedPhotos(of post: Post, paths: SitePaths, content: SitePath, posters: [String: VideoPipeline.Poster]) -> (
        photos: [ProcessedImage], originals: [(source: String, identity: Digest?, outputFile: String)]
    ) {
        var originals: [(source: String, identity: Digest?, outputFile: String)] = []
        let photos = zip(post.photos, paths.photoFiles(of: post)).map { photo, file in
            var asset = photo.asset
            var source = content.appending(photo.asset.relativePath).absolute
            var file = file
            if let poster = posters[photo.asset.relativePath] {
                asset = poster.asset(of: photo.asset, byteCount: FileSystem.stamp(of: poster.file.absolute)?.size ?? 0)
                source = poster.file.absolute
                file = Path.parent(of: file) + "/" + Path.stem(of: file) + ".poster." + poster.key.prefix(VideoPipeline.nameDigestLength) + ".png"
            }
            originals.append((source, asset.identity, file))
            return ProcessedImage(size: asset.pixelSize, placeholderColor: nil, display: [Self.original(asset, at: file)], squares: [])
        }
        return (photos, originals)
    }

    /// Adds the original photos to a processed site, when `images.publishOriginals` asks, and
    /// the videos to their posters.
    package static func processed(_ result: ImagePipeline.Result, site: LinkedSite, content: SitePath, videos: VideoPipeline.Result) -> PublishedImages {
        let paths = SitePaths(settings: site.settings)
        let publishOriginals = site.settings.images.publishOriginals
        let originalFiles = publishOriginals ? site.posts.map { paths.photoFiles(of: $0) } : []
        let originals = zip(site.posts, originalFiles).flatMap { post, files in
            zip(post.photos, files).map { photo, file in (content.appending(photo.asset.relativePath).absolute, photo.asset.identity, file) }
        }
        return PublishedImages(
            posts: RecordList(result.posts), avatars: result.avatars, processedFiles: result.files, originalFiles: originals,
            originalPhotoFiles: RecordList(publishOriginals ? originalFiles : site.posts.map { _ in [] }), statistics: result.statistics
        ).playing(videos)
    }

    /// The images after a post newer than every other was put first (`LinkedSite.insertNewest`):
    /// `photos` are its images, `originals` the URL paths of its published originals (empty
    /// when the site publishes none); `files` and `newOriginals` are the files to publish for
    /// it, and `processed` says whether the images stage made them.
    package func insertingNewestPost(
        photos: [ProcessedImage], originals: [String], files: [(cacheFile: String, outputFile: String)],
        originalFiles newOriginals: [(source: String, identity: Digest?, outputFile: String)], processed: Bool
    ) -> PublishedImages {
        var posts = posts
        posts.insert(photos, at: 0)
        var originalPhotoFiles = originalPhotoFiles
        originalPhotoFiles.insert(originals, at: 0)
        var statistics = statistics
        // As the images stage counts: the photos it processed (none when it publishes them as they are).
        if processed { statistics.images += photos.count }
        return PublishedImages(
            posts: posts, avatars: avatars, processedFiles: processedFiles + files, originalFiles: originalFiles + newOriginals,
            originalPhotoFiles: originalPhotoFiles, statistics: statistics)
    }

    /// The images after the photos of the post at `index` changed (other files or bytes, added,
    /// removed, reordered, other alt text): `photos`, `originals`, `files` and `newOriginals`
    /// as `insertingNewestPost` takes them. Its files published before are no longer published.
    package func replacingPhotos(
        ofPost index: Int, photos: [ProcessedImage], originals: [String], files: [(cacheFile: String, outputFile: String)],
        originalFiles newOriginals: [(source: String, identity: Digest?, outputFile: String)], processed: Bool
    ) -> PublishedImages {
        let gone = Set(outputFiles(ofPost: index))
        var posts = posts
        var statistics = statistics
        if processed { statistics.images += photos.count - posts[index].count }
        posts.replace(at: index, with: photos)
        var originalPhotoFiles = originalPhotoFiles
        originalPhotoFiles.replace(at: index, with: originals)
        return PublishedImages(
            posts: posts, avatars: avatars, processedFiles: processedFiles.filter { !gone.contains($0.outputFile) } + files,
            originalFiles: originalFiles.filter { !gone.contains($0.outputFile) } + newOriginals, originalPhotoFiles: originalPhotoFiles,
            statistics: statistics)
    }

    /// The images after the post at `index` was removed (`LinkedSite.removePost`), with the
    /// files published for it (`outputFiles`); `processed` says whether the images stage made
    /// its images.
    package func removingPost(at index: Int, outputFiles: Set<String>, processed: Bool) -> PublishedImages {
        var posts = posts
        let photos = posts[index]
        posts.remove(at: index)
        var originalPhotoFiles = originalPhotoFiles
        originalPhotoFiles.remove(at: index)
        var statistics = statistics
        if processed { statistics.images -= photos.count }
        return PublishedImages(
            posts: posts, avatars: avatars, processedFiles: processedFiles.filter { !outputFiles.contains($0.outputFile) },
            originalFiles: originalFiles.filter { !outputFiles.contains($0.outputFile) }, originalPhotoFiles: originalPhotoFiles, statistics: statistics)
    }

    /// The files published for the post at `index`: its images and its originals.
    package func outputFiles(ofPost index: Int) -> [String] {
        posts[index].flatMap(Self.outputFiles(of:)) + originalPhotoFiles[index]
    }

    /// Each video's poster given the video it stands for, and the videos' files to publish.
    private func playing(_ videos: VideoPipeline.Result) -> PublishedImages {
        guard !videos.files.isEmpty else { return self }
        let posts = zip(posts, videos.videos).map { images, videos in Self.playing(videos, in: images) }
        return PublishedImages(
            posts: RecordList(posts), avatars: avatars, processedFiles: processedFiles + videos.files, originalFiles: originalFiles,
            originalPhotoFiles: originalPhotoFiles, statistics: statistics)
    }

    /// A post's images with each video's poster given the video it stands for (`videos`
    /// follows the post's photos, nil for a photo).
    package static func playing(_ videos: [PublishedVideo?], in images: [ProcessedImage]) -> [ProcessedImage] {
        zip(images, videos).map { image, video in
            var image = image
            image.video = video
            return image
        }
    }

    private static func original(_ asset: ContentAsset, at file: String) -> Rendition {
        Rendition(size: asset.pixelSize, mediaType: asset.mediaType, outputFile: file, byteCount: asset.byteCount)
    }
}
