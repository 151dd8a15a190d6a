/// The cards of one page of a list (home, profile, timeline), made only when the page is
/// rendered; fingerprinted from each post's card digest, computed once per post. A card
/// depends on its position only through whether its photo loads eagerly, so that flag and the
/// post's digest together fingerprint it.
struct CardPage: DeferredTemplateValue {
    let fragments: ReusedFragments
    /// Post indexes, in the order shown.
    let posts: [Int]

    var digest: Digest {
        var hasher = StableHasher()
        hasher.combine("cards")
        hasher.combine(posts.count)
        for (position, post) in posts.enumerated() {
            hasher.combine(fragments.contexts.cardDigests[post])
            hasher.combine(position < PageContexts.eagerImageCount)
        }
        return hasher.finalize()
    }

    func make() -> any Sendable {
        posts.enumerated().map { fragments.card($1, position: $0) }
    }
}
