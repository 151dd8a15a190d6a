import TimelineTemplates

/// A theme: the Mustache templates of a templates folder (partials included, named by their
/// path, e.g. `partials/post-card`), compiled once against what each page template receives,
/// and the files under its `assets/` folder.
public struct Theme: Sendable {
    public static let pageTemplates = ["home", "profile", "feed", "post", "user-list", "search", "404"]

    let templates: TemplateSet
    /// Paths relative to `assets/`, sorted.
    public let assetFiles: [String]
    public let root: String
    /// Per template, a digest of the templates it renders with.
    let dependencies: TemplateDependencies

    /// Loads and compiles every `.mustache` file below `root`. Every problem is reported at its
    /// file, line and column (a syntax error, a name no value provides where it is used, a
    /// missing partial or parent), all of them, with no theme.
    public static func load(from root: String, displayPrefix: String) -> (Theme?, [Diagnostic]) {
        guard let (sources, unreadable) = readSources(from: root, displayPrefix: displayPrefix) else {
            return (nil, [missingFolder(displayPrefix)])
        }
        var diagnostics = unreadable
        let (templates, problems) = TemplateSet.compile(sources: sources, entries: PageTemplateTypes.roots, strict: true)
        diagnostics += problems.map { diagnostic($0, folder: displayPrefix) }
        for required in pageTemplates where sources[required] == nil {
            diagnostics.append(.error(.missingTemplate, stage: .render, at: SourceLocation(path: displayPrefix + required + ".mustache"), "the theme has no '\(required)' template"))
        }
        let assets = FileSystem.files(below: root + "/assets").filter { !Path.fileName(of: $0).hasPrefix(".") }
        guard diagnostics.isEmpty, let templates else { return (nil, diagnostics) }
        return (Theme(templates: templates, assetFiles: assets, root: root, dependencies: TemplateDependencies(sources: sources)), [])
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
    func render(_ template: String, _ context: TemplateValue, fragments: TemplateFragments? = nil) -> [UInt8]? {
        templates.render(template, context, fragments: fragments)
    }
}
