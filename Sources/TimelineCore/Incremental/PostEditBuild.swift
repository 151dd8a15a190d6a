import CLibXML2

/// The edit build of a live session: when every changed file is the `post.md`,
/// `comments.json` or `likes.json` of a post the site has, and the edit keeps the post's ID,
/// author, photo, alt text and date, only the post's caption, comments and likes changed.
/// What shows those is known without looking at the rest of the site:
///
/// - the post's page, and the pages that list it: its page of the home list, of its author's
///   profile and of the timeline of its author and of each follower whose timeline shows it;
/// - the Atom feeds whose entries include it (the site's, its author's, those timelines') and
///   its comments feed;
/// - its search card and the index lines of the words it gained or lost, and the search page
///   when the index manifest changed.
///
/// Each of those is fingerprinted and compared with the manifest as in any build, so a page
/// whose context did not change is not rendered. Anything else (a new or deleted post, a user,
/// a follow, a photo, a template, `site.json`, an edit that leaves an error) is not an edit
/// build's to make: `plan` returns nil and the session runs a whole build, which also reports
/// every error.
struct PostEditBuild {
    /// The edited posts by index, with the warnings reading and linking each gave.
    let edited: [Int: Post]
    let warnings: [Int: [Diagnostic]]

    /// The edit build for `changes` (absolute paths), or nil when they are not post edits.
    static func plan(_ changes: [String], built: BuiltSite) -> PostEditBuild? {
        let options = built.options
        let contentRoot = options.absolute(options.content)
        // An atomic build swaps in a whole new folder; an edit is put in place file by file.
        guard !changes.isEmpty, !options.atomic, let canonicalRoot = FileSystem.canonicalPath(contentRoot) else { return nil }
        var folders = Set<String>()
        for path in changes {
            guard path.hasPrefix(contentRoot + "/posts/") else { return nil }
            let parts = path.dropFirst(contentRoot.count + "/posts/".count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, PostReader.knownFiles.contains(String(parts[1])) else { return nil }
            folders.insert(String(parts[0]))
        }
        let displayPrefix = options.display(contentRoot)
        let assets = AssetReader(contentRoot: contentRoot, canonicalContentRoot: canonicalRoot, displayPrefix: displayPrefix)
        let reader = PostReader(contentRoot: contentRoot, displayPrefix: displayPrefix, assets: assets)
        let site = built.site
        let resolver = site.exactResolver
        var edited: [Int: Post] = [:]
        var warnings: [Int: [Diagnostic]] = [:]
        for folder in folders {
            guard let index = built.postIndexByID[folder], let id = ContentID(folder) else { return nil }
            let old = site.posts[index]
            let relative = "posts/" + folder
            // Any other file in the folder is something a whole build must look at.
            guard let names = try? FileSystem.entries(of: contentRoot + "/" + relative),
                names.allSatisfy({ PostReader.knownFiles.contains($0) || relative + "/" + $0 == old.photo.relativePath }),
                !([relative] + names.map { relative + "/" + $0 }).contains(where: assets.leavesContent)
            else { return nil }
            let (read, problems) = reader.read(id: id, folder: relative)
            guard let post = read, !problems.contains(where: { $0.severity == .error }), post.id == old.id,
                post.author.username == old.author.username, post.photo == old.photo, post.alt == old.alt, post.date == old.date
            else { return nil }
            var diagnostics = DiagnosticList(problems)
            SiteLinker.check(post, resolver: resolver, diagnostics: &diagnostics)
            guard !diagnostics.hasErrors, !(options.strict && !diagnostics.all.isEmpty) else { return nil }
            edited[index] = post
            warnings[index] = diagnostics.all
        }
        return PostEditBuild(edited: edited, warnings: warnings)
    }

    /// Builds the edit into the output folder through the journal and changes `next` into the
    /// site as it now is, in place: the session hands it over whole, so that no array of the
    /// site (nor the manifest of every output file) is copied. After a failure it is not used.
    func run(on next: inout BuiltSite) async throws(BuildFailure) -> BuildReport {
        var timings = StageTimings()
        let options = next.options
        let output = options.absolute(options.output)
        let state = BuildStateFolder(cacheRoot: options.absolute(options.cache), outputRoot: output)
        let oldTerms = Dictionary(uniqueKeysWithValues: edited.keys.map { ($0, SiteSearchCollections.postTerms(next.site.posts[$0])) })
        next.contexts.replacePosts(edited)
        next.warnings = updatedWarnings(next.warnings, options: options)
        timings.lap(.validate)

        let destination: StagedOutput
        do {
            try OutputSession.recover(outputRoot: output, state: state)
            destination = try StagedOutput.pending(outputRoot: output)
        } catch {
            throw BuildFailure(next.warnings + [.error(.outputError, stage: .write, at: SourceLocation(path: error.path), error.description)])
        }
        do throws(SiteWriter.Failure) {
            let (changes, removed) = try await write(&next, oldTerms: oldTerms, to: destination, output: output, timings: &timings)
            let deleted = removed.filter { changes.entries[$0] == nil }.sorted()
            try commit(changes, deleted: deleted, into: &next, destination: destination, state: state, output: output)
            timings.lap(.write)
            let last = next.report
            let report = BuildReport(
                pageCount: last.pageCount, fileCount: next.manifest.count, userCount: last.userCount, postCount: last.postCount,
                seconds: timings.total, output: last.output, basePath: last.basePath, warnings: next.warnings, images: last.images,
                search: next.search.statistics, timings: timings,
                files: BuildReport.Files(mode: .edit, written: changes.written.count, unchanged: changes.unchanged, deleted: deleted.count))
            next.report = report
            return report
        } catch {
            destination.abandon()
            throw BuildFailure(next.warnings + error.diagnostics)
        }
    }

    /// The search files, pages and feeds that show the edited posts, each made and written
    /// only when what it is made from changed. The recorder, which holds the manifest as the
    /// last build left it, is gone when this returns, so the manifest can change in place.
    private func write(
        _ next: inout BuiltSite, oldTerms: [Int: Set<String>], to destination: StagedOutput, output: String, timings: inout StageTimings
    ) async throws(SiteWriter.Failure) -> (OutputChanges, removed: [String]) {
        let recorder = OutputRecorder(previous: next.manifest, destination: destination)
        let options = next.options
        let searchChanges = try writeSearch(&next, oldTerms: oldTerms, to: recorder)
        timings.lap(.search)
        let renderer = PageRenderer(contexts: next.contexts, theme: next.theme, searchManifestURL: next.contexts.paths.url(file: next.search.manifestFile))
        var pages = Array(pagesShowingEdits(in: next))
        if searchChanges.manifestChanged { pages.append(.search) }
        try await SiteWriter.writePages(pages, renderer: renderer, to: recorder, templatesDisplay: options.display(next.theme.root))
        timings.lap(.render)
        try await writeFeeds(next.contexts, to: recorder, outputDisplay: options.display(output))
        timings.lap(.feeds)
        return (recorder.recorded(), searchChanges.removed)
    }

    /// The site's warnings with those about the edited posts' folders replaced.
    private func updatedWarnings(_ all: [Diagnostic], options: BuildOptions) -> [Diagnostic] {
        let prefix = options.display(options.absolute(options.content)) + "posts/"
        let folders = Set(edited.values.map { prefix + $0.id.rawValue })
        // Reading and linking a post warn about its own files only; other stages' warnings stay.
        let kept = all.filter { warning in
            let path = warning.location.path
            guard warning.stage == .load || warning.stage == .validate else { return true }
            return !folders.contains(path) && !folders.contains(where: { path.hasPrefix($0 + "/") })
        }
        return DiagnosticList(kept + warnings.values.flatMap { $0 }).sorted
    }

    /// Every page that shows an edited post's own values.
    private func pagesShowingEdits(in built: BuiltSite) -> Set<Page> {
        let site = built.site
        let pageSize = site.settings.pageSize
        var pages = Set<Page>()
        for index in edited.keys {
            let author = site.postAuthor[index]
            pages.insert(.post(index))
            pages.insert(.home(page: index / pageSize + 1))
            if let position = PageRenderer.binarySearch(site.postsByUser[author], for: index) {
                pages.insert(.profile(user: author, page: position / pageSize + 1))
            }
            for user in [author] + site.followers[author] {
                if let position = PageRenderer.binarySearch(built.contexts.timelines.feeds[user], for: index) {
                    pages.insert(.feed(user: user, page: position / pageSize + 1))
                }
            }
        }
        return pages
    }

    /// The feeds whose entries include an edited post, and each edited post's comments feed.
    private func writeFeeds(_ contexts: PageContexts, to output: OutputRecorder, outputDisplay: String) async throws(SiteWriter.Failure) {
        guard let builder = FeedBuilder(contexts: contexts) else { return }
        xmlInitParser()
        let site = contexts.site
        let limit = site.settings.feedEntries
        var feeds = Set<FeedFile>()
        for index in edited.keys {
            let author = site.postAuthor[index]
            feeds.insert(.comments(post: index))
            if index < limit { feeds.insert(.site) }
            if let position = PageRenderer.binarySearch(site.postsByUser[author], for: index), position < limit { feeds.insert(.posts(user: author)) }
            for user in [author] + site.followers[author] {
                if let position = PageRenderer.binarySearch(contexts.timelines.feeds[user], for: index), position < limit { feeds.insert(.timeline(user: user)) }
            }
        }
        try await FeedWriter.write(Array(feeds), builder: builder, to: output, outputDisplay: outputDisplay)
    }

    /// The post collection's index with the edited posts' terms and cards changed, and the
    /// manifest when that changed it.
    private func writeSearch(_ next: inout BuiltSite, oldTerms: [Int: Set<String>], to output: OutputRecorder) throws(SiteWriter.Failure) -> (removed: [String], manifestChanged: Bool) {
        let collections = SiteSearchCollections.make(site: next.site, images: next.images, captionText: next.contexts.captionText, paths: next.contexts.paths)
        guard let posts = collections.first(where: { $0.name == "posts" }) else { return ([], false) }
        let (changes, manifestChanged) = next.search.replaceDocuments(edited.keys.sorted(), oldTerms: oldTerms, in: posts)
        do {
            for file in changes.files { try output.file(file.path, bytes: file.bytes) }
        } catch {
            throw SiteWriter.Failure(diagnostics: [.error(.outputError, stage: .search, at: SourceLocation(path: error.path), error.description)])
        }
        return (changes.removed, manifestChanged)
    }

    /// Moves the written files into the output folder and deletes the deleted ones through an
    /// edit journal, recording their entries in the manifest's edits file.
    private func commit(
        _ changes: OutputChanges, deleted: [String], into next: inout BuiltSite, destination: StagedOutput, state: BuildStateFolder, output: String
    ) throws(SiteWriter.Failure) {
        var edits = next.edits
        for (path, entry) in changes.entries where next.manifest[path] != entry {
            next.manifest[path] = entry
            edits[path] = entry
        }
        for path in deleted {
            next.manifest[path] = nil
            edits[path] = .deleted
        }
        do throws(FileSystem.Failure) {
            if changes.written.isEmpty, deleted.isEmpty {
                destination.abandon()
                if edits != next.edits { try BuildManifest(tool: BuildTool.digest, entries: edits).write(to: state.editsFile) }
            } else {
                let journal = OutputJournal(kind: .edit, written: changes.written, deleted: deleted)
                try journal.checkWritable(outputRoot: output)
                try BuildManifest(tool: BuildTool.digest, entries: edits).write(to: state.nextEditsFile)
                try FileSystem.writeAtomically(state.journalFile, bytes: journal.encoded())
                try OutputSession.recover(outputRoot: output, state: state)
            }
        } catch {
            throw SiteWriter.Failure(diagnostics: [.error(.outputError, stage: .write, at: SourceLocation(path: error.path), "cannot put the edit in place: \(error.description)")])
        }
        next.edits = edits
        next.stateStamp = state.stamp
    }
}
