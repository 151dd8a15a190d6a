import TimelineContent
import TimelineModel
import TimelineSite
import TimelineSystem

/// A post whose folder is gone, taken out of a built site by an edit build. Every later post's
/// index moves one down in every list the site index keeps; the search index numbers posts
/// from the oldest, so every newer post takes the number before its own. What it reaches, by
/// the paging `Page.all` uses:
///
/// - its files (its page, its comments feed, its images and originals), removed;
/// - the pages of each list it leaves that changed (`Pagination.pagesChanged`): the page that
///   showed it, every newer page and the pages whose links moved, of the home list, its
///   author's profile and the timelines of its author and their followers, with the archive
///   pages a list no longer has removed; and each feed whose entries held it;
/// - the pages of its author's posts just newer and older than it (their neighbour links);
/// - its tags' pages and feeds (`TagPlacement`);
/// - in the search index, its card, and the postings and cards of every newer post, which take
///   new numbers; its author's card;
/// - the sitemap; the pages that read a field it changed of a shared value (the site's counts,
///   its author's post count, its tags' counts: `ValueWatch`, `PageReads`).
///
/// A post with a video, or the site's only post: a whole build's, as are other changes with it.
struct DeletedPost {
    let index: Int
    let folder: String

    /// The post at `index`, whose folder is named `folder`, when its folder is gone and an
    /// edit build can take it out.
    static func plan(folder: String, index: Int, built: BuiltSite) -> DeletedPost? {
        let site = built.site
        let content = built.options.layout.content
        guard FileSystem.status(of: content.appending(ContentLayout.postFolder(named: folder)).absolute) == nil, site.posts.count > 1,
            site.posts[index].photos.allSatisfy({ $0.video == nil })
        else { return nil }
        return DeletedPost(index: index, folder: folder)
    }

    /// Takes the post out of `next`'s site, timelines, images and page contexts, and adds what
    /// that reaches to `reach` but the search index. Returns the number the post had in the
    /// search index's post collection.
    func remove(from next: inout BuiltSite, reach: inout EditBuild.EditReach) -> Int {
        var site = next.site
        let paths = next.contexts.paths
        let settings = site.settings
        let author = site.postAuthor[index]
        let postCount = site.posts.count
        var timelines = next.contexts.timelines
        let lists = PostLists(of: index, by: author, site: site, timelines: timelines)
        let imageFiles = next.images.outputFiles(ofPost: index)
        var retired = imageFiles + [FeedFile.comments(post: index).file(in: site)]
        if let page = Page.post(index).location(in: site, paths: paths) { retired.append(page.outputFile) }

        let tagEdit = TagIndexEdit(site.tags, tagsOfEdited: [index: []]) { post, key in
            TagIndexEdit.spelling(of: key, inCaption: site.posts[post].caption)
        }
        if tagEdit.changesIndex {
            if !tagEdit.changedKeys.isEmpty {
                let tags = TagPlacement(tagEdit, before: site, paths: paths)
                reach.add(tags.pages, tags.feeds, retired: tags.retired, changesSitemap: tags.changesSitemap)
            }
            site.tags = tagEdit.new
        }
        site.removePost(at: index)
        timelines.removePost(at: index, by: author, in: site)
        next.images = next.images.removingPost(at: index, outputFiles: Set(imageFiles), processed: settings.images.process)
        next.contexts.removePost(at: index, by: author, site: site, timelines: timelines, images: next.images)

        var (pages, listFiles) = lists.changes(site: site, timelines: timelines, paths: paths)
        retired += listFiles
        let authorPosts = site.postsByUser[author]
        let inProfile = lists.profile.position
        // Its author's posts just newer and older than it link to each other now.
        if inProfile > 0 { pages.append(.post(authorPosts[inProfile - 1])) }
        if inProfile < authorPosts.count { pages.append(.post(authorPosts[inProfile])) }

        // The feeds whose entries held it.
        let limit = settings.feedEntries
        var feeds: [FeedFile] = []
        if index < limit { feeds.append(.site) }
        if inProfile < limit { feeds.append(.posts(user: author)) }
        feeds += lists.timelines.filter { $0.position < limit }.map { .timeline(user: $0.user) }
        reach.add(pages, feeds, retired: retired, changesSitemap: true)
        return postCount - 1 - index
    }
}

extension DeletedPost: RecordChange {
    /// A change set with a post folder of the site's that is gone is this kind: when it is the
    /// only changed folder, no user's file changed with it, and the post can be taken out.
    static func plan(_ request: EditBuild.Request) -> RecordChangePlan {
        let content = request.options.layout.content
        let gone = request.records.postFolders.lazy.compactMap { folder in request.postIndex(ofFolder: folder).map { (folder, $0) } }
            .first { folder, _ in FileSystem.status(of: content.appending(ContentLayout.postFolder(named: folder)).absolute) == nil }
        guard let (folder, index) = gone else { return .notThisKind }
        guard request.records.postFolders.count == 1, !request.records.touchesUsers, let removed = plan(folder: folder, index: index, built: request.built)
        else { return .wholePass }
        return .edit(EditBuild(edited: [:], warnings: [:], tagsOfEdited: [:], editedUsers: [:], recordChanges: [removed]))
    }

    /// Its card, its author and its tags.
    func watchedValues(in site: LinkedSite) -> [ValueKey] {
        [.card(post: site.postID(at: index)), .user(username: site.users[site.postAuthor[index]].username)]
            + site.tags.tags(ofPost: index).map { .tag(key: site.tags.tags[$0].key) }
    }

    /// Every post newer than it takes a new search number: its card is made again.
    var renumberedCards: Int { index }

    var goneContent: [String] { [ContentLayout.postFolder(named: folder)] }

    /// Takes the post out; its search document goes, and its author's card changes.
    func applyBeforeEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit) async -> EditBuild.ImageFiles? {
        let author = next.site.postAuthor[index]
        search.users = EditBuild.UserSearchEdit(oldTerms: [author: SiteSearchCollections.userTerms(next.site.users[author])])
        search.removedNumber = remove(from: &next, reach: &reach)
        return EditBuild.ImageFiles.empty
    }
}
