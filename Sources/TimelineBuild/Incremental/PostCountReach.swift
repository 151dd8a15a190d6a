import TimelineContent
import TimelineSite

/// What a post added or removed reaches through the post counts it changes: its author's,
/// shown wherever a page's template reads a user's `postCount` or `postsLabel`, and the site's,
/// which an edit build takes only when no page but the home page can show it.
enum PostCountReach {
    /// The fields a post count shows in, of the site's values and of a user's.
    private static let fields = ["postCount", "postsLabel"]

    /// Whether a page template other than the home page's may show the site's post count: an
    /// edit would then reach every page, which is a whole build's.
    static func showsSiteCountBeyondHome(_ theme: Theme) -> Bool {
        let schema = SiteValues.templateFields.schema
        return Theme.pageTemplates.contains { $0 != "home" && theme.page($0, mayRead: fields, of: schema) }
    }

    /// The pages that show `author` (`UserPlacement`) in `site` whose template can show a
    /// user's post count. With the default theme those are their profile pages and the user
    /// lists that name them, not the lists where their cards are (a card shows no count). The
    /// posts the author commented on or liked are looked for only when a post page can show it.
    static func pages(showingCountOf author: Int, site: LinkedSite, timelines: Timelines, theme: Theme) -> [Page] {
        let schema = UserValues.templateFields.schema
        let showsCount = Dictionary(uniqueKeysWithValues: Theme.pageTemplates.map { ($0, theme.page($0, mayRead: fields, of: schema)) })
        let interactions = showsCount["post"] == true ? UserPlacement.interactions(of: [author], in: site)[author] ?? [] : []
        let placement = UserPlacement(of: author, interactions: interactions, site: site, timelines: timelines)
        return placement.pages.filter { showsCount[$0.template] ?? true }
    }
}
