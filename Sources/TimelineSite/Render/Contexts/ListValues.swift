import TimelineContent
import TimelineModel
import TimelineTemplates

/// The cards of one page of a list (home, profile, timeline), made only when the page is
/// rendered; fingerprinted from each post's card digest, computed once per post. A card
/// depends on its position only through whether its photo loads eagerly, so that flag and the
/// post's digest together fingerprint it.
package final class CardPage: LazyTemplateValue {
    package let contexts: PageContexts
    /// Post indexes, in the order shown.
    package let posts: [Int]

    package init(contexts: PageContexts, posts: [Int]) {
        self.contexts = contexts
        self.posts = posts
    }

    package var fingerprint: TemplateFingerprint {
        var hasher = StableHasher()
        hasher.combine("cards")
        hasher.combine(posts.count)
        for (position, post) in posts.enumerated() {
            hasher.combine(contexts.cardDigest(ofPost: post))
            hasher.combine(position < PageContexts.eagerImageCount)
        }
        return hasher.finalize().templateFingerprint
    }

    package func make() -> TemplateValue {
        .list(posts.enumerated().map { .object(contexts.card($1, position: $0)) })
    }
}

/// The rows of a list of users, made only when the page is rendered; fingerprinted from each
/// user's values.
package final class UserRows: LazyTemplateValue {
    package let contexts: PageContexts
    package let users: [Int]

    package init(contexts: PageContexts, users: [Int]) {
        self.contexts = contexts
        self.users = users
    }

    package var fingerprint: TemplateFingerprint {
        var hasher = StableHasher()
        hasher.combine("users")
        hasher.combine(users.count)
        for user in users { hasher.combine(ContextFingerprint.of(.object(contexts.userSummaries[user]))) }
        return hasher.finalize().templateFingerprint
    }

    package func make() -> TemplateValue {
        .list(users.map { .object(contexts.userSummaries[$0]) })
    }
}
