import TimelineContent
import TimelineModel
import TimelineSite

/// A user file the site does not have, added to a built site by an edit build. The user goes
/// in at their place by username: every later user's index moves one up in every list the site
/// index keeps, and the search index, which numbers users in that order, renumbers them. Put in
/// following no one and without an avatar, they are then an edited user like any other
/// (`EditBuild.UserEdit`): their follows, their avatar, and everything that shows them or the
/// users they follow (`UserPlacement`) follow from that. Besides, a new user reaches their
/// feeds, the sitemap, and the pages that read the site's user count (`PageReads`).
///
/// A user whose username a caption already mentions (that mention would become a link), or who
/// follows themselves or an unknown user: a whole build's, as are several new users and a new user with
/// other changes.
struct NewUser {
    let index: Int
    let user: User

    /// The user read from `file`, whose username no user of `built`'s site has in any case,
    /// when an edit build can add them: with the edit of them it makes (in the site's indexes
    /// once they are in).
    static func plan(file: String, built: BuiltSite, reading: (String) -> UserFileLoader.Loaded) -> (NewUser, EditBuild.UserEdit)? {
        let site = built.site
        let (read, problems, entry) = reading(file)
        guard let user = read, entry != nil, !problems.contains(where: { $0.severity == .error }),
            ContentLayout.userFileName(user.username) == file, site.userIndex(foldedName: user.username) == nil,
            !isMentioned(user.username, built: built)
        else { return nil }
        let index = site.userInsertionIndex(for: user.username)
        var diagnostics = DiagnosticList(problems)
        // Linked against the site without them (so following oneself is an unknown user: a whole build's).
        let following = SiteLinker.following(of: user, at: -1, resolver: site.exactResolver, diagnostics: &diagnostics).map { $0 >= index ? $0 + 1 : $0 }
        guard !diagnostics.hasErrors, !(built.options.strict && !diagnostics.all.isEmpty) else { return nil }
        let edit = EditBuild.UserEdit(user: user, following: following, warnings: diagnostics.all, changesAvatar: user.avatar != nil)
        return (NewUser(index: index, user: user), edit)
    }

    /// Whether a caption mentions `username` (in any case): the site warned of each such
    /// mention of no user, at its post's file.
    static func isMentioned(_ username: String, built: BuiltSite) -> Bool {
        let folded = Username.caseFolded(username)
        let posts = built.options.layout.content.appending(ContentLayout.postsFolder).shown + "/"
        for warning in built.warnings where warning.code == .unknownUser && warning.stage == .validate {
            let path = warning.location.path
            guard path.hasPrefix(posts), let folder = path.dropFirst(posts.count).split(separator: "/").first,
                let id = ContentID(String(folder)), let post = built.site.postIndex(of: id)
            else { return true }
            let mentions = built.site.posts[post].caption.map { Markdown.references($0).mentions } ?? []
            if mentions.contains(where: { Username.caseFolded($0) == folded }) { return true }
        }
        return false
    }

    /// Puts the user in `next`'s site, timelines, images and page contexts, following no one and
    /// without an avatar, and adds what that reaches but their own pages (theirs as an edited
    /// user) to `reach`.
    func insert(into next: inout BuiltSite, reach: inout EditBuild.EditReach) {
        var site = next.site
        var withoutAvatar = user
        withoutAvatar.avatar = nil
        site.insertUser(withoutAvatar, at: index)
        var timelines = next.contexts.timelines
        timelines.insertUser(at: index)
        next.images = next.images.insertingUser(at: index)
        next.contexts.insertUser(at: index, site: site, timelines: timelines, images: next.images)
        // The users page lists every user.
        reach.add([.users], [.posts(user: index), .timeline(user: index)], retired: [], changesSitemap: true)
    }
}

extension NewUser: RecordChange {
    /// A change set of one user file whose username the site does not have, and no post folder,
    /// is this kind (after `RenamedUser`, whose new file is one too): with at most that user's
    /// avatar beside it.
    static func plan(_ request: EditBuild.Request) -> RecordChangePlan {
        let site = request.site
        guard request.records.postFolders.isEmpty, request.userFiles.count == 1, let file = request.userFiles.first,
            site.userIndex(named: ContentLayout.username(ofUserFileNamed: file)) == nil
        else { return .notThisKind }
        guard let readUser = EditBuild.userReader(request.built, reading: request.readingUser),
            let (added, edit) = plan(file: file, built: request.built, reading: readUser),
            request.records.otherUserFolderFiles.allSatisfy({ ContentLayout.fileInUsersFolder(named: $0) == added.user.avatar?.relativePath })
        else { return .wholePass }
        return .edit(EditBuild(edited: [:], warnings: [:], tagsOfEdited: [:], editedUsers: [added.index: edit], recordChanges: [added]))
    }

    /// Puts the user in, whose search number is theirs; the edit of them follows.
    func applyBeforeEdits(to next: inout BuiltSite, reach: inout EditBuild.EditReach, search: inout EditBuild.SearchEdit) async -> EditBuild.ImageFiles? {
        insert(into: &next, reach: &reach)
        search.insertedUser = index
        return EditBuild.ImageFiles.empty
    }
}
