import Foundation
import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite

/// The site as the stages after loading take it: the content loaded, validated and linked, the
/// theme loaded, and the warnings found so far.
struct PreparedSite: Sendable {
    let site: LinkedSite
    let theme: Theme
    let warnings: [Diagnostic]

    /// Load, validate and link, and load the theme, collecting every problem before giving up;
    /// also returns the records as read, for the next build's record cache. `known` is asked for
    /// the last snapshot's inputs when loading starts, and they are let go when it ends (at
    /// 200,000 posts they hold 133 MiB, which validating does not need).
    static func prepare(
        _ options: BuildOptions, reusing previousRecords: RecordCache? = nil, known: () -> RecordCache.KnownInputs? = { nil }
    ) async throws(BuildFailure) -> (prepared: PreparedSite, records: RecordCache) {
        let layout = options.layout
        if let problem = OutputLocationCheck.problem(
            output: layout.output.absolute, siteRoot: layout.site.absolute, content: layout.content.absolute, templates: layout.templates.absolute,
            cache: layout.cache.absolute)
        {
            throw BuildFailure([.error(.unsafeOutputLocation, stage: .write, at: SourceLocation(path: layout.output.shown), problem)])
        }
        var diagnostics = DiagnosticList()

        options.progress?(BuildProgress(stage: .load, message: "reading \(layout.content.shown)"))
        let loader = ContentLoader(
            contentFolder: layout.content, baseURLOverride: options.baseURL, forcesRelativeURLs: options.relativeURLs,
            precompressOverride: options.precompress)
        let (loaded, loadDiagnostics, records) = await loader.load(
            reusing: previousRecords, reuse: options.clean ? .identitiesOnly : .whenCurrent, known: known())
        diagnostics.append(contentsOf: loadDiagnostics)

        let (theme, themeDiagnostics) = loadTheme(options, settings: loaded?.settings)
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
        }
        if options.strict { diagnostics = diagnostics.strict() }
        let sorted = diagnostics.sorted
        guard !diagnostics.hasErrors, let linked, let theme else { throw BuildFailure(sorted) }
        return (PreparedSite(site: linked, theme: theme, warnings: sorted), records)
    }

    /// The theme, in the language and time zone of `settings`.
    static func loadTheme(_ options: BuildOptions, settings: SiteSettings?) -> (Theme?, [Diagnostic]) {
        Theme.load(
            ThemeFiles(options.layout.templates), language: settings?.language ?? ThemeTranslations.defaultLanguage,
            timeZone: settings.flatMap { TimeZone(identifier: $0.timeZone) } ?? .gmt, languageLocation: settings?.languageLocation)
    }

    /// `prepare`, starting from the last build's record cache; the records read are kept as the
    /// pending record cache and the content's inputs noted (nil when they cannot be trusted), so
    /// that the build does not hold the records (at 200,000 posts, a fifth of its memory) while
    /// it renders.
    static func prepare(keepingStateIn state: BuildState) async throws(BuildFailure) -> (PreparedSite, InputSnapshot.Tree?) {
        let options = state.options
        // A clean build reads every record again: it takes only the identities of unchanged
        // files, from the snapshot, and writes the records it read.
        let previousRecords = options.clean ? nil : state.previousRecords()
        let (prepared, records) = try await prepare(options, reusing: previousRecords, known: { options.clean ? state.previousInputs() : nil })
        let site = prepared.site
        let complete = records.users.count == site.users.count && records.posts.count == site.posts.count
        let contentInputs = complete ? InputSnapshot.captureContent(options.layout.content.absolute, records: records) : nil
        state.keepPendingRecords(records, previous: previousRecords)
        return (prepared, contentInputs)
    }
}
