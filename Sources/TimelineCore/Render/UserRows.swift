/// The rows of a list of users, made only when the page is rendered; fingerprinted from each
/// user's summary.
struct UserRows: DeferredTemplateValue {
    let fragments: ReusedFragments
    let users: [Int]

    var digest: Digest {
        var hasher = StableHasher()
        hasher.combine("users")
        hasher.combine(users.count)
        for user in users { hasher.combine(fragments.contexts.userSummaries[user].digest) }
        return hasher.finalize()
    }

    func make() -> any Sendable {
        users.map { fragments.userRow($0) }
    }
}
