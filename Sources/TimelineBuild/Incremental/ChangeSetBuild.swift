import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem

/// A command-line build after a change the last build's state can take: only files and
/// folders of posts, files of the users folder and albums changed (`BuildState.sinceLastBuild`). The
/// site as the last build left it comes from its site index (`SiteIndex`), without reading a
/// content file or decoding a post no page of the edit shows; the changed posts and users are
/// read, and the change set is applied by the edit build a live session uses (`EditBuild`):
/// the same plan, the same pages, feeds and search files, the same journal. The site index and the input snapshot are saved for the
/// next build; the record cache stays the last whole pass's.
enum ChangeSetBuild {
    /// The report, or nil when the change set is not one an edit build can take (the whole
    /// pass then builds it).
    static func run(_ paths: [String], snapshot: InputSnapshot, state: BuildState, timings: StageTimings) async throws(BuildFailure) -> BuildReport? {
        guard let (report, inputs) = try await applyEdit(paths, snapshot: snapshot, state: state, timings: timings) else { return nil }
        state.saveEdited(report.facts, snapshot: snapshot, edited: inputs)
        return report
    }

    /// Builds the edit and keeps the pending site index; returns the report and the edited post
    /// folders' inputs. The site it built from is gone when this returns, before the snapshot
    /// is written again: at 200,000 posts the two would otherwise add up in the peak.
    private static func applyEdit(_ paths: [String], snapshot: InputSnapshot, state: BuildState, timings: StageTimings) async throws(BuildFailure) -> (
        BuildReport, [String: [RecordCache.Dependency]]
    )? {
        let options = state.options
        let content = options.layout.content
        let changes = paths.map { content.absolute + "/" + $0 }
        // What the input check freed (git's index of every file, the statuses of a fresh clone's
        // every input) goes back before the site index is read: at 200,000 posts, kept in
        // glibc's arenas, it lay under the edit's peak.
        FreedMemory.returnToSystem()
        guard !options.atomic, let records = EditBuild.changedRecords(of: changes, contentRoot: content.absolute),
            let loader = PostFolderLoader(contentFolder: content), let userLoader = UserFileLoader(contentFolder: content),
            var built = await lastBuild(state: state, facts: snapshot.facts)
        else { return nil }
        var changedPosts: [String: PostFolderLoader.Loaded] = [:]
        for name in records.postFolders {
            changedPosts[name] = loader.load(named: name, known: snapshot.contentInputs(at: ContentLayout.postFolder(named: name)))
        }
        var changedUsers: [String: UserFileLoader.Loaded] = [:]
        for name in EditBuild.userFilesToRead(records, site: built.site) {
            changedUsers[name] = userLoader.load(fileNamed: name, known: snapshot.contentInputs(at: ContentLayout.fileInUsersFolder(named: name)))
        }
        guard
            let edit = EditBuild.plan(
                changes, built: built, reading: { changedPosts[$0] ?? (nil, [], nil) }, readingUser: { changedUsers[$0] ?? (nil, [], nil) })
        else { return nil }
        // The albums folder as the edit read it, whole, as a whole pass takes it.
        var albumInputs: [RecordCache.Dependency]?
        if records.touchesAlbums {
            guard let inputs = InputSnapshot.folderInputs(ContentLayout.albumsFolder, content: content.absolute) else { return nil }
            albumInputs = inputs
        }
        // The avatars the read users had: their inputs are taken again with the users'.
        let oldAvatars = changedUsers.keys.compactMap { name in
            built.site.userIndex(named: ContentLayout.username(ofUserFileNamed: name)).flatMap { built.site.users[$0].avatar?.relativePath }
        }
        var timings = timings
        timings.lap(.validate)
        guard let report = try await edit.run(on: &built, timings: timings, pageLimit: EditBuild.pageLimit(forStored: built.site)) else { return nil }
        state.keepPendingSiteIndex(SiteIndex(built))
        state.keepPendingReads(built.pageReads)
        var inputs: [String: [RecordCache.Dependency]] = [:]
        if let albumInputs { inputs[ContentLayout.albumsFolder] = albumInputs }
        for (name, loaded) in changedPosts { inputs[ContentLayout.postFolder(named: name)] = loaded.entry?.dependencies ?? [] }
        // A user's entry also depends on their avatar, which is an input of its own in the snapshot.
        for (name, loaded) in changedUsers {
            let file = ContentLayout.fileInUsersFolder(named: name)
            inputs[file] = (loaded.entry?.dependencies ?? []).filter { $0.path == file }
        }
        // Each avatar a read user had or has now, and each changed file of the users folder, as
        // read now; none for one no user names any more.
        let read = changedUsers.values.flatMap { $0.entry?.dependencies ?? [] }
        let named = Set(built.site.users.compactMap { $0.avatar?.relativePath })
        var avatarFiles = Set(oldAvatars + records.otherUserFolderFiles.map(ContentLayout.fileInUsersFolder(named:)))
        avatarFiles.formUnion(changedUsers.values.compactMap { $0.user?.avatar?.relativePath })
        for file in avatarFiles {
            let inputsNow = read.filter { $0.path == file }
            if inputsNow.isEmpty, named.contains(file) { continue }
            inputs[file] = inputsNow
        }
        return (report, inputs)
    }

    /// The site the last build made, from its site index, with its output's manifest and
    /// edits; nil when any of it cannot be had. The settings and theme are read again (the
    /// snapshot says that they did not change).
    private static func lastBuild(state: BuildState, facts: BuildFacts) async -> BuiltSite? {
        let options = state.options
        let folder = state.folder
        let writer = folder.writer(BuildTool.digest)
        var diagnostics = DiagnosticList()
        let loader = ContentLoader(
            contentFolder: options.layout.content, baseURLOverride: options.baseURL, forcesRelativeURLs: options.relativeURLs,
            precompressOverride: options.precompress)
        guard let settings = loader.loadSettings(into: &diagnostics), !diagnostics.hasErrors else { return nil }
        let (theme, themeDiagnostics) = PreparedSite.loadTheme(options, settings: settings)
        // The site index before the manifest and the reads: its bytes are held only while it is
        // decoded, and at 200,000 posts the three together made the edit's peak.
        guard let theme, !DiagnosticList(themeDiagnostics).hasErrors,
            let (index, contexts) = await SiteIndex.read(
                from: folder.siteIndexFile, writer: state.siteIndexWriter, settings: settings, theme: theme, searchLayout: options.searchLayout),
            let (manifest, edits) = folder.readStoredManifest(writer: writer), let pageReads = state.previousReads()
        else { return nil }
        var built = BuiltSite(
            options: options, contexts: contexts, images: index.images, theme: theme, search: index.search, manifest: manifest,
            pageReads: pageReads, warnings: facts.warnings,
            report: BuildReport(facts, output: options.layout.output.shown, timings: StageTimings(), files: .upToDate(fileCount: facts.fileCount)),
            stateStamp: folder.stamp)
        built.edits = edits
        return built
    }
}
