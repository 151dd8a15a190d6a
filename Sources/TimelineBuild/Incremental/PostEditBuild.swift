import CLibXML2
import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// The edit build of a live session: when every changed file is the `post.md`,
/// `comments.json` or `likes.json` of a post the site has, and the edit keeps the post's ID,
/// author, photo, alt text and date, only the post's caption, comments and likes changed.
/// What shows those is known without looking at the rest of the site:
///
/// - the post's page, and the pages that list it: its page of the home list, of its author's
///   profile, of the timeline of its author and of each follower whose timeline shows it, and
///   of each of its tags;
/// - the Atom feeds whose entries include it (the site's, its author's, those timelines',
///   its tags') and its comments feed;
/// - its search card and the index lines of the words it gained or lost, and the search page
///   when the index manifest changed;
/// - when the caption gained or dropped a hashtag, or changed how the newest post of a tag
///   writes it: the tag index as `TagIndexEdit` works it out, every page and the feed of each
///   tag that changed, the tags page, the sitemap when tag pages came or went, and the
///   removal of the pages and feed of a tag that is gone (`TagPlacement`).
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
    /// The edited posts' hashtags, each once, in caption order.
    let tagsOfEdited: [Int: [(key: String, spelling: String)]]

    /// The post folders `changes` (absolute paths) are in, or nil when one is not a post's file
    /// or folder.
    static func postFolders(of changes: [String], contentRoot: String) -> Set<String>? {
        var folders = Set<String>()
        for path in changes {
            switch SitePath.relative(path, to: contentRoot).flatMap(ContentLayout.place(of:)) {
            case .postFile(_, let folder)?, .postFolder(let folder)?: folders.insert(folder)
            default: return nil
            }
        }
        return folders
    }

    /// The edit build for `changes` (absolute paths of changed files and folders), or nil when
    /// they are not post edits. `reading` reads a post folder by name (by default now, with
    /// `PostFolderLoader`; a caller that read them already hands them over).
    static func plan(_ changes: [String], built: BuiltSite, reading: ((String) -> PostFolderLoader.Loaded)? = nil) -> PostEditBuild? {
        let options = built.options
        let content = options.layout.content
        let contentRoot = content.absolute
        // An atomic build swaps in a whole new folder; an edit is put in place file by file.
        guard !changes.isEmpty, !options.atomic, let folders = postFolders(of: changes, contentRoot: contentRoot) else { return nil }
        let readPost: (String) -> PostFolderLoader.Loaded
        if let reading {
            readPost = reading
        } else {
            guard let loader = PostFolderLoader(contentFolder: content) else { return nil }
            readPost = { loader.load(named: $0, known: []) }
        }
        let site = built.site
        let resolver = site.exactResolver
        var edited: [Int: Post] = [:]
        var warnings: [Int: [Diagnostic]] = [:]
        var tagsOfEdited: [Int: [(key: String, spelling: String)]] = [:]
        for folder in folders {
            guard let id = ContentID(folder), let index = site.postIndex(of: id) else { return nil }
            let old = site.posts[index]
            let relative = ContentLayout.postFolder(named: folder)
            // Any other file in the folder is something a whole build must look at.
            guard let names = try? FileSystem.entries(of: contentRoot + "/" + relative),
                names.allSatisfy({ name in
                    ContentLayout.postFolderFileNames.contains(name) || old.photos.contains { $0.asset.relativePath == relative + "/" + name }
                })
            else { return nil }
            let (read, problems, entry) = readPost(folder)
            guard let post = read, entry != nil, !problems.contains(where: { $0.severity == .error }), post.id == old.id,
                post.author.username == old.author.username, post.photos == old.photos, post.date == old.date, post.extra == old.extra
            else { return nil }
            let references = post.caption.map(Markdown.references) ?? (hashtags: [], mentions: [])
            var diagnostics = DiagnosticList(problems)
            SiteLinker.check(post, resolver: resolver, diagnostics: &diagnostics)
            diagnostics.append(contentsOf: TagIndex.unknownMentions(references.mentions, of: post, site: site))
            guard !diagnostics.hasErrors, !(options.strict && !diagnostics.all.isEmpty) else { return nil }
            edited[index] = post
            warnings[index] = diagnostics.all
            tagsOfEdited[index] = TagIndex.uniqueTags(references.hashtags)
        }
        return PostEditBuild(edited: edited, warnings: warnings, tagsOfEdited: tagsOfEdited)
    }

    /// Builds the edit into the output folder through the journal and changes `next` into the
    /// site as it now is, in place: the session hands it over whole, so that no array of the
    /// site (nor the manifest of every output file) is copied. After a failure it is not used.
    func run(on next: inout BuiltSite, timings: StageTimings = StageTimings()) async throws(BuildFailure) -> BuildReport {
        var timings = timings
        let options = next.options
        let oldTerms = Dictionary(uniqueKeysWithValues: edited.keys.map { ($0, SiteSearchCollections.postTerms(ofPost: $0, in: next.site)) })
        next.contexts.replacePosts(edited)
        let tagPlacement = replaceTags(&next)
        next.warnings = updatedWarnings(next.warnings, options: options)
        timings.lap(.validate)
        let changes = try await write(&next, oldTerms: oldTerms, tags: tagPlacement, timings: &timings)
        for (path, entry) in changes.entries { next.manifest[path] = entry }
        for path in changes.deleted { next.manifest[path] = nil }
        next.stateStamp = BuildStateFolder(options: options).stamp
        timings.lap(.write)
        var facts = next.report.facts
        facts.fileCount = next.manifest.count
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
    private func write(_ next: inout BuiltSite, oldTerms: [Int: Set<String>], tags: TagPlacement?, timings: inout StageTimings) async throws(BuildFailure)
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
            let searchChanges = try writeSearch(&next, oldTerms: oldTerms, to: recorder)
            timings.lap(.search)
            let renderer = PageRenderer(contexts: next.contexts, theme: next.theme, searchManifestURL: next.contexts.paths.url(file: next.search.manifestFile))
            var pages = Set(placements.flatMap { $0.pages(pageSize: next.site.settings.pageSize) })
            if searchChanges.manifestChanged { pages.insert(.search) }
            pages.formUnion(tags?.pages ?? [])
            try await SiteFiles.makePages(Array(pages), renderer: renderer, to: recorder, templates: next.theme.files.location)
            timings.lap(.render)
            if let builder = FeedBuilder(contexts: next.contexts) {
                xmlInitParser()
                let feeds = Set(placements.flatMap { $0.feeds(entryLimit: next.site.settings.feedEntries) } + (tags?.feeds ?? []))
                try await FeedWriter.write(Array(feeds), builder: builder, to: recorder, outputFolder: output)
            }
            if let tags, tags.changesSitemap { try await writeSitemap(of: next, to: recorder) }
            timings.lap(.feeds)
            for path in searchChanges.removed { recorder.retire(path) }
            for path in tags?.retired ?? [] where next.manifest[path] != nil { recorder.retire(path) }
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
            return changes
        } catch {
            session.abandon()
            throw BuildFailure(next.warnings + error.diagnostics)
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
        let folders = Set(edited.values.map { options.layout.content.appending(ContentLayout.postFolder($0.id)).shown })
        // Reading and linking a post warn about its own files only; other stages' warnings stay.
        let kept = all.filter { warning in
            let path = warning.location.path
            guard warning.stage == .load || warning.stage == .validate else { return true }
            return !folders.contains(path) && !folders.contains(where: { path.hasPrefix($0 + "/") })
        }
        return DiagnosticList(kept + warnings.values.flatMap { $0 }).sorted
    }

    /// The post collection's index with the edited posts' terms and cards changed, and the
    /// manifest when that changed it.
    private func writeSearch(_ next: inout BuiltSite, oldTerms: [Int: Set<String>], to output: OutputRecorder) throws(SiteFiles.Failure) -> (
        removed: [String], manifestChanged: Bool
    ) {
        let posts = SiteSearchCollections.posts(images: next.images, contexts: next.contexts)
        let (changes, manifestChanged) = next.search.replaceDocuments(edited.keys.sorted(), oldTerms: oldTerms, in: posts)
        for file in changes.files { try output.file(file.path, bytes: file.bytes, stage: .search) }
        return (changes.removed, manifestChanged)
    }
}
