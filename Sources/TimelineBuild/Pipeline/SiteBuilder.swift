import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem

/// The pipeline: load → validate and link → images → timelines → render, search, feeds →
/// write. `check` runs the stages that can find errors and writes nothing; `build` runs them all.
public enum SiteBuilder {
    public static func check(_ options: BuildOptions) async throws(BuildFailure) -> CheckReport {
        CheckReport(try await PreparedSite.prepare(options).prepared)
    }

    public static func build(_ options: BuildOptions) async throws(BuildFailure) -> BuildReport {
        try await run(options, keepingSite: false).report
    }

    /// A build: without `keepingSite`, the up-to-date shortcut when nothing changed, or an edit
    /// build when only files of posts and users did (`ChangeSetBuild`), else the whole pass;
    /// with it (a live session), always the whole pass, and the built site is returned for edit
    /// builds to start from.
    /// `knownReads`: what the pages of the output folder read, when the caller knows better than
    /// the state (a live session, whose edit builds changed pages since the last whole pass).
    static func run(_ options: BuildOptions, keepingSite: Bool, knownReads: PageReads? = nil) async throws(BuildFailure) -> (
        report: BuildReport, site: BuiltSite?
    ) {
        let state = BuildState(options: options, startedAt: WallClock.nanoseconds)
        var timings = StageTimings()
        let layout = options.layout
        defer { state.discardPendingRecords() }
        if !options.clean, !keepingSite {
            switch await state.sinceLastBuild() {
            case .upToDate(let facts):
                timings.lap(.validate)
                return (BuildReport(facts, output: layout.output.shown, timings: timings, files: .upToDate(fileCount: facts.fileCount)), nil)
            case .changed(let paths, let snapshot):
                if let report = try await ChangeSetBuild.run(paths, snapshot: snapshot, state: state, timings: timings) { return (report, nil) }
            case .unknown:
                break
            }
        }

        // What a killed import or authoring command staged and never put in place. Not before
        // the up-to-date check, which it would slow by a listing of the posts folder: a leftover
        // is a new name there, whose hidden path no edit build takes, so it comes to this pass.
        StagingLeftovers.remove(inContent: layout.content.absolute)
        let (prepared, contentInputs) = try await PreparedSite.prepare(keepingStateIn: state)
        var warnings = prepared.warnings
        endStage(&timings, .validate)
        let (images, videos, timelines, contexts) = try await assemble(prepared, options: options, warnings: &warnings, timings: &timings)
        let site = prepared.site
        let pages = Page.all(site: site, timelines: timelines)

        let session = try beginOutput(state, settings: site.settings, warnings: warnings)
        var search: SearchIndex
        var pageReads = PageReads()
        let changes: OutputChanges
        do throws(SiteFiles.Failure) {
            let output = session.recorder
            options.announce(.search, "indexing \(site.posts.count) posts and \(site.users.count) users")
            search = try await SiteSearchFiles.make(site: site, images: images, contexts: contexts, layout: options.searchLayout, to: output)
            // Not while the pages render: its search collections would be held through the render
            // peak (68 MiB more at 200,000 posts) for a hundredth of the time at 20,000.
            state.keepPendingSiteIndex(SiteIndex(site: site, timelines: timelines, images: images, postDates: contexts.postDates, search: search))
            if !keepingSite { search.releaseCollections() }
            endStage(&timings, .search)

            options.announce(.render, "rendering and writing \(pages.count) pages")
            // The renderer is made in the call, so that its fragments go as soon as the pages are made.
            let reads = PageReads(
                files: try await SiteFiles.makePages(
                    pages,
                    renderer: PageRenderer(contexts: contexts, theme: prepared.theme, searchManifestURL: contexts.paths.url(file: search.manifestFile)),
                    to: output, templates: prepared.theme.files.location,
                    known: options.clean ? PageReads() : knownReads ?? state.previousReads() ?? PageReads()))
            state.keepPendingReads(reads)
            pageReads = reads
            endStage(&timings, .render)

            options.announce(.write, "publishing images and theme assets")
            try await SiteFiles.publishFiles(images: images, theme: prepared.theme, to: output)
            endStage(&timings, .write)

            options.announce(.feeds, "writing feeds, the sitemap and robots.txt")
            try await FeedWriter.write(contexts: contexts, pages: pages, to: output, outputFolder: layout.output, sitemapURLLimit: options.sitemapURLLimit)
            try HostFiles.write(settings: site.settings, images: images, to: output)
            endStage(&timings, .feeds)

            changes = try await commit(session, outputFolder: layout.output)
        } catch {
            session.abandon()
            throw BuildFailure(warnings + error.diagnostics)
        }

        let facts = BuildFacts(
            pageCount: pages.count, fileCount: changes.entries.count, userCount: site.users.count, postCount: site.posts.count,
            basePath: site.settings.basePath, baseURL: site.settings.baseURL, warnings: warnings, images: images.statistics, videos: videos,
            search: search.statistics)
        state.saveCompleted(facts, content: contentInputs)
        endStage(&timings, .write)
        let report = BuildReport(
            facts, output: layout.output.shown, timings: timings, files: BuildReport.Files(changes, mode: session.mode == .clean ? .clean : .incremental))
        guard keepingSite else { return (report, nil) }
        let built = BuiltSite(
            options: options, contexts: contexts, images: images, theme: prepared.theme, search: search, manifest: ManifestEntries(changes.entries),
            pageReads: pageReads, warnings: warnings,
            report: report, stateStamp: state.folder.stamp)
        return (report, built)
    }

    /// The stages between linking and writing, which every build runs: the videos and images,
    /// the timelines and the page contexts.
    static func assemble(
        _ prepared: PreparedSite, options: BuildOptions, warnings: inout [Diagnostic], timings: inout StageTimings
    ) async throws(BuildFailure) -> (PublishedImages, VideoPipeline.Statistics, Timelines, PageContexts) {
        let site = prepared.site
        let (images, videos) = try await processImages(site: site, options: options, warnings: &warnings)
        endStage(&timings, .images)

        options.announce(.timelines, "merging \(site.users.count) timelines")
        let timelines = await Timelines.build(for: site)
        endStage(&timings, .timelines)

        options.announce(.render, "preparing page contexts")
        let contexts = await PageContexts.prepare(site: site, timelines: timelines, images: images, theme: prepared.theme)
        endStage(&timings, .render)
        return (images, videos, timelines, contexts)
    }

    /// The end of one of a whole build's stages: what it freed goes back to the system before
    /// the next starts (`FreedMemory`), then its time and the peak so far are noted. Not for the
    /// up-to-date check or a live session's edit builds, which free little and run often.
    static func endStage(_ timings: inout StageTimings, _ stage: BuildStage) {
        FreedMemory.returnToSystem()
        timings.lap(stage)
    }

    /// The videos stage, then the images stage: FFmpeg, libvips and the persistent cache, or
    /// the originals as they are when the site turns image processing off.
    private static func processImages(
        site: LinkedSite, options: BuildOptions, warnings: inout [Diagnostic]
    ) async throws(BuildFailure) -> (PublishedImages, VideoPipeline.Statistics) {
        let layout = options.layout
        let (videos, videoDiagnostics) = VideoPipeline.run(site: site, content: layout.content, cache: VideoCache(layout.cache)) { message in
            options.announce(.videos, message)
        }
        warnings = DiagnosticList(warnings + videoDiagnostics).sorted
        guard let videos else { throw BuildFailure(warnings) }
        guard site.settings.images.process else { return (await .unprocessed(site: site, content: layout.content, videos: videos), videos.statistics) }
        options.announce(.images, "processing \(site.posts.count) photos")
        let (result, diagnostics) = await ImagePipeline.run(site: site, content: layout.content, cache: ImageCache(layout.cache), posters: videos.posters)
        let list = options.strict ? DiagnosticList(diagnostics).strict() : DiagnosticList(diagnostics)
        warnings = DiagnosticList(warnings + list.all).sorted
        guard let result, !list.hasErrors else { throw BuildFailure(warnings) }
        return (.processed(result, site: site, content: layout.content, videos: videos), videos.statistics)
    }

    /// The output stage's session: against the last build's manifest, or a staging folder for
    /// a clean build.
    private static func beginOutput(
        _ state: BuildState, settings: SiteSettings, warnings: [Diagnostic]
    ) throws(BuildFailure) -> OutputSession {
        let options = state.options
        do {
            return try OutputSession.begin(
                outputRoot: options.layout.output.absolute, state: state.folder, tool: BuildTool.digest, clean: options.clean, atomic: options.atomic,
                precompression: settings.precompression)
        } catch {
            throw BuildFailure(warnings + [.fileSystem(error, stage: .write)])
        }
    }

    /// Puts the new site in place.
    private static func commit(_ session: OutputSession, outputFolder: SitePath) async throws(SiteFiles.Failure) -> OutputChanges {
        do {
            return try await session.commit()
        } catch {
            throw SiteFiles.Failure(diagnostics: [.fileSystem(error, stage: .write, at: outputFolder.shown, doing: "cannot put the new site in place")])
        }
    }
}
