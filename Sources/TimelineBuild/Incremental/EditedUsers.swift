import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem

/// An edit of users' files: who changed and how (read and linked as a whole build would), their
/// avatars made again, and the users put in place with what their follows and names reach
/// beyond the pages that read their values.
extension EditBuild {
    struct UserEdit {
        let user: User
        let following: [Int]
        let warnings: [Diagnostic]
        /// Whether their avatar is another file, or the same file with other bytes, or came or went.
        let changesAvatar: Bool
    }

    /// `reading`, or by default a reader of user files now (`UserFileLoader`).
    static func userReader(_ built: BuiltSite, reading: ((String) -> UserFileLoader.Loaded)?) -> ((String) -> UserFileLoader.Loaded)? {
        if let reading { return reading }
        guard let loader = UserFileLoader(contentFolder: built.options.layout.content) else { return nil }
        return { loader.load(fileNamed: $0, known: []) }
    }

    /// The user files an edit of `records` reads: those that changed, and those of the users
    /// whose avatar is a changed file of the users folder.
    static func userFilesToRead(_ records: ChangedRecords, site: LinkedSite) -> Set<String> {
        var files = records.userFiles
        let avatars = Set(records.otherUserFolderFiles.map(ContentLayout.fileInUsersFolder(named:)))
        guard !avatars.isEmpty else { return files }
        for user in site.users where user.avatar.map({ avatars.contains($0.relativePath) }) == true {
            files.insert(ContentLayout.userFileName(user.username))
        }
        return files
    }

    /// The edited users, when each file is a user's the site (`linkedSite`, by default
    /// `built`'s) has whose username stays, and each
    /// changed file of the users folder, `avatars`, is the avatar of one of them before or
    /// after; nil otherwise (a new, renamed or deleted user: an edit of its own, or a whole build's).
    static func planUsers(
        _ files: Set<String>, avatars: Set<String>, built: BuiltSite, site linkedSite: LinkedSite? = nil, reading: ((String) -> UserFileLoader.Loaded)?
    ) -> [Int: UserEdit]? {
        guard !files.isEmpty else { return avatars.isEmpty ? [:] : nil }
        guard let readUser = userReader(built, reading: reading) else { return nil }
        let site = linkedSite ?? built.site
        let resolver = site.exactResolver
        var edits: [Int: UserEdit] = [:]
        for file in files {
            guard let index = site.userIndex(named: ContentLayout.username(ofUserFileNamed: file)) else { return nil }
            let old = site.users[index]
            let (read, problems, entry) = readUser(file)
            guard let user = read, entry != nil, !problems.contains(where: { $0.severity == .error }), user.username == old.username else { return nil }
            var diagnostics = DiagnosticList(problems)
            let following = SiteLinker.following(of: user, at: index, resolver: resolver, diagnostics: &diagnostics)
            guard !diagnostics.hasErrors, !(built.options.strict && !diagnostics.all.isEmpty) else { return nil }
            edits[index] = UserEdit(user: user, following: following, warnings: diagnostics.all, changesAvatar: user.avatar != old.avatar)
        }
        let named = Set(edits.flatMap { index, edit in [edit.user.avatar?.relativePath, site.users[index].avatar?.relativePath].compactMap { $0 } })
        guard avatars.allSatisfy({ named.contains(ContentLayout.fileInUsersFolder(named: $0)) }) else { return nil }
        return edits
    }

    /// Makes the changed avatars of the edited users (or, with `images.process` off, takes them
    /// as they are) and puts them in `next`'s images; the files of the avatars they replace
    /// that are not published again are removed. Returns the files to publish, or nil when an
    /// avatar cannot be made (the whole build then reports it). The pages that show an edited
    /// user are reached with the user (`UserPlacement`).
    func replaceAvatars(_ next: inout BuiltSite, reach: inout EditReach) async -> ImageFiles? {
        let site = next.site
        let content = next.options.layout.content
        let paths = next.contexts.paths
        let processes = site.settings.images.process
        let changed = editedUsers.filter(\.value.changesAvatar).sorted { $0.key < $1.key }
        var images: [Int: ProcessedImage?] = [:]
        var processed: [(cacheFile: String, outputFile: String)] = []
        var originals: [(source: String, identity: Digest?, outputFile: String)] = []
        var statistics = ImagePipeline.Statistics()
        for (index, _) in changed { images[index] = .some(nil) }
        if processes {
            let withAvatars = changed.filter { $0.value.user.avatar != nil }
            guard
                let made = await ImagePipeline.run(
                    avatarsOf: withAvatars.map(\.value.user), site: site, content: content, cache: ImageCache(next.options.layout.cache))
            else { return nil }
            for ((index, _), image) in zip(withAvatars, made.avatars) { images[index] = image }
            processed = made.files
            statistics = made.statistics
        } else {
            for (index, edit) in changed {
                guard let published = PublishedImages.unprocessedAvatar(of: edit.user, paths: paths, content: content) else { continue }
                images[index] = published.image
                originals.append(published.original)
            }
        }
        let old = Set(changed.flatMap { next.images.outputFiles(ofAvatarOf: $0.key) })
        next.images = next.images.replacingAvatars(images, files: processed, originalFiles: originals, processed: processes)
        let new = Set(changed.flatMap { next.images.outputFiles(ofAvatarOf: $0.key) })
        reach.add([], [], retired: old.subtracting(new).sorted(), changesSitemap: false)
        return ImageFiles(processed: processed, originals: originals, images: statistics)
    }

    /// Puts the edited users in place (`LinkedSite.replaceUser`), with the timeline of each
    /// whose follows changed merged again, and adds what the values pages read do not say: for a
    /// user whose follows changed, every page of their timeline (with the pages a shorter one no
    /// longer has removed, and the sitemap when its page count changed), its feed, their
    /// following page and the followers page of each user they began or stopped following; for
    /// a user whose shown name changed, the feeds that name them (their own, those listing their
    /// posts, the comments feeds of the posts they commented on). Everything else that shows an
    /// edited user, or a user whose counts changed, read their values (`ValueWatch`). Returns
    /// what the search index needs, or nil without edited users.
    func replaceUsers(_ next: inout BuiltSite, reach: inout EditReach) -> UserSearchEdit? {
        guard !editedUsers.isEmpty else { return nil }
        var site = next.site
        var timelines = next.contexts.timelines
        var touched = Set<Int>()
        for (index, edit) in editedUsers {
            touched.insert(index)
            touched.formUnion(Set(site.following[index]).symmetricDifference(edit.following))
        }
        var search = UserSearchEdit(oldTerms: Dictionary(uniqueKeysWithValues: touched.map { ($0, SiteSearchCollections.userTerms(site.users[$0])) }))
        var feedPagesBefore: [Int: [Page]] = [:]
        var renamed = Set<Int>()
        for (index, edit) in editedUsers.sorted(by: { $0.key < $1.key }) {
            if site.users[index].name != edit.user.name { search.renamedPosts += site.postsByUser[index] }
            if site.users[index].displayName != edit.user.displayName { renamed.insert(index) }
            if site.following[index] != edit.following {
                feedPagesBefore[index] = Page.feedPages(index, timelines: timelines)
                let changedFollows = Set(site.following[index]).symmetricDifference(edit.following)
                reach.add([.following(user: index)] + changedFollows.map { .followers(user: $0) }, [.timeline(user: index)], retired: [], changesSitemap: false)
            }
            site.replaceUser(at: index, with: edit.user, following: edit.following)
        }
        for (index, before) in feedPagesBefore {
            timelines.replaceFeed(of: index, in: site)
            let after = Page.feedPages(index, timelines: timelines)
            let gone = Set(before).subtracting(after).compactMap { page in page.location(in: site, paths: next.contexts.paths)?.outputFile }
            reach.add(after, [], retired: gone.sorted(), changesSitemap: after != before)
        }
        next.contexts.replaceUsers(touched, site: site, timelines: timelines, images: next.images)
        if !renamed.isEmpty {
            let feedEntries = site.settings.feedEntries
            var feeds: [FeedFile] = renamed.flatMap { [FeedFile.posts(user: $0), .timeline(user: $0)] }
            for user in renamed {
                for post in site.postsByUser[user] { feeds += PostPlacement(of: post, site: site, timelines: timelines).feeds(entryLimit: feedEntries) }
            }
            feeds += Self.posts(commentedOnBy: renamed, in: site).map { .comments(post: $0) }
            reach.add([], feeds, retired: [], changesSitemap: false)
        }
        return search
    }

    /// The posts that `users` commented on. Reads every post's comments: the site index keeps no
    /// such list.
    static func posts(commentedOnBy users: Set<Int>, in site: LinkedSite) -> [Int] {
        site.posts.indices.filter { index in
            site.posts[index].comments.contains { comment in site.userIndex(foldedName: comment.author.username).map(users.contains) ?? false }
        }
    }
}
