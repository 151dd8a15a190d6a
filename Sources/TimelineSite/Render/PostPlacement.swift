import TimelineContent
import TimelineModel

/// Where one post is shown: its own page, its place in the home list, in its author's profile,
/// in the timeline of its author and of each follower whose timeline holds it, and in each of
/// its tags. The pages and feeds that list it follow from that, by the same paging `Page.all`
/// and `FeedFile.all` use: an edit to the post's caption, comments or likes reaches those and
/// nothing else.
package struct PostPlacement: Sendable {
    package let post: Int
    package let author: Int
    /// Its position in its author's posts.
    let inProfile: Int?
    /// The timelines that hold it: (user, position).
    let inTimelines: [(user: Int, position: Int)]
    /// Its tags and its position in each: (tag, position).
    let inTags: [(tag: Int, position: Int)]

    package init(of post: Int, site: LinkedSite, timelines: Timelines) {
        self.post = post
        author = site.postAuthor[post]
        inProfile = PageRenderer.binarySearch(site.postsByUser[author], for: post)
        inTimelines = ([author] + site.followers[author]).compactMap { user in
            PageRenderer.binarySearch(timelines.feeds[user], for: post).map { (user, $0) }
        }
        let tags = site.tags
        inTags = tags.tags(ofPost: post).compactMap { tag in
            PageRenderer.binarySearch(tags.tags[tag].posts, for: post).map { (tag, $0) }
        }
    }

    /// The post's page, and the page of each list that shows it.
    package func pages(pageSize: Int) -> [Page] {
        let paging = Pagination(itemCount: .max, pageSize: pageSize)
        var pages: [Page] = [.post(post), .home(page: paging.page(showing: post))]
        if let inProfile { pages.append(.profile(user: author, page: paging.page(showing: inProfile))) }
        pages += inTimelines.map { .feed(user: $0.user, page: paging.page(showing: $0.position)) }
        pages += inTags.map { .tag($0.tag, page: paging.page(showing: $0.position)) }
        return pages
    }

    /// Its comments feed, and each feed whose first `entryLimit` entries include it.
    package func feeds(entryLimit limit: Int) -> [FeedFile] {
        var feeds: [FeedFile] = [.comments(post: post)]
        if post < limit { feeds.append(.site) }
        if let inProfile, inProfile < limit { feeds.append(.posts(user: author)) }
        feeds += inTimelines.filter { $0.position < limit }.map { .timeline(user: $0.user) }
        feeds += inTags.filter { $0.position < limit }.map { .tag($0.tag) }
        return feeds
    }
}
