/// Everything about one post that ends up in its folder.
struct PostPlan: Sendable {
    let id: PushID
    let author: Int
    let alt: String
    /// Markdown; may be empty.
    let caption: String
    /// Oldest first.
    let comments: [CommentPlan]
    /// Oldest first.
    let likes: [LikePlan]
}

struct CommentPlan: Sendable {
    let id: PushID
    let author: Int
    /// Markdown; never empty.
    let text: String
}

struct LikePlan: Sendable {
    let id: PushID
    let author: Int
}
