import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// How long browsers and caches may keep each file of a built site: the one policy every host
/// file writes in its own syntax. A file whose name holds a hash of its bytes (processed photos
/// and avatars, the search index's chunks, cards and manifest) never changes at its URL, so it
/// may be kept for a year without asking again; everything else (pages, feeds, the theme's
/// assets, originals) is revalidated on every use.
package struct CachePolicy: Sendable, Equatable {
    static let immutable = "public, max-age=31536000, immutable"
    static let revalidate = "no-cache"

    /// Files named by their content, relative to the site root.
    package enum HashedFiles: Sendable, Hashable {
        /// Every file below a folder (`search/posts/`).
        case below(String)
        /// Files below a folder named `<name>.<hex digest>.<extension>` (`p/ID/rocket-480.1a2b3c4d5e.webp`).
        case named(below: String, extension: String)
        /// The one file `<stem>.<hex digest>.<extension>` (`search/manifest.0123456789abcdef.json`).
        case single(stem: String, extension: String)
    }

    /// The site's base path (`/` or `/photos/`).
    package let basePath: String
    let hashed: [HashedFiles]
    /// Whether every image below `p/` and `u/` is a processed one (hashed name): not when
    /// images are not processed or originals are published beside them. Host files that can
    /// only match by extension mark images immutable only then.
    let imagesAreAllHashed: Bool

    init(settings: SiteSettings, images: PublishedImages) {
        basePath = settings.basePath
        imagesAreAllHashed = images.originalFiles.isEmpty
        var hashed: [HashedFiles] = ["search/posts/", "search/users/"].map(HashedFiles.below)
        hashed.append(.single(stem: "search/manifest", extension: "json"))
        let extensions = Set(images.processedFiles.map { Path.fileExtension(of: $0.outputFile) }).sorted()
        for folder in ["p/", "u/"] {
            hashed += extensions.map { HashedFiles.named(below: folder, extension: $0) }
        }
        self.hashed = hashed
    }
}
