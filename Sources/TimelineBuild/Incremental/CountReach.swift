import TimelineContent
import TimelineSite

/// What a record added or removed reaches through the counts it changes. The site's counts of
/// posts and users an edit build takes only when no page template but the home page's can show
/// them (the default home template shows them on its front page); a user's post count, wherever
/// a page's template can show it.
enum CountReach {
    /// One of the site's counts, by the fields of the site's values it shows in.
    enum SiteCount {
        case posts
        case users

        var fields: [String] {
            switch self {
            case .posts: ["postCount", "postsLabel"]
            case .users: ["userCount", "usersLabel"]
            }
        }
    }

    /// The fields a user's post count shows in.
    private static let userPostCount = SiteCount.posts.fields

    /// Whether a page template other than the home page's may show `count`: an edit would then
    /// reach every page, which is a whole build's.
    static func showsBeyondHome(_ count: SiteCount, _ theme: Theme) -> Bool {
        let schema = SiteValues.templateFields.schema
        return Theme.pageTemplates.contains { $0 != "home" && theme.page($0, mayRead: count.fields, of: schema) }
    }

    /// The home page's front page when its template can show `count`.
    static func homePages(showing count: SiteCount, _ theme: Theme) -> [Page] {
        theme.page("home", mayRead: count.fields, of: SiteValues.templateFields.schema) ? [.home(page: Pagination.front)] : []
    }

    /// The pages that show `author` (`UserPlacement`) in `site` whose template can show a
    /// user's post count. With the default theme those are their profile pages and the user
    /// lists that name them, not the lists where their cards are (a card shows no count). The
    /// posts the author commented on or liked are looked for only when a post page can show it.
    static func pages(showingPostCountOf author: Int, site: LinkedSite, timelines: Timelines, theme: Theme) -> [Page] {
        let schema = UserValues.templateFields.schema
        let showsCount = Dictionary(uniqueKeysWithValues: Theme.pageTemplates.map { ($0, theme.page($0, mayRead: userPostCount, of: schema)) })
        let interactions = showsCount["post"] == true ? UserPlacement.interactions(of: [author], in: site)[author] ?? [] : []
        let placement = UserPlacement(of: author, interactions: interactions, site: site, timelines: timelines)
        return placement.pages.filter { showsCount[$0.template] ?? true }
    }
}
