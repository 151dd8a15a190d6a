import ArgumentParser
import TimelineBuild

/// The options shared by `build`, `check` and `clean`.
struct SiteOptions: ParsableArguments {
    /// Optional rather than defaulted, so that help states the default once, in words.
    @Argument(help: ArgumentHelp("The site folder (default: the current directory).", valueName: "root"))
    var rootArgument: String?

    /// The site folder: the current directory unless one is given.
    var root: String { rootArgument ?? "." }

    @Option(help: ArgumentHelp("The content folder, relative to the site folder.", valueName: "dir"))
    var content: String = "Content"

    @Option(help: ArgumentHelp("The templates folder (a theme), relative to the site folder.", valueName: "dir"))
    var templates: String = "Templates"

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("The cache of processed images, relative to the site folder.", valueName: "dir"))
    var cacheDirectory: String = ".timeline-cache"

    @Option(name: .customLong("base-url"), help: ArgumentHelp("Overrides baseURL from site.json, e.g. https://example.org/photos/.", valueName: "url"))
    var baseURL: String?

    @Flag(
        name: .customLong("relative-urls"), help: "Link pages, photos, stylesheets and scripts relative to each page (as \"relativeURLs\": true in site.json).")
    var relativeURLs = false
    @Flag(
        inversion: .prefixedNo,
        help: "Write a .gz and a .br beside every HTML, XML, CSS, JS, JSON, text and SVG file over 1 KiB (overrides precompress in site.json).")
    var precompress: Bool?

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Print only errors and warnings.")
    var quiet = false

    func buildOptions(output: String, progress: (@Sendable (BuildProgress) -> Void)?) -> BuildOptions {
        var options = BuildOptions(
            siteRoot: root, content: content, templates: templates, output: output, cache: cacheDirectory, baseURL: baseURL, strict: strict,
            progress: progress)
        options.relativeURLs = relativeURLs
        options.precompress = precompress
        return options
    }
}
