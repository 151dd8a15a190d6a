import TimelineContent
import TimelineModel
import TimelineSite

/// The lists a post of `author` is in (the home list, the author's profile, and the timelines
/// of the author and each of their followers), with the post's place in each and each list's
/// paging before an edit puts the post in or takes it out: what that changes in them, by the
/// paging `Page.all` uses.
struct PostLists {
    let author: Int
    /// Each list's paging before the edit, and how many of its items are newer than the post
    /// (-1 for a post about to be put first, newer than all).
    let home: (paging: Pagination, position: Int)
    let profile: (paging: Pagination, position: Int)
    let timelines: [(user: Int, paging: Pagination, position: Int)]

    /// The lists of the post at `index` of `site` (nil: a post by `author` about to be put first).
    init(of index: Int?, by author: Int, site: LinkedSite, timelines: Timelines) {
        self.author = author
        let pageSize = site.settings.pageSize
        home = (Pagination(itemCount: site.posts.count, pageSize: pageSize), index ?? -1)
        let authorPosts = site.postsByUser[author]
        profile = (Pagination(itemCount: authorPosts.count, pageSize: pageSize), index.map { SortedSearch.count(below: $0, in: authorPosts) } ?? -1)
        self.timelines = ([author] + site.followers[author]).map { user in
            (user, timelines.paging(of: user), index.map { Timelines.position(of: $0, inTimelineOf: user, in: site) } ?? -1)
        }
    }

    /// The pages of each list that show other items or links after the edit
    /// (`Pagination.pagesChanged`), and the files of the archive pages a list no longer has;
    /// `site` and `timelines` are the edited ones.
    func changes(site: LinkedSite, timelines: Timelines, paths: SitePaths) -> (pages: [Page], retired: [String]) {
        let pageSize = site.settings.pageSize
        var pages: [Page] = []
        var gone: [Page] = []
        func compare(_ after: Pagination, _ before: (paging: Pagination, position: Int), _ page: (Int) -> Page) {
            pages += after.pagesChanged(since: before.paging, fromOldest: before.paging.itemCount - 1 - before.position).map(page)
            gone += after.pagesGone(since: before.paging).map(page)
        }
        compare(Pagination(itemCount: site.posts.count, pageSize: pageSize), home) { .home(page: $0) }
        compare(Pagination(itemCount: site.postsByUser[author].count, pageSize: pageSize), profile) { .profile(user: author, page: $0) }
        for before in self.timelines {
            compare(timelines.paging(of: before.user), (before.paging, before.position)) { .feed(user: before.user, page: $0) }
        }
        return (pages, gone.compactMap { $0.location(in: site, paths: paths)?.outputFile })
    }
}
