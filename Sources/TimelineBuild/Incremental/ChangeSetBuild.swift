import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem

/// A command-line build after a change the last build's state can take: only files and
/// folders of posts changed (`BuildState.sinceLastBuild`). The site as the last build saw it is
/// made again from its record cache, without reading a content file, and the change set is
/// applied to it by the edit build a live session uses (`PostEditBuild`): the same plan, the
/// same pages, feeds and search files, the same journal. Then the edited records and the
/// inputs are saved for the next build.
enum ChangeSetBuild {
    /// The report, or nil when the change set is not one an edit build can take (the whole
    /// pass then builds it).
    static func run(_ paths: [String], state: BuildState, facts: BuildFacts, timings: StageTimings) async throws(BuildFailure) -> BuildReport? {
        let options = state.options
        let content = options.layout.content
        guard !options.atomic, let records = state.previousRecords(), var built = await lastBuiltSite(state: state, records: records, facts: facts)
        else { return nil }
        let changes = paths.map { content.absolute + "/" + $0 }
        guard let edit = PostEditBuild.plan(changes, built: built, known: { records.posts[$0]?.dependencies ?? [] }) else { return nil }
        var timings = timings
        timings.lap(.validate)
        let report = try await edit.run(on: &built, timings: timings)
        var updated = records
        for (name, entry) in edit.entries { updated.posts[name] = entry }
        state.saveEdit(report.facts, records: updated)
        return report
    }

    /// The site the last build made, from its records taken as they are (the input snapshot
    /// vouches for them), with its output's manifest and edits; nil when any of it cannot be
    /// had, or no longer links as it did.
    private static func lastBuiltSite(state: BuildState, records: RecordCache, facts: BuildFacts) async -> BuiltSite? {
        let options = state.options
        let folder = state.folder
        let writer = folder.writer(BuildTool.digest)
        guard let manifest = folder.readManifest(writer: writer),
            let prepared = try? await PreparedSite.prepare(options, reusing: records, reuse: .trusted).prepared
        else { return nil }
        var warnings = prepared.warnings
        var timings = StageTimings()
        guard let (images, _, contexts) = try? await SiteBuilder.assemble(prepared, options: options, warnings: &warnings, timings: &timings),
            warnings == facts.warnings
        else { return nil }
        let search = await SiteSearchFiles.index(site: prepared.site, images: images, contexts: contexts, layout: options.searchLayout)
        var built = BuiltSite(
            options: options, contexts: contexts, images: images, theme: prepared.theme, search: search, manifest: manifest.entries, warnings: warnings,
            report: BuildReport(facts, output: options.layout.output.shown, timings: timings, files: .upToDate(fileCount: facts.fileCount)),
            stateStamp: folder.stamp)
        guard let edits = folder.readEdits(writer: writer) else { return nil }
        built.edits = edits
        return built
    }
}
