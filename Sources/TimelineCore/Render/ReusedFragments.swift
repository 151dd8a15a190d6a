/// The post cards and user rows of one render stage, each rendered once (`ReusedPartial`).
struct ReusedFragments: Sendable {
    let contexts: PageContexts
    let theme: Theme
    private let pageIndependent: TemplateObject
    private let cards: RenderedFragments
    /// The same for the first cards of a list, whose photo loads eagerly.
    private let eagerCards: RenderedFragments
    private let userRows: RenderedFragments
    private let reusesCards: Bool
    private let reusesUserRows: Bool

    init(contexts: PageContexts, theme: Theme) {
        self.contexts = contexts
        self.theme = theme
        pageIndependent = TemplateObject(["site": contexts.siteObject, "stylesheetURL": contexts.stylesheetURL])
        cards = RenderedFragments(count: contexts.site.posts.count)
        eagerCards = RenderedFragments(count: contexts.site.posts.count)
        userRows = RenderedFragments(count: contexts.site.users.count)
        reusesCards = theme.reusedPartials.contains(.postCard)
        reusesUserRows = theme.reusedPartials.contains(.userRow)
    }

    /// A list item for the post at `position`. A card differs with its position only in
    /// whether its photo loads eagerly (the first cards of a list), so each post has two.
    func card(_ post: Int, position: Int) -> any Sendable {
        let contexts = self.contexts
        // Only the cards of posts on someone's timeline are kept: every other post is listed
        // once, on the home list (profiles show a grid), so keeping its card would cost memory
        // and save nothing. At 20,000 posts, 28 % of the posts, shown 115,000 times.
        guard reusesCards, contexts.timelines.isOnATimeline[post] else { return contexts.card(post, position: position) }
        let store = position < PageContexts.eagerImageCount ? eagerCards : cards
        return RenderedItem(slot: ReusedPartial.postCard.slot) { contexts.card(post, position: position) } html: {
            store.html(of: post) { render(.postCard, contexts.card(post, position: position)) }
        }
    }

    /// A list item for the user.
    func userRow(_ user: Int) -> any Sendable {
        let summary = contexts.userSummaries[user]
        guard reusesUserRows else { return summary }
        return RenderedItem(slot: ReusedPartial.userRow.slot) { summary } html: { userRows.html(of: user) { render(.userRow, summary) } }
    }

    private func render(_ partial: ReusedPartial, _ item: TemplateObject) -> String? {
        theme.renderFragment(partial, FragmentScope(item: item, pageIndependent: pageIndependent))
    }
}
