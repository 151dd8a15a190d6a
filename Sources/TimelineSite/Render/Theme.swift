import Foundation
import TimelineContent
import TimelineModel
import TimelineTemplates

/// A theme: the Mustache templates of a templates folder (partials included, named by their
/// path, e.g. `partials/post-card`), compiled once against what each page template receives,
/// and the files under its `assets/` folder.
public struct Theme: Sendable {
    public static let pageTemplates = ["home", "profile", "feed", "post", "user-list", "search", "404", "tag", "tags"]

    package let templates: TemplateSet
    /// Paths relative to `assets/`, sorted.
    public let assetFiles: [String]
    public let root: String
    /// Per template, a digest of the templates it renders with.
    package let dependencies: TemplateDependencies
    /// The theme's texts in the site's language, and its numbers and dates.
    package let localizer: Localizer

    /// Loads and compiles every `.mustache` file below `root`, with the theme's translations
    /// for `language` (`translations/`) as the partials `t/KEY`. Every problem is reported at
    /// its file, line and column (a syntax error, a name no value provides where it is used, a
    /// missing partial or parent, a translation missing or malformed), all of them, with no
    /// theme; warnings (a key a language lacks) come with the theme.
    public static func load(
        from root: String, displayPrefix: String, language: String = "en", timeZone: TimeZone = .gmt,
        languageLocation: SourceLocation? = nil
    ) -> (Theme?, [Diagnostic]) {
        guard let (themeSources, unreadable) = readSources(from: root, displayPrefix: displayPrefix) else {
            return (nil, [missingFolder(displayPrefix)])
        }
        var sources = themeSources
        var diagnostics = unreadable
        let translations = ThemeTranslations(themeRoot: root, displayPrefix: displayPrefix)
        let (localizer, translationDiagnostics) = translations.localizer(language: language, timeZone: timeZone, languageLocation: languageLocation)
        diagnostics += translationDiagnostics
        if let localizer { sources.merge(translationPartials(localizer)) { _, text in text } }
        let (templates, problems) = TemplateSet.compile(sources: sources, entries: PageTemplateTypes.roots, strict: true)
        diagnostics += problems.map { problem in
            guard problem.template.hasPrefix(translationPartial),
                let location = localizer?.locations[String(problem.template.dropFirst(translationPartial.count))]
            else {
                return diagnostic(problem, folder: displayPrefix)
            }
            return .error(.templateError, stage: .render, at: location, "'\(problem.template.dropFirst(translationPartial.count))': \(problem.message)")
        }
        for required in pageTemplates where sources[required] == nil {
            diagnostics.append(
                .error(
                    .missingTemplate, stage: .render, at: SourceLocation(path: displayPrefix + required + ".mustache"),
                    "the theme has no '\(required)' template"))
        }
        let assets = FileSystem.files(below: root + "/assets").filter { !Path.fileName(of: $0).hasPrefix(".") }
        guard !diagnostics.contains(where: { $0.severity == .error }), let templates, let localizer else { return (nil, diagnostics) }
        let theme = Theme(templates: templates, assetFiles: assets, root: root, dependencies: TemplateDependencies(sources: sources), localizer: localizer)
        return (theme, diagnostics)
    }

    /// The prefix of the partials that hold the theme's texts: `{{> t/nav.latest}}`.
    public static let translationPartial = "t/"

    /// The theme's texts in the localizer's language, as the sources of the partials `t/KEY`.
    static func translationPartials(_ localizer: Localizer) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: localizer.templateSources.map { (translationPartial + $0.key, Array($0.value.utf8)) })
    }

    /// Every `.mustache` file below `root` (outside `assets/`), by its path without the
    /// extension, and a diagnostic for each that cannot be read; nil if `root` is no folder.
    static func readSources(from root: String, displayPrefix: String) -> (sources: [String: [UInt8]], unreadable: [Diagnostic])? {
        guard FileSystem.resolvedKind(of: root) == .directory else { return nil }
        var sources: [String: [UInt8]] = [:]
        var unreadable: [Diagnostic] = []
        for relative in FileSystem.files(below: root) where relative.hasSuffix(".mustache") && !relative.hasPrefix("assets/") {
            do {
                sources[String(relative.dropLast(".mustache".count))] = try FileSystem.readBytes(root + "/" + relative)
            } catch {
                unreadable.append(.error(.unreadableFile, stage: .render, at: SourceLocation(path: displayPrefix + relative), "cannot read: \(error.reason)"))
            }
        }
        return (sources, unreadable)
    }

    static func missingFolder(_ display: String) -> Diagnostic {
        .error(.missingTemplate, stage: .render, at: SourceLocation(path: display), "the templates folder does not exist")
    }

    /// Renders a page template; nil only if the template is missing.
    package func render(_ template: String, _ context: TemplateValue, fragments: TemplateFragments? = nil) -> [UInt8]? {
        templates.render(template, context, fragments: fragments)
    }
}
