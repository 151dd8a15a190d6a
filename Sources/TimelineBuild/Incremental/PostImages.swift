import TimelineContent
import TimelineModel
import TimelineSite

/// The images of one post made alone, as the images stage makes them (or, with
/// `images.process` off, its photos taken as they are): what an edit build that adds a post
/// (`NewPost`) or changes a post's photos (`EditedPhotos`) publishes.
struct PostImages {
    var photos: [ProcessedImage]
    /// The files its originals are published as, when the images stage makes its images and
    /// the site publishes originals.
    let originalFiles: [String]
    var files: EditBuild.ImageFiles

    /// Nil when an image cannot be made (the whole build then reports it). `posters` are its
    /// videos' poster frames.
    static func make(_ post: Post, site: LinkedSite, options: BuildOptions, paths: SitePaths, posters: [String: VideoPipeline.Poster]) async
        -> PostImages?
    {
        let content = options.layout.content
        guard site.settings.images.process else {
            let (photos, originals) = PublishedImages.unprocessedPhotos(of: post, paths: paths, content: content, posters: posters)
            return PostImages(photos: photos, originalFiles: [], files: EditBuild.ImageFiles(processed: [], originals: originals))
        }
        guard let made = await ImagePipeline.run(post: post, site: site, content: content, cache: ImageCache(options.layout.cache), posters: posters),
            made.photos.count == post.photos.count
        else { return nil }
        let originalFiles = site.settings.images.publishOriginals ? paths.photoFiles(of: post) : []
        let originals = zip(post.photos, originalFiles).map { photo, file in
            (source: content.appending(photo.asset.relativePath).absolute, identity: photo.asset.identity, outputFile: file)
        }
        return PostImages(
            photos: made.photos, originalFiles: originalFiles, files: EditBuild.ImageFiles(processed: made.files, originals: originals, images: made.statistics)
        )
    }
}
