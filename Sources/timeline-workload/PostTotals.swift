/// How many posts, comments and likes were written.
struct PostTotals: Sendable {
    var posts = 0
    var comments = 0
    var likes = 0

    static func + (left: PostTotals, right: PostTotals) -> PostTotals {
        PostTotals(posts: left.posts + right.posts, comments: left.comments + right.comments, likes: left.likes + right.likes)
    }
}
