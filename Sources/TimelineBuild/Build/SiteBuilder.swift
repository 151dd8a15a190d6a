import Foundation
import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineTemplates

/// The pipeline: load → validate and link → timelines → render → feeds → write. `check` runs
/// the stages that can find errors and writes nothing; `build` runs them all.
public enum SiteBuilder {
    public static func check(_ options: BuildOptions) async throws(BuildFailure) -> CheckReport {
        let prepared = try await prepare(options)
        let site = prepared.site
        return CheckReport(
            basePath: site.settings.basePath, relativeURLs: site.settings.relativeURLs, userCount: site.users.count, postCount: site.posts.count,
            commentCount: site.posts.reduce(0) { $0 + $1.comments.count },
            likeCount: site.posts.reduce(0) { $0 + $1.likes.count }, warnings: prepared.warnings)
    }

    public static func build(_ options: BuildOptions) async throws(BuildFailure) -> BuildReport {
        try await run(options, keepingSite: false).report
    }

    /// A build; with `keepingSite` (a live session), never the up-to-date shortcut, and the
    /// built site is returned for edit builds to start from.
    static func run(_ options: BuildOptions, keepingSite: Bool) async throws(BuildFailure) -> (report: BuildReport, site: BuiltSite?) {
        var timings = StageTimings()
        let buildStart = WallClock.nanoseconds
        let output = options.absolute(options.output)
        let state = BuildStateFolder(options: options)
        if !options.clean, !keepingSite, let report = await upToDateReport(options: options, state: state, output: output) {
            timings.lap(.validate)
            return (report.with(timings: timings), nil)
        }
        let stableBefore = buildStart - options.racyWindowNanoseconds
        let prepared = try await prepareKeepingState(options, state: state, stableBefore: stableBefore)
        // Put in place at the end of a complete build; any other way out leaves the old one.
        defer { try? FileSystem.removeFileIfPresent(state.pendingRecordsFile) }
        endStage(&timings, .validate)
        let site = prepared.site
        var warnings = prepared.warnings

        let images = try await processImages(site: site, options: options, warnings: &warnings)
        endStage(&timings, .images)

        options.progress?(BuildProgress(stage: .timelines, message: "merging \(site.users.count) timelines"))
        let timelines = await Timelines.build(for: site)
        endStage(&timings, .timelines)

        options.progress?(BuildProgress(stage: .render, message: "preparing page contexts"))
        let contexts = await PageContexts.prepare(site: site, timelines: timelines, images: images, theme: prepared.theme)
        let pages = Page.all(site: site, timelines: timelines)
        endStage(&timings, .render)

        let session: OutputSession
        do {
            session = try OutputSession.begin(
                outputRoot: output, state: state, tool: BuildTool.digest, clean: options.clean, atomic: options.atomic,
                precompression: site.settings.precompression)
        } catch {
            throw BuildFailure(warnings + [.error(.outputError, stage: .write, at: SourceLocation(path: error.path), error.description)])
        }
        let recorder = session.recorder
        do throws(SiteFiles.Failure) {
            options.progress?(BuildProgress(stage: .search, message: "indexing \(site.posts.count) posts and \(site.users.count) users"))
            var search = try await writeSearchIndex(site: site, images: images, contexts: contexts, layout: options.searchLayout, to: recorder)
            if !keepingSite { search.releaseCollections() }
            endStage(&timings, .search)
            options.progress?(BuildProgress(stage: .render, message: "rendering and writing \(pages.count) pages"))
            try await SiteFiles.makePages(
                pages, renderer: PageRenderer(contexts: contexts, theme: prepared.theme, searchManifestURL: contexts.paths.url(file: search.manifestFile)),
                to: recorder, templatesDisplay: options.display(prepared.theme.root))
            endStage(&timings, .render)
            options.progress?(BuildProgress(stage: .write, message: "publishing images and theme assets"))
            let fileCount = try await SiteFiles.publishFiles(images: images, theme: prepared.theme, to: recorder)
            endStage(&timings, .write)
            options.progress?(BuildProgress(stage: .feeds, message: "writing feeds, the sitemap and robots.txt"))
            let feedFileCount = try await FeedWriter.write(
                contexts: contexts, pages: pages, to: recorder, outputDisplay: options.display(output), sitemapURLLimit: options.sitemapURLLimit)
            let hostFileCount = try HostFiles.write(settings: site.settings, images: images, to: recorder)
            endStage(&timings, .feeds)
            let changes: OutputChanges
            do throws(FileSystem.Failure) {
                changes = try await session.commit()
            } catch {
                throw SiteFiles.Failure(diagnostics: [
                    .error(
                        .outputError, stage: .write, at: SourceLocation(path: options.display(output)), "cannot put the new site in place: \(error.description)"
                    )
                ])
            }
            let saved = SavedReport(
                pageCount: pages.count, fileCount: changes.entries.count, userCount: site.users.count, postCount: site.posts.count,
                basePath: site.settings.basePath, warnings: warnings, images: images.statistics, search: search.statistics)
            saveInputSnapshot(options: options, state: state, report: saved, content: prepared.contentInputs, stableBefore: stableBefore)
            if FileSystem.kind(of: state.pendingRecordsFile) == .file, (try? FileSystem.rename(state.pendingRecordsFile, to: state.recordsFile)) == nil {
                try? FileSystem.removeFileIfPresent(state.recordsFile)
            }
            endStage(&timings, .write)
            let report = BuildReport(
                pageCount: pages.count, fileCount: pages.count + fileCount + feedFileCount + hostFileCount + search.statistics.fileCount,
                userCount: site.users.count,
                postCount: site.posts.count, seconds: timings.total, output: options.display(output), basePath: site.settings.basePath, warnings: warnings,
                images: images.statistics,
                search: search.statistics, timings: timings,
                files: BuildReport.Files(
                    mode: session.mode == .clean ? .clean : .incremental, written: changes.written.count, unchanged: changes.unchanged,
                    deleted: changes.deleted.count))
            guard keepingSite else { return (report, nil) }
            let built = BuiltSite(
                options: options, contexts: contexts, images: images, theme: prepared.theme, search: search, manifest: changes.entries,
                warnings: warnings, report: report, stateStamp: state.stamp)
            return (report, built)
        } catch {
            session.abandon()
            throw BuildFailure(warnings + error.diagnostics)
        }
    }

    /// The report of the last build when no input, option or tool changed since it and its
    /// output is complete: nothing to do.
    static func upToDateReport(options: BuildOptions, state: BuildStateFolder, output: String) async -> BuildReport? {
        guard FileSystem.kind(of: state.journalFile) == .missing, FileSystem.kind(of: state.manifestFile) == .file,
            FileSystem.resolvedKind(of: output) == .directory, let bytes = try? FileSystem.readBytes(state.inputsFile),
            let snapshot = try? InputSnapshot.decode(bytes), await snapshot.isCurrent(options: options.fingerprint)
        else { return nil }
        let saved = snapshot.report
        return BuildReport(
            pageCount: saved.pageCount, fileCount: saved.fileCount, userCount: saved.userCount, postCount: saved.postCount, seconds: 0,
            output: options.display(output), basePath: saved.basePath, warnings: saved.warnings, images: saved.images, search: saved.search,
            timings: StageTimings(), files: BuildReport.Files(mode: .upToDate, written: 0, unchanged: saved.fileCount, deleted: 0))
    }

    /// Records the inputs of a build that completed, for the next build's up-to-date check; a
    /// snapshot that cannot be trusted or written is removed, which only costs that check.
    static func saveInputSnapshot(options: BuildOptions, state: BuildStateFolder, report: SavedReport, content: InputSnapshot.Tree?, stableBefore: Int64) {
        guard let content,
            let snapshot = InputSnapshot.capture(
                content: content, templates: options.absolute(options.templates), options: options.fingerprint, report: report,
                stableBefore: stableBefore),
            (try? snapshot.write(to: state.inputsFile)) != nil
        else {
            try? FileSystem.removeFileIfPresent(state.inputsFile)
            return
        }
    }

    /// The images stage: libvips and the persistent cache, or the originals as they are when
    /// the site turns processing off.
    static func processImages(site: LinkedSite, options: BuildOptions, warnings: inout [Diagnostic]) async throws(BuildFailure) -> PublishedImages {
        let contentRoot = options.absolute(options.content)
        guard site.settings.images.process else { return .unprocessed(site: site, contentRoot: contentRoot) }
        options.progress?(BuildProgress(stage: .images, message: "processing \(site.posts.count) photos"))
        let cacheRoot = options.absolute(options.cache)
        let (result, diagnostics) = await ImagePipeline.run(
            site: site, contentRoot: contentRoot, contentDisplay: options.display(contentRoot), cache: ImageCache(root: cacheRoot),
            cacheDisplay: options.display(cacheRoot))
        let list = options.strict ? DiagnosticList(diagnostics).strict() : DiagnosticList(diagnostics)
        warnings = DiagnosticList(warnings + list.all).sorted
        guard let result, !list.hasErrors else { throw BuildFailure(warnings) }
        return .processed(result, site: site, contentRoot: contentRoot)
    }

    /// The search stage: the post and user indexes, written into the staging folder.
    static func writeSearchIndex(
        site: LinkedSite, images: PublishedImages, contexts: PageContexts, layout: SearchLayout, to output: OutputRecorder
    ) async throws(SiteFiles.Failure) -> SearchIndex {
        let collections = SiteSearchCollections.make(
            site: site, images: images, captionText: contexts.captionText, paths: contexts.paths, localizer: contexts.localizer)
        do {
            return try await SearchIndexBuilder.write(collections, layout: layout) { file throws(FileSystem.Failure) in
                try output.file(file.path, bytes: file.bytes)
            }
        } catch {
            throw SiteFiles.Failure(diagnostics: [.error(.outputError, stage: .search, at: SourceLocation(path: error.path), error.description)])
        }
    }

    /// Writes the records read, for the next build's load, as the pending record cache (unless
    /// they are those it started from, when there is none); one that cannot be written only
    /// costs parsing.
    static func savePendingRecords(_ records: RecordCache, previous: RecordCache?, state: BuildStateFolder, stableBefore: Int64) {
        let unchanged = previous.map { records.hasSameEntries(as: $0) } ?? false
        // The state folder is made here, before any other state file: a first build has none.
        if unchanged || (try? FileSystem.makeDirectories(state.folder)) == nil
            || (try? records.keepingOnlyStable(before: stableBefore).write(to: state.pendingRecordsFile)) == nil
        {
            try? FileSystem.removeFileIfPresent(state.pendingRecordsFile)
        }
    }

    /// What a build goes on with once the content is loaded.
    struct Loaded {
        let site: LinkedSite
        let theme: Theme
        let warnings: [Diagnostic]
        /// The content's inputs for the up-to-date check, nil when they cannot be trusted.
        let contentInputs: InputSnapshot.Tree?
    }

    /// The end of one of a whole build's stages: what it freed goes back to the system before
    /// the next starts (`FreedMemory`), then its time and the peak so far are noted. Not for the
    /// up-to-date check or a live session's edit builds, which free little and run often.
    private static func endStage(_ timings: inout StageTimings, _ stage: BuildStage) {
        FreedMemory.returnToSystem()
        timings.lap(stage)
    }

    /// `prepare`, starting from the last build's record cache; then the records are written as
    /// the pending record cache and the content's inputs noted, so that the build does not hold
    /// the records (at 200,000 posts, a fifth of its memory) while it renders.
    static func prepareKeepingState(_ options: BuildOptions, state: BuildStateFolder, stableBefore: Int64) async throws(BuildFailure) -> Loaded {
        let previousRecords = options.clean ? nil : RecordCache.read(from: state.recordsFile)
        let prepared = try await prepare(options, reusing: previousRecords)
        let records = prepared.records
        let site = prepared.site
        let complete = records.users.count == site.users.count && records.posts.count == site.posts.count
        let contentInputs = complete ? InputSnapshot.captureContent(options.absolute(options.content), records: records) : nil
        savePendingRecords(records, previous: previousRecords, state: state, stableBefore: stableBefore)
        return Loaded(site: site, theme: prepared.theme, warnings: prepared.warnings, contentInputs: contentInputs)
    }

    struct Prepared {
        let site: LinkedSite
        let theme: Theme
        /// The records as read, for the next build's record cache.
        let records: RecordCache
        let warnings: [Diagnostic]
    }

    /// Load, validate and link, and load the theme, collecting every problem before giving up.
    static func prepare(_ options: BuildOptions, reusing previousRecords: RecordCache? = nil) async throws(BuildFailure) -> Prepared {
        let content = options.absolute(options.content)
        let templates = options.absolute(options.templates)
        var diagnostics = DiagnosticList()
        if let problem = OutputLocationCheck.problem(
            output: options.absolute(options.output), siteRoot: options.absoluteSiteRoot, content: content, templates: templates,
            cache: options.absolute(options.cache))
        {
            throw BuildFailure([
                .error(.unsafeOutputLocation, stage: .write, at: SourceLocation(path: options.display(options.absolute(options.output))), problem)
            ])
        }

        options.progress?(BuildProgress(stage: .load, message: "reading \(options.display(content))"))
        let loader = ContentLoader(
            contentRoot: content, displayPrefix: options.display(content), baseURLOverride: options.baseURL, forcesRelativeURLs: options.relativeURLs,
            precompressOverride: options.precompress)
        let (loaded, loadDiagnostics, records) = await loader.load(reusing: previousRecords)
        diagnostics.append(contentsOf: loadDiagnostics)

        let settings = loaded?.settings
        let (theme, themeDiagnostics) = Theme.load(
            from: templates, displayPrefix: options.display(templates), language: settings?.language ?? ThemeTranslations.defaultLanguage,
            timeZone: settings.flatMap { TimeZone(identifier: $0.timeZone) } ?? .gmt, languageLocation: settings?.languageLocation)
        diagnostics.append(contentsOf: themeDiagnostics)

        var linked: LinkedSite?
        if let loaded {
            options.progress?(BuildProgress(stage: .validate, message: "checking \(loaded.users.count) users and \(loaded.posts.count) posts"))
            let (site, linkDiagnostics) = SiteLinker.link(loaded)
            diagnostics.append(contentsOf: linkDiagnostics)
            if var site {
                let (tags, mentionDiagnostics) = await TagIndex.build(site: site)
                site.tags = tags
                diagnostics.append(contentsOf: mentionDiagnostics)
                linked = site
            }
            if loaded.settings.baseURL == nil {
                diagnostics.append(
                    .warning(
                        .missingBaseURL, stage: .feeds, at: SourceLocation(path: options.display(content) + "site.json"),
                        "no baseURL, so the Atom feeds, the sitemap and the share tags that need absolute URLs are skipped; set \"baseURL\" (e.g. \"https://example.org/photos/\") or pass --base-url"
                    ))
            }
        }
        if options.strict { diagnostics = diagnostics.strict() }
        let sorted = diagnostics.sorted
        guard !diagnostics.hasErrors, let linked, let theme else { throw BuildFailure(sorted) }
        return Prepared(site: linked, theme: theme, records: records, warnings: sorted)
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
