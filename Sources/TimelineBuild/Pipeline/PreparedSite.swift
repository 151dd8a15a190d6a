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

    /// What loading read: the content (nil when it cannot be read), the problems found so far,
    /// and the records as read, for the next build's record cache.
    struct Loaded: Sendable {
        let content: SiteContent?
        let diagnostics: DiagnosticList
        let records: RecordCache
    }

    /// Load, validate and link, and load the theme, collecting every problem before giving up;
    /// also returns the records as read, for the next build's record cache.
    static func prepare(
        _ options: BuildOptions, reusing previousRecords: RecordCache? = nil, known: () -> RecordCache.KnownInputs? = { nil }
    ) async throws(BuildFailure) -> (prepared: PreparedSite, records: RecordCache) {
        let loaded = try await load(options, reusing: previousRecords, known: known)
        return (try await validate(loaded, options), loaded.records)
    }

    /// Checks where the output goes, then loads the content. `known` is asked for the last
    /// snapshot's inputs when loading starts, and they are let go when it ends (at 200,000 posts
    /// they hold 133 MiB, which validating does not need).
    static func load(
        _ options: BuildOptions, reusing previousRecords: RecordCache?, known: () -> RecordCache.KnownInputs?
    ) async throws(BuildFailure) -> Loaded {
        let layout = options.layout
        if let problem = OutputLocationCheck.problem(
            output: layout.output.absolute, siteRoot: layout.site.absolute, content: layout.content.absolute, templates: layout.templates.absolute,
            cache: layout.cache.absolute)
        {
            throw BuildFailure([.error(.unsafeOutputLocation, stage: .write, at: SourceLocation(path: layout.output.shown), problem)])
        }
        options.progress?(BuildProgress(stage: .load, message: "reading \(layout.content.shown)"))
        let loader = ContentLoader(
            contentFolder: layout.content, baseURLOverride: options.baseURL, forcesRelativeURLs: options.relativeURLs,
            precompressOverride: options.precompress)
        let (content, diagnostics, records) = await loader.load(
            reusing: previousRecords, reuse: options.clean ? .identitiesOnly : .whenCurrent, known: known())
        return Loaded(content: content, diagnostics: diagnostics, records: records)
    }

    /// Validates and links what was loaded and loads the theme, collecting every problem
    /// before giving up.
    static func validate(_ loaded: Loaded, _ options: BuildOptions) async throws(BuildFailure) -> PreparedSite {
        var diagnostics = loaded.diagnostics
        let (theme, themeDiagnostics) = loadTheme(options, settings: loaded.content?.settings)
        diagnostics.append(contentsOf: themeDiagnostics)

        var linked: LinkedSite?
        if let content = loaded.content {
            options.progress?(BuildProgress(stage: .validate, message: "checking \(content.users.count) users and \(content.posts.count) posts"))
            let (site, linkDiagnostics) = SiteLinker.link(content)
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
        return PreparedSite(site: linked, theme: theme, warnings: sorted)
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
    /// it renders. Both are done while the content is validated, on the other core: they read
    /// only what was loaded.
    static func prepare(keepingStateIn state: BuildState) async throws(BuildFailure) -> (PreparedSite, InputSnapshot.Tree?) {
        let options = state.options
        // A clean build reads every record again: it takes only the identities of unchanged
        // files, from the snapshot, and writes the records it read.
        let previousRecords = options.clean ? nil : state.previousRecords()
        let loaded = try await load(options, reusing: previousRecords, known: { options.clean ? state.previousInputs() : nil })
        async let contentInputs = keep(loaded, previous: previousRecords, in: state)
        let prepared = try await validate(loaded, options)
        return (prepared, await contentInputs)
    }

    /// Keeps the records read as the pending record cache and notes the content's inputs, when
    /// every record was read.
    private static func keep(_ loaded: Loaded, previous: RecordCache?, in state: BuildState) -> InputSnapshot.Tree? {
        let records = loaded.records
        let complete = loaded.content.map { records.users.count == $0.users.count && records.posts.count == $0.posts.count } ?? false
        let contentInputs = complete ? InputSnapshot.captureContent(state.options.layout.content.absolute, records: records) : nil
        state.keepPendingRecords(records, previous: previous)
        return contentInputs
    }
}
