import TimelineContent
import TimelineModel
import TimelineSite

/// A post newer than every other, added to a built site by an edit build (what `timeline new
/// post` makes). It goes first, at index 0, and every other post's index moves one up in every
/// list the site index keeps; the search index numbers posts from the oldest, so no other
/// post's number moves. What it reaches, by the paging `Page.all` uses:
///
/// - its own page, feeds and search card, and its images, made and published;
/// - the pages of each list it joins that changed (`Pagination.pagesChanged`): the home list,
///   its author's profile, the timelines of its author and their followers (with the pages a
///   timeline no longer shows removed), and its tags' pages (`TagPlacement`);
/// - the sitemap; the pages that read a field it changed of a shared value (the site's counts,
///   its author's post count, its tags' counts: `ValueWatch`, `PageReads`).
///
/// Its videos are made as the videos stage makes them (`VideoPipeline`), before its images.
/// An author who is not a user, an ID older than the newest post's, or a problem: a whole
/// build's.
struct NewPost {
    let post: Post
    let author: Int
    let tags: [(key: String, spelling: String)]
    let warnings: [Diagnostic]

    /// The new post in `folder` (whose name is `id`, no post of the site's), when an edit
    /// build can add it: not when its ID equals another post's ignoring case, which a whole
    /// pass refuses (`caseConflict`).
    static func plan(folder: String, id: ContentID, built: BuiltSite, reading: (String) -> PostFolderLoader.Loaded) -> NewPost? {
        let site = built.site
        let options = built.options
        guard let newest = site.posts.indices.first.map(site.postID(at:)), id > newest,
            !site.posts.indices.contains(where: { Self.equalIgnoringASCIICase(site.postID(at: $0).rawValue, id.rawValue) })
        else { return nil }
        let (read, problems, entry) = reading(folder)
        guard let post = read, entry != nil, !problems.contains(where: { $0.severity == .error }), post.id == id,
            let author = site.userIndex(named: post.author.username),
            EditBuild.onlyPostFiles(in: ContentLayout.postFolder(named: folder), contentRoot: options.layout.content.absolute, photos: post.photos),
            let (tags, warnings) = EditBuild.linked(post, problems: problems, site: site, options: options)
        else { return nil }
        return NewPost(post: post, author: author, tags: tags, warnings: warnings)
    }

    /// The new posts in `folders`, oldest first, when each folder is a post the site does not
    /// have, newer than every post it has, and an edit build can add them all (IDs that differ
    /// only in case are a whole build's, which refuses them).
    static func plan(folders: Set<String>, built: BuiltSite, reading: (String) -> PostFolderLoader.Loaded) -> [NewPost]? {
        var ids: [ContentID] = []
        for folder in folders {
            guard let id = ContentID(folder), built.site.postIndex(of: id) == nil else { return nil }
            ids.append(id)
        }
        for (position, id) in ids.enumerated() where ids[..<position].contains(where: { Self.equalIgnoringASCIICase($0.rawValue, id.rawValue) }) {
            return nil
        }
        var posts: [NewPost] = []
        for id in ids.sorted() {
            guard let post = plan(folder: id.rawValue, id: id, built: built, reading: reading) else { return nil }
            posts.append(post)
        }
        return posts
    }

    /// Makes its videos and images (or, with `images.process` off, takes its photos as they are), puts it
    /// first in `next`'s site, timelines, images and page contexts, and adds what it reaches
    /// but its tags' pages to `reach`. Nil when an image cannot be made (the whole build then
    /// reports it).
    func insert(into next: inout BuiltSite, reach: inout EditBuild.EditReach) async -> EditBuild.ImageFiles? {
        let options = next.options
        let content = options.layout.content
        var site = next.site
        let paths = next.contexts.paths
        let (videos, videoProblems) = VideoPipeline.run(posts: [post], settings: site.settings, content: content, cache: VideoCache(options.layout.cache)) {
            options.announce(.videos, $0)
        }
        guard let videos, videoProblems.isEmpty else { return nil }
        guard var images = await PostImages.make(post, site: site, options: options, paths: paths, posters: videos.posters) else { return nil }
        if let published = videos.videos.first {
            images.photos = PublishedImages.playing(published, in: images.photos)
            images.files.processed += videos.files
        }
        images.files.videos = videos.statistics

        var timelines = next.contexts.timelines
        let lists = PostLists(of: nil, by: author, site: site, timelines: timelines)
        site.insertNewest(post, author: author)
        timelines.insertNewestPost(in: site)
        next.images = next.images.insertingNewestPost(
            photos: images.photos, originals: images.originalFiles, files: images.files.processed, originalFiles: images.files.originals,
            processed: site.settings.images.process)
        next.contexts.insertNewestPost(site: site, timelines: timelines, images: next.images)
        var (pages, retired) = lists.changes(site: site, timelines: timelines, paths: paths)
        let placement = PostPlacement(of: 0, site: site, timelines: timelines)
        // The author's post before it now links to it as the newer post.
        if site.postsByUser[author].count > 1 { pages.append(.post(site.postsByUser[author][1])) }
        reach.add(pages + placement.pages(), placement.feeds(entryLimit: site.settings.feedEntries), retired: retired, changesSitemap: true)
        return images.files
    }
}

extension NewPost {
    /// Whether two IDs (ASCII: `[A-Za-z0-9_-]`) are equal ignoring case, compared byte by byte
    /// without making lower-cased copies: every post's ID is compared at each new post.
    static func equalIgnoringASCIICase(_ first: String, _ second: String) -> Bool {
        first.utf8.count == second.utf8.count
            && zip(first.utf8, second.utf8).allSatisfy { left, right in
                // The same byte, or a letter and the same letter in the other case.
                left == right || ((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(left | 0x20) && left ^ 0x20 == right)
            }
    }
}
