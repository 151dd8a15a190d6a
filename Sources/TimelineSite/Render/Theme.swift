import Foundation
import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// A theme: the Mustache templates of a templates folder (partials included, named by their
/// path, e.g. `partials/post-card`), compiled once against what each page template receives,
/// and the files under its `assets/` folder.
public struct Theme: Sendable {
    public static let pageTemplates = ["home", "profile", "feed", "post", "user-list", "search", "404", "tag", "tags", "album", "albums"]

    package let templates: TemplateSet
    /// Paths relative to `assets/`, sorted.
    public let assetFiles: [String]
    /// The theme's files: the site's templates folder over the built-in theme.
    public let files: ThemeFiles
    /// The site's templates folder (which need not exist).
    public var root: String { files.folder }
    /// Per template, a digest of the templates it renders with.
    package let dependencies: TemplateDependencies
    /// The theme's texts in the site's language, and its numbers and dates.
    package let localizer: Localizer

    /// Loads and compiles every `.mustache` file of the theme, with the theme's translations
    /// for `language` (`translations/`) as the partials `t/KEY`. Every problem is reported at
    /// its file, line and column (a syntax error, a name no value provides where it is used, a
    /// missing partial or parent, a translation missing or malformed), all of them, with no
    /// theme; warnings (a key a language lacks) come with the theme.
    public static func load(
        _ files: ThemeFiles, language: String = "en", timeZone: TimeZone = .gmt, languageLocation: SourceLocation? = nil
    ) -> (Theme?, [Diagnostic]) {
        if let problem = notAFolder(files) { return (nil, [problem]) }
        var (sources, diagnostics) = readSources(files)
        let translations = ThemeTranslations(files)
        let (localizer, translationDiagnostics) = translations.localizer(language: language, timeZone: timeZone, languageLocation: languageLocation)
        diagnostics += translationDiagnostics
        if let localizer { sources.merge(translationPartials(localizer)) { _, text in text } }
        let (templates, problems) = TemplateSet.compile(sources: sources, entries: PageTemplateTypes.roots, strict: true)
        diagnostics += problems.map { problem in
            guard problem.template.hasPrefix(translationPartial),
                let location = localizer?.locations[String(problem.template.dropFirst(translationPartial.count))]
            else {
                return diagnostic(problem, files: files)
            }
            return .error(.templateError, stage: .render, at: location, "'\(problem.template.dropFirst(translationPartial.count))': \(problem.message)")
        }
        for required in pageTemplates where sources[required] == nil {
            diagnostics.append(
                .error(
                    .missingTemplate, stage: .render, at: SourceLocation(path: files.display(required + ".mustache")),
                    "the theme has no '\(required)' template"))
        }
        let assets = files.paths(below: "assets")
        guard !diagnostics.contains(where: { $0.severity == .error }), let templates, let localizer else { return (nil, diagnostics) }
        let theme = Theme(templates: templates, assetFiles: assets, files: files, dependencies: TemplateDependencies(sources: sources), localizer: localizer)
        return (theme, diagnostics)
    }

    /// The prefix of the partials that hold the theme's texts: `{{> t/nav.latest}}`.
    public static let translationPartial = "t/"

    /// The theme's texts in the localizer's language, as the sources of the partials `t/KEY`.
    static func translationPartials(_ localizer: Localizer) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: localizer.templateSources.map { (translationPartial + $0.key, Array($0.value.utf8)) })
    }

    /// Every `.mustache` file of the theme (outside `assets/`), by its path without the
    /// extension, and a diagnostic for each that cannot be read.
    static func readSources(_ files: ThemeFiles) -> (sources: [String: [UInt8]], unreadable: [Diagnostic]) {
        var sources: [String: [UInt8]] = [:]
        var unreadable: [Diagnostic] = []
        for relative in files.paths where relative.hasSuffix(".mustache") && !relative.hasPrefix("assets/") {
            do {
                sources[String(relative.dropLast(".mustache".count))] = try files.bytes(of: relative)
            } catch {
                unreadable.append(.error(.unreadableFile, stage: .render, at: SourceLocation(path: files.display(relative)), "cannot read: \(error.reason)"))
            }
        }
        return (sources, unreadable)
    }

    /// An error when the templates folder's path names something other than a folder; a
    /// missing folder is the built-in theme as it is.
    package static func notAFolder(_ files: ThemeFiles) -> Diagnostic? {
        guard !files.folderExists, FileSystem.kind(of: files.folder) != .missing else { return nil }
        return .error(.missingTemplate, stage: .render, at: SourceLocation(path: files.displayPrefix), "the templates folder is not a folder")
    }

    /// Renders a page template; nil only if the template is missing.
    package func render(_ template: String, _ context: TemplateValue, fragments: TemplateFragments? = nil, log: TemplateReadLog? = nil) -> [UInt8]? {
        templates.render(template, context, fragments: fragments, log: log)
    }
}
