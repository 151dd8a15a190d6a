import TimelineContent
import TimelineModel
import TimelineSite

/// Posts newer than every other, added by an edit build, oldest first (nothing else changes
/// with them): each is put in as `NewPost` puts it, the newest at index 0.
struct NewPosts: RecordChange {
    let posts: [NewPost]

    /// A change set with a post folder the site does not have is this kind: when every changed
    /// folder is a new post (`NewPost.plan`) and no user's file changed with them.
    static func plan(_ request: EditBuild.Request) -> RecordChangePlan {
        let folders = request.records.postFolders
        guard folders.contains(where: { request.postIndex(ofFolder: $0) == nil }) else { return .notThisKind }
        guard !request.records.touchesUsers, let added = NewPost.plan(folders: folders, built: request.built, reading: request.readPost) else {
            return .wholePass
        }
        let newest = added.count - 1
        return .edit(
            EditBuild(
                edited: [:], warnings: Dictionary(uniqueKeysWithValues: added.enumerated().map { (newest - $0, $1.warnings) }),
                tagsOfEdited: Dictionary(uniqueKeysWithValues: added.enumerated().map { (newest - $0, $1.tags) }), editedUsers: [:],
                recordChanges: [NewPosts(posts: added)]))
    }

    /// Each new post's card, and its author.
    func watchedValues(in site: LinkedSite) -> [ValueKey] {
        posts.flatMap { post in
            [
                .card(post: post.post.id),
                .user(username: site.userIndex(named: post.post.author.username).map { site.users[$0].username } ?? post.post.author.username),
            ]
        }
    }

    /// Puts the posts in, oldest first; their search cards are new (no terms before), and their
    /// authors' cards change. The pages and feeds each insertion reaches are named by index,
    /// which the next insertion moves, so they are kept as files (`EditReach.pageFiles`,
    /// `feedFiles`), named again in the site after the edit.
    func applyBeforeEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit) async -> EditBuild.ImageFiles? {
        var authorTerms: [Int: Set<String>] = [:]
        for post in posts where authorTerms[post.author] == nil {
            authorTerms[post.author] = SiteSearchCollections.userTerms(next.site.users[post.author])
        }
        var made = EditBuild.ImageFiles.empty
        for post in posts {
            var step = EditBuild.EditReach()
            guard let files = await post.insert(into: &next, reach: &step) else { return nil }
            made = made.adding(files)
            reach.addByFile(step.pages, step.feeds, in: next.site, paths: next.contexts.paths)
            reach.add([], [], retired: step.retired, changesSitemap: step.changesSitemap)
        }
        search.oldTerms = Dictionary(uniqueKeysWithValues: posts.indices.map { ($0, []) })
        search.users = EditBuild.UserSearchEdit(oldTerms: authorTerms)
        return made
    }
}
