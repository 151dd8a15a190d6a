import TimelineContent
import TimelineModel
import TimelineTemplates

/// One page of the site to render. Enumerating pages is cheap; each is rendered and written
/// on its own, so the whole site never sits in memory.
public enum Page: Sendable, Hashable {
    case home(page: Int)
    case profile(user: Int, page: Int)
    case feed(user: Int, page: Int)
    case following(user: Int)
    case followers(user: Int)
    case post(Int)
    case users
    case search
    case notFound
    /// One page of a hashtag's posts (`tags` index), and the index of every tag.
    case tag(Int, page: Int)
    case tags
    /// One page of an album's posts (`albums` index), and a user's list of albums (only for a
    /// user who has one).
    case album(Int, page: Int)
    case albums(user: Int)

    /// Every page of the site, in a stable order.
    package static func all(site: LinkedSite, timelines: Timelines) -> [Page] {
        let pageSize = site.settings.pageSize
        var pages: [Page] = [.notFound, .users, .search]
        pages.append(contentsOf: Pagination(itemCount: site.posts.count, pageSize: pageSize).pages.map { .home(page: $0) })
        for user in site.users.indices {
            pages.append(contentsOf: profilePages(user, site: site))
            pages.append(contentsOf: feedPages(user, timelines: timelines))
            pages.append(.following(user: user))
            pages.append(.followers(user: user))
        }
        pages.append(contentsOf: site.posts.indices.map { .post($0) })
        pages.append(.tags)
        for index in site.tags.tags.indices {
            pages.append(contentsOf: tagPages(index, in: site.tags, pageSize: pageSize))
        }
        var owners: [Int] = []
        for (index, album) in site.albums.enumerated() {
            pages.append(contentsOf: albumPaging(album, pageSize: pageSize).pages.map { .album(index, page: $0) })
            if let owner = site.userIndex(named: album.owner.username), owners.last != owner { owners.append(owner) }
        }
        pages.append(contentsOf: owners.map { .albums(user: $0) })
        return pages
    }

    /// Every page of a user's profile.
    package static func profilePages(_ user: Int, site: LinkedSite) -> [Page] {
        Pagination(itemCount: site.postsByUser[user].count, pageSize: site.settings.pageSize).pages.map { .profile(user: user, page: $0) }
    }

    /// Every page of a user's timeline.
    package static func feedPages(_ user: Int, timelines: Timelines) -> [Page] {
        timelines.paging(of: user).pages.map { .feed(user: user, page: $0) }
    }

    /// Every page of the tag at `index`.
    package static func tagPages(_ index: Int, in tags: TagIndex, pageSize: Int) -> [Page] {
        tagPaging(tags.tags[index], pageSize: pageSize).pages.map { .tag(index, page: $0) }
    }

    /// The pages of a tag's list.
    package static func tagPaging(_ tag: TagIndex.Tag, pageSize: Int) -> Pagination {
        Pagination(itemCount: tag.posts.count, pageSize: pageSize)
    }

    /// The pages of an album's list.
    package static func albumPaging(_ album: Album, pageSize: Int) -> Pagination {
        Pagination(itemCount: album.posts.count, pageSize: pageSize)
    }

    /// Every page of the site with the file it is published as (the 404 page's included).
    package static func allWithFiles(site: LinkedSite, timelines: Timelines, paths: SitePaths) -> [(page: Page, file: String)] {
        all(site: site, timelines: timelines).map { page in (page, page.location(in: site, paths: paths)?.outputFile ?? SitePaths.notFoundFile) }
    }

    /// The theme's page template it is rendered with (one of `Theme.pageTemplates`).
    package var template: String {
        switch self {
        case .home: "home"
        case .profile: "profile"
        case .feed: "feed"
        case .following, .followers, .users: "user-list"
        case .post: "post"
        case .search: "search"
        case .notFound: "404"
        case .tag: "tag"
        case .tags: "tags"
        case .album: "album"
        case .albums: "albums"
        }
    }

    /// Where the page is published; nil for the 404 page, which has no address of its own.
    package func location(in site: LinkedSite, paths: SitePaths) -> SitePaths.Location? {
        switch self {
        case .home(let page): paths.home(page: page)
        case .profile(let user, let page): paths.profile(site.users[user].username, page: page)
        case .feed(let user, let page): paths.feed(site.users[user].username, page: page)
        case .following(let user): paths.following(site.users[user].username)
        case .followers(let user): paths.followers(site.users[user].username)
        case .post(let index): paths.post(site.postID(at: index))
        case .users: paths.users()
        case .search: paths.search()
        case .notFound: nil
        case .tag(let index, let page): paths.tag(site.tags.tags[index].key, page: page)
        case .tags: paths.tags()
        case .album(let index, let page): paths.album(site.albums[index].owner.username, slug: site.albums[index].slug, page: page)
        case .albums(let user): paths.albums(site.users[user].username)
        }
    }
}
