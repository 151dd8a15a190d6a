import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem

/// What an edit build starts from instead of loading the content: the site as the last build
/// linked it, its timelines, published images and search index, and each post's date, in one
/// state file (`StateFileKind.site`). Every post, and every post's images, is a record of its
/// own (`StoredRecords`), read from the file only when a page the edit reaches shows it: reading
/// the index of a large site decodes its users, its lists of indexes and its search index, not
/// its posts, and does not hold its bytes once that is done.
///
/// The settings and the theme are not kept: they are read again, and the index is only read
/// when the input snapshot says that neither changed. Its header names its writer (the tool
/// and the output folder), so that the index of another site or another version of the tool is
/// never taken.
struct SiteIndex: Sendable {
    let site: LinkedSite
    let timelines: Timelines
    let images: PublishedImages
    let postDates: [Int64?]
    let search: SearchIndex

    init(site: LinkedSite, timelines: Timelines, images: PublishedImages, postDates: [Int64?], search: SearchIndex) {
        self.site = site
        self.timelines = timelines
        self.images = images
        self.postDates = postDates
        self.search = search
    }

    /// The index of a site as a live session or an edit build holds it.
    init(_ built: BuiltSite) {
        let contexts = built.contexts
        self.init(site: contexts.site, timelines: contexts.timelines, images: built.images, postDates: contexts.postDates, search: built.search)
    }

    /// Writes the index to `path` (replacing it atomically), streaming, sealed with its digest:
    /// a post whose bytes changed could still be read, as another post.
    func write(to path: String, writer: Digest) throws(FileSystem.Failure) {
        try StreamedFile.createSealed(path) { coder in
            _ = try? Self.codeSite(self, settings: site.settings, writer: writer, bytes: .memory([]), with: &coder)
            _ = try? SearchIndex.code(
                search, collections: search.collections.map(\.collection), layout: search.collections.first?.layout ?? .standard, with: &coder)
        }
    }

    /// The index at `path` with the page contexts it makes, for a site whose settings (read
    /// again) are `settings` and whose theme is `theme`; nil when it is missing, its seal is not
    /// the digest of its bytes, or another writer's. Its records are then read as pages ask.
    static func read(from path: String, writer: Digest, settings: SiteSettings, theme: Theme, searchLayout: SearchLayout) async -> (
        index: SiteIndex, contexts: PageContexts
    )? {
        // The posts and their images are read from the file as pages ask for them: the index's
        // bytes go once it is decoded.
        guard let file = try? ReadableFile(path), let (bytes, length) = StreamedFile.sealedBytes(of: file) else { return nil }
        var coder = StateCoder(reading: bytes)
        guard let kept = try? codeSite(nil, settings: settings, writer: writer, bytes: .file(file), with: &coder) else { return nil }
        let contexts = await PageContexts.onDemand(site: kept.site, timelines: kept.timelines, images: kept.images, theme: theme, postDates: kept.postDates)
        let collections = SiteSearchCollections.make(images: kept.images, contexts: contexts)
        guard let search = try? SearchIndex.code(nil, collections: collections, layout: searchLayout, with: &coder), coder.readOffset == length else {
            return nil
        }
        let index = SiteIndex(site: kept.site, timelines: kept.timelines, images: kept.images, postDates: kept.postDates, search: search)
        return (index, contexts)
    }

    /// Everything but the search index, whose collections are made from the page contexts
    /// these make. The search index read here is a placeholder.
    private static func codeSite(_ index: SiteIndex?, settings: SiteSettings, writer: Digest, bytes: StoredBytes, with coder: inout StateCoder)
        throws(StateCoder
        .Malformed) -> SiteIndex
    {
        try coder.header(.site)
        guard try coder.digest(index.map { _ in writer }) == writer else { throw StateCoder.Malformed() }
        let site = try LinkedSite.code(index?.site, settings: settings, bytes: bytes, with: &coder)
        let timelines = try Timelines.code(index?.timelines, site: site, with: &coder)
        let images = try PublishedImages.code(index?.images, postCount: site.posts.count, userCount: site.users.count, bytes: bytes, with: &coder)
        let postDates = try coder.optionals(index?.postDates)
        guard postDates.count == site.posts.count else { throw StateCoder.Malformed() }
        return index
            ?? SiteIndex(
                site: site, timelines: timelines, images: images, postDates: postDates,
                search: SearchIndex(manifest: SearchIndexBuilder.manifestFile([]), collections: []))
    }
}
