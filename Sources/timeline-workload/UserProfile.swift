/// One user of the workload, as written to `users/<username>.json`.
struct UserProfile: Sendable {
    let username: String
    let name: String?
    /// Markdown.
    let bio: String?
    let url: String?
    /// The indices of the users this user follows, in username order.
    let follows: [Int]
}
