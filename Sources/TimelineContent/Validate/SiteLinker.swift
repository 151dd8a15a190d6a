import TimelineModel

/// The validate-and-link stage: checks the records against each other (every user a record
/// names exists, usernames are unique ignoring case, …) and builds the indexes the later
/// stages use. Every problem is collected.
public enum SiteLinker {
    public static func link(_ content: SiteContent) -> (LinkedSite?, DiagnosticList) {
        var diagnostics = DiagnosticList()
        let users = uniqueUsers(content.users, diagnostics: &diagnostics)
        let (indexByName, indexByFoldedName) = LinkedSite.userIndexes(of: users)
        let resolver = UserResolver(users: users, exact: indexByName, folded: indexByFoldedName, unreadable: content.unreadableUsernames)

        var following = [[Int]](repeating: [], count: users.count)
        var followers = [[Int]](repeating: [], count: users.count)
        for (index, user) in users.enumerated() {
            following[index] = Self.following(of: user, at: index, resolver: resolver, diagnostics: &diagnostics)
            for followed in following[index] { followers[followed].append(index) }
        }

        let posts = content.posts.sorted { $0.id > $1.id }
        var postAuthor: [Int] = []
        postAuthor.reserveCapacity(posts.count)
        var postsByUser = [[Int]](repeating: [], count: users.count)
        var linkedPosts: [Post] = []
        linkedPosts.reserveCapacity(posts.count)
        for post in posts {
            let author = resolver.resolve(post.author, role: "author", diagnostics: &diagnostics)
            check(post, resolver: resolver, diagnostics: &diagnostics)
            VideoLimits.check(post, settings: content.settings.videos, diagnostics: &diagnostics)
            guard let author else { continue }
            postsByUser[author].append(linkedPosts.count)
            postAuthor.append(author)
            linkedPosts.append(post)
        }
        var site = LinkedSite(
            settings: content.settings, users: users, posts: RecordList(linkedPosts), postAuthor: postAuthor, postsByUser: postsByUser,
            following: following, followers: followers)
        site.setAlbums(AlbumLinker.link(content.albums, in: site, resolver: resolver, diagnostics: &diagnostics))
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (site, diagnostics)
    }

    /// Whom `user` (at `index` in user order) follows, ascending, with a warning at a follow of
    /// themselves or a repeat.
    package static func following(of user: User, at index: Int, resolver: UserResolver, diagnostics: inout DiagnosticList) -> [Int] {
        var following: [Int] = []
        var seen = Set<Int>()
        for reference in user.follows {
            guard let followed = resolver.resolve(reference, role: "follows", diagnostics: &diagnostics) else { continue }
            if followed == index {
                diagnostics.append(
                    .warning(
                        .selfFollow, stage: .validate, at: reference.location,
                        "\(user.username) follows themselves; their own posts are always in their timeline, so this is ignored"))
                continue
            }
            guard seen.insert(followed).inserted else {
                diagnostics.append(
                    .warning(.duplicateFollow, stage: .validate, at: reference.location, "\(user.username) follows \(reference.username) more than once"))
                continue
            }
            following.append(followed)
        }
        return following.sorted()
    }

    /// Users sorted by username ignoring case; a second user whose name differs only in case
    /// is an error, because their pages would collide on case-insensitive file systems.
    private static func uniqueUsers(_ users: [User], diagnostics: inout DiagnosticList) -> [User] {
        let sorted = users.sorted { lhs, rhs in
            let left = Username.caseFolded(lhs.username)
            let right = Username.caseFolded(rhs.username)
            if left != right { return left.utf8Precedes(right) }
            return lhs.source.path.utf8Precedes(rhs.source.path)
        }
        var unique: [User] = []
        var firstByFoldedName: [String: User] = [:]
        for user in sorted {
            let folded = Username.caseFolded(user.username)
            if let first = firstByFoldedName[folded] {
                diagnostics.append(
                    .error(
                        .duplicateUsername, stage: .validate, at: user.source,
                        "username '\(user.username)' is already taken by \(first.source.path) ('\(first.username)'); usernames must be unique ignoring case"))
                continue
            }
            firstByFoldedName[folded] = user
            unique.append(user)
        }
        return unique
    }

    /// What linking finds in one post besides its author: its comments' and likes' users, and
    /// its alt text.
    package static func check(_ post: Post, resolver: UserResolver, diagnostics: inout DiagnosticList) {
        checkInteractions(of: post, resolver: resolver, diagnostics: &diagnostics)
        for (index, photo) in post.photos.enumerated() where photo.alt == nil {
            let advice =
                post.photos.count == 1
                ? "the photo has no alt text; add 'alt:' to the front matter, or run 'timeline edit post \(post.id.rawValue) --alt \"…\"'"
                : "photo \(index + 1) (\(photo.asset.fileName)) has no alt text; add 'alt:' to its item of 'photos', or run 'timeline edit post \(post.id.rawValue) --photo \(index + 1) --alt \"…\"'"
            diagnostics.append(
                .warning(.missingAltText, stage: .validate, at: post.source, advice + ", so that people using screen readers know what it shows"))
        }
    }

    private static func checkInteractions(of post: Post, resolver: UserResolver, diagnostics: inout DiagnosticList) {
        for comment in post.comments {
            _ = resolver.resolve(comment.author, role: "comment author", diagnostics: &diagnostics)
        }
        var likers: [String: SourceLocation] = [:]
        for like in post.likes {
            guard resolver.resolve(like.author, role: "like author", diagnostics: &diagnostics) != nil else { continue }
            if let first = likers[like.author.username] {
                diagnostics.append(
                    .warning(
                        .duplicateLike, stage: .validate, at: like.source,
                        "\(like.author.username) likes this post more than once (also at line \(first.line ?? 0)); both likes are counted, as in the original data"
                    ))
            } else {
                likers[like.author.username] = like.source
            }
        }
    }
}

/// Finds the user a reference names, and explains a miss (with the right spelling when the
/// name differs only in case or by a typo).
package struct UserResolver {
    package let users: [User]
    package let exact: [String: Int]
    package let folded: [String: Int]
    package let unreadable: Set<String>

    package func resolve(_ reference: UserReference, role: String, diagnostics: inout DiagnosticList) -> Int? {
        if let index = exact[reference.username] { return index }
        if unreadable.contains(reference.username) { return nil }
        var hint = ""
        if let index = folded[Username.caseFolded(reference.username)] {
            hint = "; did you mean '\(users[index].username)'? (usernames are matched exactly)"
        } else if users.count <= 50_000, let close = Suggestion.closest(to: reference.username, among: users.lazy.map(\.username)) {
            hint = "; did you mean '\(close)'?"
        }
        diagnostics.append(.error(.unknownUser, stage: .validate, at: reference.location, "unknown user '\(reference.username)' (\(role))\(hint)"))
        return nil
    }
}
