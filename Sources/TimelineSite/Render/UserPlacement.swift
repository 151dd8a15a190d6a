import TimelineContent
import TimelineModel

/// Where one user is shown, by the same paging `Page.all` and `FeedFile.all` use: every page
/// of their profile and timeline, their following and followers pages, the users page, the
/// following page of each of their followers and the followers page of each user they follow
/// (which list them), the card of each of their posts wherever it is listed (`PostPlacement`),
/// and the page and comments feed of each post they liked or commented on. An edit of what the
/// user's values are made of (name, bio, link, extra fields, counts) reaches those and
/// nothing else.
package struct UserPlacement: Sendable {
    package let pages: [Page]
    package let feeds: [FeedFile]

    /// `interactions` are the posts the user liked or commented on (`interactions(of:in:)`).
    package init(of user: Int, interactions: [Int], site: LinkedSite, timelines: Timelines) {
        let settings = site.settings
        var pages: [Page] = [.users, .following(user: user), .followers(user: user)]
        pages += Page.profilePages(user, site: site)
        pages += Page.feedPages(user, timelines: timelines)
        pages += site.followers[user].map { .following(user: $0) }
        pages += site.following[user].map { .followers(user: $0) }
        var feeds: [FeedFile] = [.posts(user: user), .timeline(user: user)]
        for post in site.postsByUser[user] {
            let placement = PostPlacement(of: post, site: site, timelines: timelines)
            pages += placement.pages()
            feeds += placement.feeds(entryLimit: settings.feedEntries)
        }
        pages += interactions.map { .post($0) }
        feeds += interactions.map { .comments(post: $0) }
        self.pages = pages
        self.feeds = feeds
    }

    /// For each of `users`, the posts they liked or commented on, newest first. Reads every
    /// post: the site index keeps no such list.
    package static func interactions(of users: Set<Int>, in site: LinkedSite) -> [Int: [Int]] {
        var found: [Int: [Int]] = [:]
        for (index, post) in site.posts.enumerated() {
            let named = Set((post.comments.map(\.author) + post.likes.map(\.author)).compactMap { site.userIndex(foldedName: $0.username) })
            for user in named.intersection(users) { found[user, default: []].append(index) }
        }
        return found
    }
}
