import TimelineContent
import TimelineModel
import TimelineSite
import TimelineSystem

/// An edit of posts' photos: a photo replaced by other bytes, photos added, removed or
/// reordered, other alt text. The edited posts' images are made again alone, as the images
/// stage makes them; what they reach is what any edit of the posts reaches (their pages and
/// feeds, and every page that read a field of their cards), and their files published before
/// and no longer published are removed.
extension EditBuild {
    /// Whether an edit build can take `post` in place of `old`, whose photos may differ: not
    /// when either has a video (the videos stage's to make) or they differ in anything else a
    /// post's page and its neighbours are made of.
    static func keepsAllButPhotos(_ post: Post, of old: Post, author: String) -> Bool {
        post.id == old.id && post.author.username == author && post.date == old.date && post.extra == old.extra
            && (post.photos == old.photos || (post.photos + old.photos).allSatisfy { $0.video == nil })
    }

    /// Makes the images of the edited posts whose photos changed, puts them in `next`'s
    /// images (the page contexts take them with the posts), and adds the files no longer
    /// published to `reach`. Returns the files to publish, or nil when an image cannot be
    /// made (the whole build then reports it).
    func replacePhotos(_ next: inout BuiltSite, reach: inout EditReach) async -> ImageFiles? {
        var made = ImageFiles.empty
        let site = next.site
        let changed = edited.filter { $0.value.photos != site.posts[$0.key].photos }.sorted { $0.key < $1.key }
        guard !changed.isEmpty else { return made }
        for (index, post) in changed {
            guard let images = await PostImages.make(post, site: site, options: next.options, paths: next.contexts.paths, posters: [:]) else { return nil }
            let old = Set(next.images.outputFiles(ofPost: index))
            next.images = next.images.replacingPhotos(
                ofPost: index, photos: images.photos, originals: images.originalFiles, files: images.files.processed,
                originalFiles: images.files.originals, processed: site.settings.images.process)
            reach.add([], [], retired: old.subtracting(next.images.outputFiles(ofPost: index)).sorted(), changesSitemap: false)
            made = made.adding(images.files)
        }
        return made
    }
}
