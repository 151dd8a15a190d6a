import TimelineContent
import TimelineModel
import TimelineSite

/// A user file replaced by one of another username, taken into a built site by an edit build
/// (what `timeline rename user` writes: the user's file and avatar under the new name, and every
/// post, comment, like, follow and mention that names them rewritten). The user moves to their
/// place by the new username, everything of theirs with them (`LinkedSite.moveUser`), and every
/// user between moves one place toward the old one. They are then an edited user like any
/// other (`EditBuild.UserEdit`), as are their followers; the posts that named them are edited
/// posts. Their old pages and feeds go, their new ones come (`PageReads`), and every page that
/// read their values, or a card of a post that named them, follows (`ValueWatch`).
///
/// A post, comment, like or follow the rewrite left naming the old username, a caption that may
/// still mention it (any `@` and the username, in any case), a mention of the new username from
/// before, and a rename with a new or deleted post or user: a whole build's. Other edits of
/// posts and users may come with it.
struct RenamedUser {
    let move: IndexMove
    let oldUsername: String
    /// The user as they were, under the new username: the edit of them starts from it.
    let moved: User

    /// The rename of the user of the one gone file of `gone` to the username of the one file
    /// of `files` whose username the site does not have, when an edit build can take it. The
    /// new file is read as an edited user's (`EditBuild.planUsers`), which holds its username to
    /// its file's name.
    static func plan(files: Set<String>, gone: Set<String>, built: BuiltSite) -> RenamedUser? {
        let site = built.site
        let added = files.filter { site.userIndex(named: ContentLayout.username(ofUserFileNamed: $0)) == nil }
        guard gone.count == 1, added.count == 1, let oldFile = gone.first, let newFile = added.first,
            let from = site.userIndex(named: ContentLayout.username(ofUserFileNamed: oldFile))
        else { return nil }
        let username = ContentLayout.username(ofUserFileNamed: newFile)
        let caseOnly = Username.caseFolded(username) == Username.caseFolded(site.users[from].username)
        guard caseOnly || (site.userIndex(foldedName: username) == nil && !NewUser.isMentioned(username, built: built)) else { return nil }
        let place = caseOnly ? from : site.userInsertionIndex(for: username)
        let old = site.users[from]
        var moved = User(username: username, name: old.name, bio: old.bio, url: old.url, avatar: old.avatar, follows: old.follows, source: old.source)
        moved.extra = old.extra
        return RenamedUser(move: IndexMove(from: from, to: place > from ? place - 1 : place), oldUsername: old.username, moved: moved)
    }

    /// `site` with the user moved: what the edited posts and users are linked against.
    func applied(to site: LinkedSite) -> LinkedSite {
        var renamed = site
        renamed.moveUser(move, as: moved)
        return renamed
    }

    /// The username the author of `post` (as the site had it) has after the rename.
    func author(of post: Post) -> String {
        post.author.username == oldUsername ? moved.username : post.author.username
    }

    /// Whether no post but the `edited` ones names the old username (as author, in a comment or
    /// a like, or maybe in a caption), and every follower's file was edited: the rewrite then
    /// left nothing for a whole build to refuse. Reads every post: the site index keeps no list
    /// of comments, likes and mentions by user.
    func leavesNoTrace(in site: LinkedSite, edited: [Int: Post], editedUsers: [Int: EditBuild.UserEdit]) -> Bool {
        guard site.followers[move.from].allSatisfy({ editedUsers[move($0)] != nil }) else { return false }
        let trace = UserTrace(username: oldUsername)
        return site.posts.indices.allSatisfy { index in
            edited[index] != nil || (site.postAuthor[index] != move.from && !trace.isIn(site.posts[index]))
        }
    }

    /// Moves the user in `next`'s site, timelines, images and page contexts, under the new
    /// username, and adds what that reaches beyond the pages that read their values to `reach`:
    /// the users page, their feeds (the old ones removed), the sitemap.
    func apply(to next: inout BuiltSite, reach: inout EditBuild.EditReach) {
        let site = applied(to: next.site)
        let retired = [FeedFile.posts(user: move.from), .timeline(user: move.from)].map { $0.file(in: next.site) }
        var timelines = next.contexts.timelines
        timelines.moveUser(move)
        next.images = next.images.movingUser(move)
        next.contexts.moveUser(move, site: site, timelines: timelines, images: next.images)
        reach.add([.users], [.posts(user: move.to), .timeline(user: move.to)], retired: retired, changesSitemap: true)
    }

    /// `search` without the moved user, whose search document is taken out and put in again.
    func withoutMoved(_ search: EditBuild.UserSearchEdit) -> EditBuild.UserSearchEdit {
        var kept = search
        kept.oldTerms[move.to] = nil
        return kept
    }
}

extension RenamedUser: RecordChange {
    /// A change set with one user file gone and one of a username the site does not have is
    /// this kind (`plan(files:gone:built:)`): with the edits of the posts and users the rename
    /// rewrote, linked against the site after the move, and when the rewrite left no trace of
    /// the old username.
    static func plan(_ request: EditBuild.Request) -> RecordChangePlan {
        guard let renamedUser = plan(files: request.userFiles, gone: request.goneUserFiles, built: request.built) else { return .notThisKind }
        let site = request.site
        // Posts and users are linked against the site after the rename, whose post indexes are the same.
        let linkedSite = renamedUser.applied(to: site)
        guard let posts = EditBuild.planPosts(request, site: linkedSite, renamedUser: renamedUser),
            var editedUsers = EditBuild.planUsers(
                request.userFiles.subtracting(request.goneUserFiles), avatars: request.records.otherUserFolderFiles, built: request.built,
                site: linkedSite, reading: request.readingUser),
            renamedUser.leavesNoTrace(in: site, edited: posts.edited, editedUsers: editedUsers), let edit = editedUsers[renamedUser.move.to]
        else { return .wholePass }
        // An avatar is published under the username (`u/<username>/…`): made again, from the image cache.
        editedUsers[renamedUser.move.to] = EditBuild.UserEdit(
            user: edit.user, following: edit.following, warnings: edit.warnings, changesAvatar: edit.changesAvatar || edit.user.avatar != nil)
        return .edit(
            EditBuild(
                edited: posts.edited, warnings: posts.warnings, tagsOfEdited: posts.tags, editedUsers: editedUsers, recordChanges: [renamedUser]))
    }

    /// The user under their old username.
    func watchedValues(in site: LinkedSite) -> [ValueKey] { [.user(username: oldUsername)] }

    var goneContent: [String] { [ContentLayout.userFile(oldUsername)] }

    /// Moves the user before the edits of them and of the posts that named them go in.
    func applyBeforeEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit) async -> EditBuild.ImageFiles? {
        apply(to: &next, reach: &reach)
        return EditBuild.ImageFiles.empty
    }

    /// Their search document is taken out at their old number and put in at their new one.
    func applyAfterEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit) {
        search.users = search.users.map(withoutMoved)
        search.insertedUser = move.to
        search.removedUser = move.from
    }
}
