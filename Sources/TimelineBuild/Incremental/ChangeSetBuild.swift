import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem

/// A command-line build after a change the last build's state can take: only files and
/// folders of posts changed (`BuildState.sinceLastBuild`). The site as the last build saw it is
/// made again from its record cache, without reading a content file, and the change set is
/// applied to it by the edit build a live session uses (`PostEditBuild`): the same plan, the
/// same pages, feeds and search files, the same journal. The edited records and the inputs
/// are saved for the next build.
enum ChangeSetBuild {
    /// The report, or nil when the change set is not one an edit build can take (the whole
    /// pass then builds it).
    static func run(_ paths: [String], state: BuildState, facts: BuildFacts, timings: StageTimings) async throws(BuildFailure) -> BuildReport? {
        let options = state.options
        let changes = paths.map { options.layout.content.absolute + "/" + $0 }
        guard !options.atomic, let folders = PostEditBuild.postFolders(of: changes, contentRoot: options.layout.content.absolute),
            let last = await LastBuild.read(state: state, facts: facts, changedFolders: folders)
        else { return nil }
        var built = last.site
        guard let edit = PostEditBuild.plan(changes, built: built, reading: { last.changedPosts[$0] ?? (nil, [], nil) }) else { return nil }
        var timings = timings
        timings.lap(.validate)
        let report = try await edit.run(on: &built, timings: timings)
        state.saveCompleted(report.facts, content: last.contentInputs)
        return report
    }

    /// The site the last build made, and the changed posts as they are now.
    private struct LastBuild {
        let site: BuiltSite
        /// By folder name: each changed post read once, for the plan.
        let changedPosts: [String: PostFolderLoader.Loaded]
        /// The inputs of the records as the edit leaves them.
        let contentInputs: InputSnapshot.Tree?

        /// The site from the last build's records taken as they are (the input snapshot vouches
        /// for them), with its output's manifest and edits; nil when any of it cannot be had,
        /// or no longer links as it did. The changed posts are read first, and the record cache
        /// with them is kept as the pending one, so that the records are let go before the site's
        /// pages and index are made again.
        static func read(state: BuildState, facts: BuildFacts, changedFolders: Set<String>) async -> LastBuild? {
            let options = state.options
            let folder = state.folder
            let writer = folder.writer(BuildTool.digest)
            guard let manifest = folder.readManifest(writer: writer), let edits = folder.readEdits(writer: writer),
                let (prepared, changedPosts, contentInputs) = await readRecords(state: state, changedFolders: changedFolders)
            else { return nil }
            var warnings = prepared.warnings
            var timings = StageTimings()
            guard let (images, _, contexts) = try? await SiteBuilder.assemble(prepared, options: options, warnings: &warnings, timings: &timings),
                warnings == facts.warnings
            else { return nil }
            let search = await SiteSearchFiles.index(site: prepared.site, images: images, contexts: contexts, layout: options.searchLayout)
            var built = BuiltSite(
                options: options, contexts: contexts, images: images, theme: prepared.theme, search: search, manifest: manifest.entries,
                warnings: warnings,
                report: BuildReport(facts, output: options.layout.output.shown, timings: timings, files: .upToDate(fileCount: facts.fileCount)),
                stateStamp: folder.stamp)
            built.edits = edits
            return LastBuild(site: built, changedPosts: changedPosts, contentInputs: contentInputs)
        }

        /// The last build's site, linked from its records; the changed posts read now; and the
        /// records with those kept as the pending record cache, with their inputs.
        private static func readRecords(state: BuildState, changedFolders: Set<String>) async -> (
            PreparedSite, [String: PostFolderLoader.Loaded], InputSnapshot.Tree?
        )? {
            let options = state.options
            let content = options.layout.content
            guard let records = state.previousRecords(), let canonicalRoot = FileSystem.canonicalPath(content.absolute),
                let prepared = try? await PreparedSite.prepare(options, reusing: records, reuse: .trusted).prepared
            else { return nil }
            let loader = PostFolderLoader(
                contentFolder: content, assets: AssetReader(content: content, canonicalContentRoot: canonicalRoot),
                identities: FileIdentities(root: content.absolute))
            var updated = records
            var changedPosts: [String: PostFolderLoader.Loaded] = [:]
            for name in changedFolders {
                let loaded = loader.load(named: name, known: records.posts[name]?.dependencies ?? [])
                changedPosts[name] = loaded
                updated.posts[name] = loaded.entry
            }
            state.keepPendingRecords(updated, previous: nil)
            return (prepared, changedPosts, InputSnapshot.captureContent(content.absolute, records: updated))
        }
    }
}
