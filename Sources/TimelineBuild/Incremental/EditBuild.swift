import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// The edit build, of a live session and of `timeline build` (`ChangeSetBuild`): when every
/// changed file is a file of a post the site has that keeps its ID, author and date and has no
/// video, the file or avatar of a user the site has who keeps their username, or an album's
/// file, only captions, photos, alt texts, comments, likes, users' names, bios, links, extra
/// fields, avatars, follows and albums changed. The edit is applied to the kept site, and what it reaches is:
///
/// - every page that read a field it changed of a value pages share (the site's values, a
///   user's, a post's card, a tag's, an album's: `ValueWatch`, `PageReads`), every page the
///   site did not have before, and the removal of those it no longer has;
/// - an edited post's own page, and the Atom feeds whose entries include it (`PostPlacement`)
///   and its comments feed; its images made again when its photos changed (`EditedPhotos`);
/// - its search card and the index lines of the words it gained or lost, and the search page
///   when the index manifest changed (`EditSearch`);
/// - when a caption gained or dropped a hashtag, or changed how the newest post of a tag
///   writes it: the tag index as `TagIndexEdit` works it out, every page and the feed of each
///   tag that changed, the tags page, the sitemap when tag pages came or went, and the
///   removal of the pages and feed of a tag that is gone (`TagPlacement`);
/// - for edited users (`EditedUsers`): an avatar made again alone, their search cards, the
///   timeline of a user whose follows changed merged again with the lists that changed, and
///   the feeds that name a renamed user.
///
/// Changes that add, remove or move records (`RecordChange`: new posts, a deleted post, a new,
/// deleted or renamed user) plan and apply themselves around those edits; this type names them
/// only in `recordChangeKinds`. Albums are read and linked again after all of them
/// (`EditedAlbums`), when one changed or a record they may name did.
///
/// Each of those is fingerprinted and compared with the manifest as in any build, so a page
/// whose context did not change is not rendered. Anything else (an older new post, a renamed
/// post, a video changed, a template, `site.json`, an edit that leaves an error) is not
/// an edit build's to make: `plan` returns nil and the caller runs a whole build, which also
/// reports every error.
struct EditBuild {
    /// The most pages beyond its posts' own an edit of `site`, whose posts are read from the
    /// site index, should reach: there every card is made from its post's record on each page
    /// that shows it (about 1 ms a page at 20,000 posts), where a whole pass makes each card once
    /// (a follow of the most-followed user at 20,000 posts reached 14,700 pages: 14.3 s as an
    /// edit, 6.7 s as a whole pass).
    static func pageLimit(forStored site: LinkedSite) -> Int {
        max(2_000, site.posts.count / 4)
    }

    /// The edited posts by index, with the warnings reading and linking each gave.
    let edited: [Int: Post]
    let warnings: [Int: [Diagnostic]]
    /// The edited posts' hashtags, each once, in caption order.
    let tagsOfEdited: [Int: [(key: String, spelling: String)]]
    /// The edited users by index: the user as read now, whom they follow, and the warnings
    /// reading and linking them gave.
    let editedUsers: [Int: UserEdit]
    /// The records added, removed or moved, put in place around the edits; the properties
    /// above name records at their indexes after them.
    var recordChanges: [any RecordChange] = []
    /// The albums read again and linked again after the records are in place; nil when the
    /// edit reaches no album (`EditedAlbums`).
    var albums: EditedAlbums?

    /// The kinds of record change, in the order they are asked whether a change set is theirs;
    /// a change set none of them takes is edits of records that keep their place.
    static var recordChangeKinds: [any RecordChange.Type] { [NewPosts.self, DeletedPost.self, RenamedUser.self, NewUser.self, DeletedUser.self] }

    /// The edit build for `changes` (absolute paths of changed files and folders), or nil when
    /// they are not post edits. `reading` reads a post folder by name (by default now, with
    /// `PostFolderLoader`; a caller that read them already hands them over).
    static func plan(
        _ changes: [String], built: BuiltSite, reading: ((String) -> PostFolderLoader.Loaded)? = nil, readingUser: ((String) -> UserFileLoader.Loaded)? = nil
    ) -> EditBuild? {
        let options = built.options
        let content = options.layout.content
        // An atomic build swaps in a whole new folder; an edit is put in place file by file.
        guard !changes.isEmpty, !options.atomic, let records = changedRecords(of: changes, contentRoot: content.absolute),
            records.postFolders.allSatisfy({ ContentID($0) != nil })
        else { return nil }
        let readPost: (String) -> PostFolderLoader.Loaded
        if let reading {
            readPost = reading
        } else {
            guard let loader = PostFolderLoader(contentFolder: content) else { return nil }
            readPost = { loader.load(named: $0, known: []) }
        }
        let userFiles = userFilesToRead(records, site: built.site)
        let request = Request(
            records: records, built: built, readPost: readPost, readingUser: readingUser, userFiles: userFiles,
            goneUserFiles: userFiles.filter {
                built.site.userIndex(named: ContentLayout.username(ofUserFileNamed: $0)) != nil && userFileIsGone($0, options)
            })
        var planned: EditBuild?
        for kind in recordChangeKinds where planned == nil {
            switch kind.plan(request) {
            case .notThisKind: continue
            case .wholePass: return nil
            case .edit(let edit): planned = edit
            }
        }
        if planned == nil {
            guard let posts = planPosts(request, site: built.site, renamedUser: nil),
                let editedUsers = planUsers(userFiles, avatars: records.otherUserFolderFiles, built: built, reading: readingUser)
            else { return nil }
            planned = EditBuild(edited: posts.edited, warnings: posts.warnings, tagsOfEdited: posts.tags, editedUsers: editedUsers)
        }
        guard var edit = planned else { return nil }
        // Albums are linked again when one changed, or a record they may name came, went or moved.
        if records.touchesAlbums || (!built.site.albums.isEmpty && (!edit.recordChanges.isEmpty || !edit.editedUsers.isEmpty)) {
            guard let albums = EditedAlbums.plan(records, built: built) else { return nil }
            edit.albums = albums
        }
        return edit
    }

    /// The edited posts of `request`, each a post of the site that keeps its ID, author (after
    /// `renamedUser`) and date and has no video, read and linked against `site`; nil when one
    /// is not.
    static func planPosts(_ request: Request, site linkedSite: LinkedSite, renamedUser: RenamedUser?) -> (
        edited: [Int: Post], warnings: [Int: [Diagnostic]], tags: [Int: [(key: String, spelling: String)]]
    )? {
        let site = request.site
        let contentRoot = request.options.layout.content.absolute
        var edited: [Int: Post] = [:]
        var warnings: [Int: [Diagnostic]] = [:]
        var tagsOfEdited: [Int: [(key: String, spelling: String)]] = [:]
        for folder in request.records.postFolders {
            guard let index = request.postIndex(ofFolder: folder) else { return nil }
            let old = site.posts[index]
            let relative = ContentLayout.postFolder(named: folder)
            let (read, problems, entry) = request.readPost(folder)
            guard let post = read, entry != nil, !problems.contains(where: { $0.severity == .error }),
                keepsAllButPhotos(post, of: old, author: renamedUser?.author(of: old) ?? old.author.username),
                onlyPostFiles(in: relative, contentRoot: contentRoot, photos: post.photos),
                let (tags, diagnostics) = linked(post, problems: problems, site: linkedSite, options: request.options)
            else { return nil }
            edited[index] = post
            warnings[index] = diagnostics
            tagsOfEdited[index] = tags
        }
        return (edited, warnings, tagsOfEdited)
    }

    /// Whether the user file named `file` is no longer in the users folder.
    private static func userFileIsGone(_ file: String, _ options: BuildOptions) -> Bool {
        FileSystem.status(of: options.layout.content.appending(ContentLayout.fileInUsersFolder(named: file)).absolute) == nil
    }

    /// Whether the post folder `relative` (to the content folder) holds nothing but a post's own files and `photos`:
    /// any other file is something a whole build must look at.
    static func onlyPostFiles(in relative: String, contentRoot: String, photos: [PostPhoto]) -> Bool {
        guard let names = try? FileSystem.entries(of: contentRoot + "/" + relative) else { return false }
        return names.allSatisfy { name in
            ContentLayout.postFolderFileNames.contains(name) || photos.contains { $0.asset.relativePath == relative + "/" + name }
        }
    }

    /// A post read again, linked against `site` (whose users an edit keeps): its hashtags and
    /// its warnings; nil when it has an error, or a warning in a strict build.
    static func linked(_ post: Post, problems: [Diagnostic], site: LinkedSite, options: BuildOptions) -> (
        tags: [(key: String, spelling: String)], warnings: [Diagnostic]
    )? {
        let references = post.caption.map(Markdown.references) ?? (hashtags: [], mentions: [])
        var diagnostics = DiagnosticList(problems)
        SiteLinker.check(post, resolver: site.exactResolver, diagnostics: &diagnostics)
        diagnostics.append(contentsOf: TagIndex.unknownMentions(references.mentions, of: post, site: site))
        guard !diagnostics.hasErrors, !(options.strict && !diagnostics.all.isEmpty) else { return nil }
        return (TagIndex.uniqueTags(references.hashtags), diagnostics.all)
    }

    /// Builds the edit into the output folder through the journal and changes `next` into the
    /// site as it now is, in place: the session hands it over whole, so that no array of the
    /// site (nor the manifest of every output file) is copied. After a failure it is not used.
    /// Nil, before anything is written, when the edit reaches more than `pageLimit` pages
    /// beyond its posts' own, search cards of a deleted post's newer posts counted as pages
    /// (`next` is then not used either): a whole pass makes those faster.
    func run(on next: inout BuiltSite, timings: StageTimings = StageTimings(), pageLimit: Int = .max) async throws(BuildFailure) -> BuildReport? {
        let renumberedCards = recordChanges.reduce(0) { $0 + $1.renumberedCards }
        guard renumberedCards <= pageLimit else { return nil }
        var timings = timings
        let options = next.options
        let watch = ValueWatch(watchedValues(in: next.site), in: next.contexts)
        var search = SearchEdit(
            oldTerms: Dictionary(uniqueKeysWithValues: edited.keys.map { ($0, SiteSearchCollections.postTerms(ofPost: $0, in: next.site)) }))
        var reach = EditReach()
        var newFiles: ImageFiles?
        for change in recordChanges {
            guard let files = await change.applyBeforeEdits(to: &next, reach: &reach, search: &search) else { return nil }
            newFiles = (newFiles ?? .empty).adding(files)
        }
        guard let photoFiles = await replacePhotos(&next, reach: &reach) else { return nil }
        if !photoFiles.processed.isEmpty || !photoFiles.originals.isEmpty { newFiles = (newFiles ?? .empty).adding(photoFiles) }
        next.contexts.replacePosts(edited, images: next.images)
        if let tags = replaceTags(&next) { reach.add(tags.pages, tags.feeds, retired: tags.retired, changesSitemap: tags.changesSitemap) }
        if !editedUsers.isEmpty {
            if editedUsers.values.contains(where: \.changesAvatar) {
                guard let files = await replaceAvatars(&next, reach: &reach) else { return nil }
                newFiles = (newFiles ?? .empty).adding(files)
            }
            search.users = replaceUsers(&next, reach: &reach)
        }
        for change in recordChanges { change.applyAfterEdits(to: &next, reach: &reach, search: &search) }
        if let albums {
            guard albums.apply(to: &next, editedUsers: editedUsers.values.map(\.user.username), reach: &reach) else { return nil }
        }
        let site = next.site
        search.remakesAlbums =
            albums != nil || edited.values.contains { !site.albums(holding: $0.id).isEmpty }
            || editedUsers.values.contains { !site.albums(ofUserNamed: $0.user.username).isEmpty }
        let pages = Page.allWithFiles(site: next.site, timelines: next.contexts.timelines, paths: next.contexts.paths)
        let (readers, gone) = next.pageReads.reach(of: pages, changed: watch.changes(in: next.contexts))
        reach.add(readers, [], retired: gone, changesSitemap: false)
        reach.name(pages, feedsOf: next.site)
        guard Set(reach.pages).count + renumberedCards <= pageLimit else { return nil }
        next.warnings = updatedWarnings(next.warnings, options: options)
        timings.lap(.validate)
        let changes = try await write(&next, search: search, reach: reach, publishing: newFiles, timings: &timings)
        for (path, entry) in changes.entries { next.manifest[path] = entry }
        for path in changes.deleted { next.manifest[path] = nil }
        next.stateStamp = BuildStateFolder(options: options).stamp
        timings.lap(.write)
        var facts = next.report.facts
        // What the site publishes, and what this edit made of its new videos.
        facts.videos = facts.videos.published.adding(newFiles?.videos ?? VideoPipeline.Statistics())
        facts.images.decoded = newFiles?.images.decoded ?? 0
        facts.images.encoded = newFiles?.images.encoded ?? 0
        facts.fileCount = next.manifest.count
        // A tag or an album page may come or go with any edit.
        facts.pageCount = pages.count
        if !recordChanges.isEmpty || newFiles != nil || !editedUsers.isEmpty {
            facts.userCount = next.site.users.count
            facts.postCount = next.site.posts.count
            facts.images.images = next.images.statistics.images
        }
        facts.warnings = next.warnings
        facts.search = next.search.statistics
        let report = BuildReport(facts, output: next.report.output, timings: timings, files: BuildReport.Files(changes, mode: .edit))
        next.report = report
        return report
    }

    /// The search files, pages and feeds that show the edited posts, each made and written
    /// only when what it is made from changed, then put in place through an edit journal with
    /// their manifest entries in the edits file. The output session, which holds the manifest
    /// as the last build left it, is gone when this returns, so the manifest can change in place.
    private func write(
        _ next: inout BuiltSite, search: SearchEdit, reach: EditReach, publishing newFiles: ImageFiles?, timings: inout StageTimings
    )
        async throws(BuildFailure)
        -> OutputChanges
    {
        let options = next.options
        let output = options.layout.output
        let session: OutputSession
        do {
            session = try OutputSession.beginEdit(
                outputRoot: output.absolute, state: BuildStateFolder(options: options), tool: BuildTool.digest, manifest: next.manifest,
                precompression: next.site.settings.precompression)
        } catch {
            throw BuildFailure(next.warnings + [.fileSystem(error, stage: .write)])
        }
        do throws(SiteFiles.Failure) {
            let recorder = session.recorder
            let placements = edited.keys.map { PostPlacement(of: $0, site: next.site, timelines: next.contexts.timelines) }
            let searchChanges = try await writeSearch(&next, search, to: recorder)
            timings.lap(.search)
            let renderer = PageRenderer(contexts: next.contexts, theme: next.theme, searchManifestURL: next.contexts.paths.url(file: next.search.manifestFile))
            // The lists that show an edited post read its card (`ValueWatch`); its own page shows it whole.
            var pages = Set(edited.keys.map { Page.post($0) })
            if searchChanges.manifestChanged { pages.insert(.search) }
            pages.formUnion(reach.pages)
            let reads = try await SiteFiles.makePages(
                Array(pages), renderer: renderer, to: recorder, templates: next.theme.files.location, known: next.pageReads)
            for (file, pairs) in reads { next.pageReads.set(pairs, of: file) }
            timings.lap(.render)
            if let builder = FeedBuilder(contexts: next.contexts) {
                let feeds = Set(placements.flatMap { $0.feeds(entryLimit: next.site.settings.feedEntries) } + reach.feeds)
                try await FeedWriter.write(Array(feeds), builder: builder, to: recorder, outputFolder: output)
            }
            if reach.changesSitemap { try await writeSitemap(of: next, to: recorder) }
            timings.lap(.feeds)
            if let newFiles {
                try await SiteFiles.publishImages(processed: newFiles.processed, originals: newFiles.originals, theme: next.theme, to: recorder)
            }
            for path in searchChanges.removed { recorder.retire(path) }
            for path in Set(reach.retired) where next.manifest[path] != nil { recorder.retire(path) }
            let changes = recorder.recorded()
            var edits = next.edits
            for (path, entry) in changes.entries where next.manifest[path] != entry { edits[path] = entry }
            for path in changes.deleted { edits[path] = .deleted }
            do throws(FileSystem.Failure) {
                if changes.written.isEmpty, changes.deleted.isEmpty, edits == next.edits {
                    session.abandon()
                } else {
                    try session.commitEdit(written: changes.written, deleted: changes.deleted, edits: edits)
                }
            } catch {
                throw SiteFiles.Failure(diagnostics: [.fileSystem(error, stage: .write, doing: "cannot put the edit in place")])
            }
            next.edits = edits
            for path in changes.deleted { next.pageReads.remove(path) }
            return changes
        } catch {
            session.abandon()
            throw BuildFailure(next.warnings + error.diagnostics)
        }
    }

    /// The pages and feeds an edit reaches beyond the edited posts' own places, the files of the
    /// site before it that the site after it no longer has, and whether the sitemap changed.
    struct EditReach {
        var pages: [Page] = []
        var feeds: [FeedFile] = []
        var retired: [String] = []
        var changesSitemap = false
        /// Pages and feeds reached by their files, named in the site after the edit (`name`).
        var pageFiles = Set<String>()
        var feedFiles = Set<String>()

        /// Adds the pages and feeds of `pageFiles` and `feedFiles` that the site after the edit
        /// has (`pages`, every page with its file), and keeps no file it publishes retired.
        mutating func name(_ pages: [(page: Page, file: String)], feedsOf site: LinkedSite) {
            if !pageFiles.isEmpty { self.pages += pages.filter { pageFiles.contains($0.file) }.map(\.page) }
            if !feedFiles.isEmpty { feeds += FeedFile.all(site: site).filter { feedFiles.contains($0.file(in: site)) } }
            if !retired.isEmpty {
                let present = Set(pages.map(\.file))
                retired.removeAll { present.contains($0) }
            }
        }

        /// Adds `pages` and `feeds`, named in `site`, by their files: a later step of the edit
        /// moves the site's indexes (`name` names them again after it).
        mutating func addByFile(_ pages: [Page], _ feeds: [FeedFile], in site: LinkedSite, paths: SitePaths) {
            pageFiles.formUnion(pages.map { $0.location(in: site, paths: paths)?.outputFile ?? SitePaths.notFoundFile })
            feedFiles.formUnion(feeds.map { $0.file(in: site) })
        }

        mutating func add(_ pages: [Page], _ feeds: [FeedFile], retired: [String], changesSitemap: Bool) {
            self.pages += pages
            self.feeds += feeds
            self.retired += retired
            self.changesSitemap = self.changesSitemap || changesSitemap
        }
    }

    /// The image files an edit publishes besides pages, feeds and search files: a new post's
    /// photos and videos, changed avatars; and what the videos stage did for them.
    struct ImageFiles {
        var processed: [(cacheFile: String, outputFile: String)]
        var originals: [(source: String, identity: Digest?, outputFile: String)]
        var videos = VideoPipeline.Statistics()
        /// What the images stage decoded and encoded for them.
        var images = ImagePipeline.Statistics()

        static let empty = ImageFiles(processed: [], originals: [])

        func adding(_ other: ImageFiles) -> ImageFiles {
            ImageFiles(
                processed: processed + other.processed, originals: originals + other.originals, videos: videos.adding(other.videos),
                images: images.adding(other.images))
        }
    }

    /// Puts the tag index of the edited site (whose posts are in place, its tags not yet) in
    /// place when the edit changed it; returns what that reaches, or nil when no tag changed.
    private func replaceTags(_ next: inout BuiltSite) -> TagPlacement? {
        let site = next.site
        let edit = TagIndexEdit(site.tags, tagsOfEdited: tagsOfEdited) { post, key in
            TagIndexEdit.spelling(of: key, inCaption: site.posts[post].caption)
        }
        guard edit.changesIndex else { return nil }
        let placement = edit.changedKeys.isEmpty ? nil : TagPlacement(edit, before: site, paths: next.contexts.paths)
        next.contexts.replaceTags(edit.new)
        return placement
    }

    /// The sitemap of the edited site, and the removal of the parts it no longer has.
    private func writeSitemap(of next: BuiltSite, to recorder: OutputRecorder) async throws(SiteFiles.Failure) {
        let pages = Page.all(site: next.site, timelines: next.contexts.timelines)
        let written = try await FeedWriter.writeSitemap(
            of: pages, contexts: next.contexts, to: recorder, outputFolder: next.options.layout.output, urlLimit: next.options.sitemapURLLimit)
        var part = 1
        while next.manifest[Sitemap.partFile(part)] != nil {
            if !written.contains(Sitemap.partFile(part)) { recorder.retire(Sitemap.partFile(part)) }
            part += 1
        }
    }

    /// The site's warnings with those about the edited posts' folders replaced.
    private func updatedWarnings(_ all: [Diagnostic], options: BuildOptions) -> [Diagnostic] {
        let content = options.layout.content
        let folders = Set(edited.values.map { content.appending(ContentLayout.postFolder($0.id)).shown })
        let userFiles = Set(editedUsers.values.map { content.appending(ContentLayout.userFile($0.user.username)).shown })
        let gone = recordChanges.flatMap(\.goneContent).map { content.appending($0).shown }
        // Reading and linking a post or a user warn about its own files only; other stages' warnings stay,
        // but for content that is gone.
        let kept = all.filter { warning in
            let path = warning.location.path
            if gone.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { return false }
            guard warning.stage == .load || warning.stage == .validate else { return true }
            return !folders.contains(path) && !folders.contains(where: { path.hasPrefix($0 + "/") }) && !userFiles.contains(path)
        }
        return DiagnosticList(kept + warnings.values.flatMap { $0 } + editedUsers.values.flatMap(\.warnings)).sorted
    }

}
