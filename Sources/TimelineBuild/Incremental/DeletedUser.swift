import TimelineContent
import TimelineModel
import TimelineSite
import TimelineSystem

/// A user file that is gone, taken out of a built site by an edit build (what `timeline delete
/// user` does to a user without posts, comments or likes: their file and avatar removed, and
/// each follower's file edited to drop them). The user is first an edited user like any other,
/// emptied (following no one, without an avatar), with their followers' edits
/// (`EditBuild.UserEdit`); then they are taken out, and every later user's index moves one down
/// in every list the site index keeps, and the search index, which numbers users in that
/// order, renumbers them. Their pages, feeds and search card go; the users page and the
/// sitemap change; every page that showed them or read a count they changed follows
/// (`ValueWatch`, `PageReads`).
///
/// A user with posts, comments or likes, whom a caption mentions (the mention, a link until
/// now, would become a warning), or whom a user still follows: a whole build's, as are several
/// deleted users and a deleted user with other changes than their followers' files.
struct DeletedUser {
    let index: Int

    /// The user of the gone `file`, when an edit build can take them out: with the edit that
    /// empties them.
    static func plan(file: String, built: BuiltSite) -> (DeletedUser, EditBuild.UserEdit)? {
        let site = built.site
        guard let index = site.userIndex(named: ContentLayout.username(ofUserFileNamed: file)), site.users.count > 1,
            site.postsByUser[index].isEmpty, !hasTraces(of: index, in: site)
        else { return nil }
        // Their follows stay named, so that those users are watched (`ValueWatch`): each loses a follower.
        var emptied = site.users[index]
        emptied.avatar = nil
        let edit = EditBuild.UserEdit(user: emptied, following: [], warnings: [], changesAvatar: site.users[index].avatar != nil)
        return (DeletedUser(index: index), edit)
    }

    /// Whether a post names the user (`UserTrace`). Reads every post: the site index keeps no
    /// list of them.
    private static func hasTraces(of user: Int, in site: LinkedSite) -> Bool {
        let trace = UserTrace(username: site.users[user].username)
        return site.posts.contains(where: trace.isIn)
    }

    /// Takes the emptied user out of `next`'s site, timelines, images and page contexts, and
    /// adds what that reaches to `reach`: the users page, their feeds removed, and the sitemap.
    /// The pages and feeds reached so far are named by index, which the removal moves, so they
    /// are kept as files (`EditReach.pageFiles`, `feedFiles`), named again after the edit.
    func remove(from next: inout BuiltSite, reach: inout EditBuild.EditReach) {
        var site = next.site
        let paths = next.contexts.paths
        reach.addByFile(reach.pages, reach.feeds, in: site, paths: paths)
        reach.pages = []
        reach.feeds = []
        let feeds = [FeedFile.posts(user: index), .timeline(user: index)].map { $0.file(in: site) }
        site.removeUser(at: index)
        var timelines = next.contexts.timelines
        timelines.removeUser(at: index)
        next.images = next.images.removingUser(at: index)
        next.contexts.removeUser(at: index, site: site, timelines: timelines, images: next.images)
        reach.add([.users], [], retired: feeds, changesSitemap: true)
    }

    /// `search`, whose users are named by their indexes before the removal, named by those
    /// after it, without the removed user.
    func renumbered(_ search: EditBuild.UserSearchEdit) -> EditBuild.UserSearchEdit {
        var moved = search
        moved.oldTerms = Dictionary(
            uniqueKeysWithValues: search.oldTerms.compactMap { user, terms in user == index ? nil : (user > index ? user - 1 : user, terms) })
        return moved
    }
}

extension DeletedUser: RecordChange {
    /// A change set with a user file of the site's that is gone (and no other user's name in
    /// its place: `RenamedUser`) is this kind: when it is the only one, no post folder changed,
    /// every follower's file dropped them, and they can be taken out.
    static func plan(_ request: EditBuild.Request) -> RecordChangePlan {
        guard !request.goneUserFiles.isEmpty else { return .notThisKind }
        let site = request.site
        guard request.records.postFolders.isEmpty, request.goneUserFiles.count == 1, let file = request.goneUserFiles.first,
            let (removedUser, emptied) = plan(file: file, built: request.built)
        else { return .wholePass }
        let avatar = site.users[removedUser.index].avatar?.relativePath
        guard
            var editedUsers = EditBuild.planUsers(
                request.userFiles.subtracting(request.goneUserFiles),
                avatars: request.records.otherUserFolderFiles.filter { ContentLayout.fileInUsersFolder(named: $0) != avatar }, built: request.built,
                reading: request.readingUser),
            site.followers[removedUser.index].allSatisfy({ editedUsers[$0].map { !$0.following.contains(removedUser.index) } ?? false })
        else { return .wholePass }
        editedUsers[removedUser.index] = emptied
        return .edit(EditBuild(edited: [:], warnings: [:], tagsOfEdited: [:], editedUsers: editedUsers, recordChanges: [removedUser]))
    }

    /// Once the edit emptied them: their search document goes, the other users' edits are
    /// renumbered, and they are taken out.
    func applyAfterEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit) {
        search.users = search.users.map(renumbered)
        search.removedUser = index
        remove(from: &next, reach: &reach)
    }
}
