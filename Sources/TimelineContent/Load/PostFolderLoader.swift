import TimelineModel
import TimelineSystem

/// Reads one post folder into its record and record-cache entry: the load stage reads every
/// folder with it, and an edit build the folders a change reached, so both read a post the
/// same way and keep the same dependencies for it.
package struct PostFolderLoader: Sendable {
    let contentFolder: SitePath
    let assets: AssetReader
    let identities: FileIdentities
    /// Whether `posts/` is a real folder (not a symbolic link): a post's files may then be
    /// listed as they are.
    let postsFolderIsReal: Bool

    package init(contentFolder: SitePath, assets: AssetReader, identities: FileIdentities) {
        self.contentFolder = contentFolder
        self.assets = assets
        self.identities = identities
        postsFolderIsReal = FileSystem.kind(of: contentFolder.absolute + "/" + ContentLayout.postsFolder) == .directory
    }

    /// A loader of the post folders under `contentFolder` on their own (an edit build's), with
    /// its own asset reader and identities; nil when the folder cannot be resolved.
    package init?(contentFolder: SitePath) {
        guard let assets = AssetReader(content: contentFolder) else { return nil }
        self.init(contentFolder: contentFolder, assets: assets, identities: FileIdentities(root: contentFolder.absolute))
    }

    /// A post folder as read: the post, the problems reading it gave, and its cache entry (nil
    /// for a post with errors).
    package typealias Loaded = (post: Post?, problems: [Diagnostic], entry: RecordCache.Entry<Post>?)

    /// The post in folder `name`. `known` are the dependencies its last entry had: a file whose
    /// status is the same keeps its identity without being hashed again.
    package func load(named name: String, known: [RecordCache.Dependency]) -> Loaded {
        let folder = contentFolder.absolute + "/" + ContentLayout.postsFolder
        let relativeFolder = ContentLayout.postFolder(named: name)
        let location = SourceLocation(path: contentFolder.shown + relativeFolder)
        let kind = FileSystem.kind(of: folder + "/" + name)
        guard kind == .directory || (kind == .symbolicLink && FileSystem.resolvedKind(of: folder + "/" + name) == .directory) else {
            return (nil, [.warning(.unknownKey, stage: .load, at: location, "not a post folder, ignored: each post is a folder posts/<post-id>/")], nil)
        }
        guard let id = ContentID(name) else {
            return (
                nil,
                [
                    .error(
                        .invalidID, stage: .load, at: location,
                        "invalid post ID '\(name)': a post folder's name must be 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'")
                ], nil
            )
        }
        let names = try? FileSystem.entries(of: folder + "/" + name)
        let entries = (names ?? []).map { relativeFolder + "/" + $0 }
        let records = [relativeFolder] + entries.filter { ContentLayout.postFolderFileNames.contains(Path.fileName(of: $0)) }
        if let escape = records.first(where: assets.leavesContent) { return (nil, [assets.outsideContent(escape)], nil) }
        let dependencies = RecordCache.dependencies([relativeFolder] + entries, identities: identities, known: known)
        let listing = names.map { PostReader.Listing(names: $0, isRealFolder: postsFolderIsReal && kind == .directory) }
        let (post, problems) = PostReader(assets: assets).read(id: id, folder: relativeFolder, listing: listing)
        let photoPaths = post?.photos.map(\.asset.relativePath) ?? []
        var entry = ContentLoader.cacheEntry(
            post, problems, dependencies, extra: photoPaths.filter { !entries.contains($0) }, identities: identities, known: known)
        for (index, path) in photoPaths.enumerated() {
            entry = ContentLoader.withAssetIdentity(entry, path: path) { $0.photos[index].asset.identity = $1 }
        }
        return (entry?.record ?? post, problems, entry)
    }
}
