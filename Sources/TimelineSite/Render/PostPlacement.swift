import TimelineContent
import TimelineModel

/// Where one post is shown: its own page, its place in the home list, in its author's profile,
/// in the timeline of its author and of each follower whose timeline holds it, in each of its
/// tags, and in the feed of each album that holds it. The pages and feeds that list it follow from that, by the same paging `Page.all`
/// and `FeedFile.all` use: an edit to the post's caption, comments or likes reaches those and
/// nothing else.
package struct PostPlacement: Sendable {
    package let post: Int
    package let author: Int
    /// Its place in the home list.
    let home: ListPlace
    /// Its place in its author's posts.
    let inProfile: ListPlace?
    /// The timelines that hold it, and its place in each.
    let inTimelines: [(user: Int, place: ListPlace)]
    /// Its tags, and its place in each.
    let inTags: [(tag: Int, place: ListPlace)]
    /// The albums that hold it, and how many newer posts each holds (its place in the album's feed).
    let inAlbums: [(album: Int, newer: Int)]

    /// A post's position in a list of posts, newest first, and the list's pages.
    struct ListPlace: Sendable {
        let position: Int
        let paging: Pagination

        init(position: Int, paging: Pagination) {
            self.position = position
            self.paging = paging
        }

        /// Its place in `list`, when the list holds it; `paging` is the list's, or by default
        /// pages of `pageSize` of the list.
        init?(of post: Int, in list: [Int], pageSize: Int, paging: Pagination? = nil) {
            guard let position = PageRenderer.binarySearch(list, for: post) else { return nil }
            self.init(position: position, paging: paging ?? Pagination(itemCount: list.count, pageSize: pageSize))
        }

        var page: Int { paging.page(showing: position) }
    }

    package init(of post: Int, site: LinkedSite, timelines: Timelines) {
        self.post = post
        author = site.postAuthor[post]
        let pageSize = site.settings.pageSize
        home = ListPlace(position: post, paging: Pagination(itemCount: site.posts.count, pageSize: pageSize))
        inProfile = ListPlace(of: post, in: site.postsByUser[author], pageSize: pageSize)
        inTimelines = ([author] + site.followers[author]).compactMap { user in
            ListPlace(of: post, in: timelines.feeds[user], pageSize: pageSize, paging: timelines.paging(of: user)).map { (user, $0) }
        }
        let tags = site.tags
        inTags = tags.tags(ofPost: post).compactMap { tag in
            ListPlace(of: post, in: tags.tags[tag].posts, pageSize: pageSize, paging: Page.tagPaging(tags.tags[tag], pageSize: pageSize)).map { (tag, $0) }
        }
        inAlbums = site.albums(holding: site.postID(at: post)).map { album in (album, site.postIndexes(ofAlbum: album).count { $0 < post }) }
    }

    /// The post's page, and the page of each list that shows it.
    package func pages() -> [Page] {
        var pages: [Page] = [.post(post), .home(page: home.page)]
        if let inProfile { pages.append(.profile(user: author, page: inProfile.page)) }
        pages += inTimelines.map { .feed(user: $0.user, page: $0.place.page) }
        pages += inTags.map { .tag($0.tag, page: $0.place.page) }
        return pages
    }

    /// Its comments feed, and each feed whose first `entryLimit` entries include it.
    package func feeds(entryLimit limit: Int) -> [FeedFile] {
        var feeds: [FeedFile] = [.comments(post: post)]
        if post < limit { feeds.append(.site) }
        if let inProfile, inProfile.position < limit { feeds.append(.posts(user: author)) }
        feeds += inTimelines.filter { $0.place.position < limit }.map { .timeline(user: $0.user) }
        feeds += inTags.filter { $0.place.position < limit }.map { .tag($0.tag) }
        feeds += inAlbums.filter { $0.newer < limit }.map { .album($0.album) }
        return feeds
    }
}
