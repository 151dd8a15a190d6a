import TimelineContent
import TimelineModel
import TimelineTemplates

/// One Atom feed of the site: where it is published, what it is called and which page it
/// stands for. Enumerating feeds is cheap; each is built and written on its own, like a `Page`.
package enum FeedFile: Sendable, Hashable {
    /// Every post: `atom.xml`.
    case site
    /// One user's posts: `u/<username>/atom.xml`.
    case posts(user: Int)
    /// One user's timeline, their posts and those of everyone they follow: `u/<username>/feed/atom.xml`.
    case timeline(user: Int)
    /// The comments under one post (the "follow post" subscription): `p/<id>/comments.xml`.
    case comments(post: Int)
    /// The posts of one hashtag: `tags/<tag>/atom.xml`.
    case tag(Int)
    /// The posts of one album (`albums` index), newest first: `u/<username>/albums/<slug>/atom.xml`.
    case album(Int)

    /// Every feed of the site, in a stable order.
    package static func all(site: LinkedSite) -> [FeedFile] {
        var feeds: [FeedFile] = [.site]
        feeds.reserveCapacity(1 + 2 * site.users.count + site.posts.count)
        for user in site.users.indices {
            feeds.append(.posts(user: user))
            feeds.append(.timeline(user: user))
        }
        feeds.append(contentsOf: site.posts.indices.map { .comments(post: $0) })
        feeds.append(contentsOf: site.tags.tags.indices.map { .tag($0) })
        feeds.append(contentsOf: site.albums.indices.map { .album($0) })
        return feeds
    }

    static let mediaType = "application/atom+xml"

    /// Relative to the output root.
    package func file(in site: LinkedSite) -> String {
        switch self {
        case .site: "atom.xml"
        case .posts(let user): "u/\(site.users[user].username)/atom.xml"
        case .timeline(let user): "u/\(site.users[user].username)/feed/atom.xml"
        case .comments(let post): "p/\(site.postID(at: post).rawValue)/comments.xml"
        case .tag(let index): "tags/\(site.tags.tags[index].key)/atom.xml"
        case .album(let index): "u/\(site.albums[index].owner.username)/albums/\(site.albums[index].slug)/atom.xml"
        }
    }

    /// `file(in:)` as a URL path: a tag's folder percent-encoded.
    func urlPath(in site: LinkedSite) -> String {
        if case .tag(let index) = self { return "tags/\(PercentEncoding.encoded(site.tags.tags[index].key))/atom.xml" }
        return file(in: site)
    }

    /// The feed's title, also the `title` of the `<link rel="alternate">` that points at it.
    func title(in site: LinkedSite, localizer: Localizer) -> String {
        let siteTitle = site.settings.title
        let (text, user): (GeneratedText, Int)
        switch self {
        case .site: return siteTitle
        case .posts(let index): (text, user) = (.postsFeedTitle, index)
        case .timeline(let index): (text, user) = (.timelineFeedTitle, index)
        case .comments(let post): (text, user) = (.commentsFeedTitle, site.postAuthor[post])
        case .tag(let index):
            let name = localizer.text(.tagFeedTitle, ["name": site.tags.tags[index].spelling])
            return localizer.text(.fullTitle, ["page": name, "site": siteTitle])
        case .album(let index):
            return localizer.text(.fullTitle, ["page": site.albums[index].title, "site": siteTitle])
        }
        return localizer.text(.fullTitle, ["page": localizer.text(text, ["name": site.users[user].displayName]), "site": siteTitle])
    }

    /// The page the feed follows (its `rel="alternate"` link).
    package func page(in site: LinkedSite, paths: SitePaths) -> SitePaths.Location {
        switch self {
        case .site: paths.home()
        case .posts(let user): paths.profile(site.users[user].username)
        case .timeline(let user): paths.feed(site.users[user].username)
        case .comments(let post): paths.post(site.postID(at: post))
        case .tag(let index): paths.tag(site.tags.tags[index].key)
        case .album(let index): paths.album(site.albums[index].owner.username, slug: site.albums[index].slug)
        }
    }
}
