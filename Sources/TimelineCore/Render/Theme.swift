import Mustache

/// A theme: the Mustache templates of a templates folder (partials included, named by their
/// path, e.g. `partials/post-card`) and the files under its `assets/` folder.
public struct Theme: Sendable {
    public static let pageTemplates = ["home", "profile", "feed", "post", "user-list", "search", "404"]

    /// The templates as written: reused partials are rendered from it.
    let library: MustacheLibrary
    /// What pages render with: `library`, with a stand-in for each reused partial.
    let pageLibrary: MustacheLibrary
    /// The reused partials the theme has and that can stand in (`ReusedPartial`).
    let reusedPartials: Set<ReusedPartial>
    /// Paths relative to `assets/`, sorted.
    public let assetFiles: [String]
    public let root: String
    /// Per template, a digest of the templates it renders with.
    let dependencies: TemplateDependencies

    /// Loads every `.mustache` file below `root`, reporting each syntax error at its line and column.
    public static func load(from root: String, displayPrefix: String) -> (Theme?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        guard FileSystem.resolvedKind(of: root) == .directory else {
            return (nil, [.error(.missingTemplate, stage: .render, at: SourceLocation(path: displayPrefix), "the templates folder does not exist")])
        }
        var library = MustacheLibrary()
        var names: Set<String> = []
        var sources: [String: [UInt8]] = [:]
        for relative in FileSystem.files(below: root) where relative.hasSuffix(".mustache") && !relative.hasPrefix("assets/") {
            let name = String(relative.dropLast(".mustache".count))
            let shown = displayPrefix + relative
            do {
                let bytes = try FileSystem.readBytes(root + "/" + relative)
                sources[name] = bytes
                library.register(try MustacheTemplate(string: String(decoding: bytes, as: UTF8.self)), named: name)
                names.insert(name)
            } catch let error as MustacheTemplate.ParserError {
                let location = SourceLocation(path: shown, line: error.context.lineNumber, column: error.context.columnNumber)
                diagnostics.append(.error(.templateError, stage: .render, at: location, "template syntax error: \(describe(error.error)) in '\(error.context.line.trimmingCharacters(in: .whitespaces))'"))
            } catch let error as FileSystem.Failure {
                diagnostics.append(.error(.unreadableFile, stage: .render, at: SourceLocation(path: shown), "cannot read: \(error.reason)"))
            } catch {
                diagnostics.append(.error(.templateError, stage: .render, at: SourceLocation(path: shown), "\(error)"))
            }
        }
        for required in pageTemplates where !names.contains(required) {
            if diagnostics.contains(where: { $0.location.path == displayPrefix + required + ".mustache" }) { continue }
            diagnostics.append(.error(.missingTemplate, stage: .render, at: SourceLocation(path: displayPrefix + required + ".mustache"), "the theme has no '\(required)' template"))
        }
        let assets = FileSystem.files(below: root + "/assets").filter { !Path.fileName(of: $0).hasPrefix(".") }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }
        var pageLibrary = library
        var reused: Set<ReusedPartial> = []
        for partial in ReusedPartial.all {
            guard let source = sources[partial.name], partial.canStandIn(source: source, allSources: sources),
                let standIn = try? MustacheTemplate(string: partial.standIn(for: String(decoding: source, as: UTF8.self)))
            else { continue }
            pageLibrary.register(standIn, named: partial.name)
            reused.insert(partial)
        }
        let theme = Theme(
            library: library, pageLibrary: pageLibrary, reusedPartials: reused, assetFiles: assets, root: root,
            dependencies: TemplateDependencies(sources: sources))
        return (theme, diagnostics)
    }

    /// Renders a page template; nil only if the template is missing.
    func render(_ template: String, _ context: TemplateObject) -> String? {
        pageLibrary.render(context, withTemplate: template)
    }

    /// Renders a reused partial for one item; nil if the theme does not reuse it.
    func renderFragment(_ partial: ReusedPartial, _ scope: FragmentScope) -> String? {
        guard reusedPartials.contains(partial) else { return nil }
        return library.render(scope, withTemplate: partial.name)
    }

    private static func describe(_ error: Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: "a section is closed with a different name than it was opened with"
        case .unfinishedName: "a tag is not closed with '}}'"
        case .expectedSectionEnd: "a section is never closed"
        case .invalidSetDelimiter: "malformed set-delimiter tag"
        default: "\(error)"
        }
    }
}
