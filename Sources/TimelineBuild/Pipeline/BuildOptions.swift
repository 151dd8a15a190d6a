import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// What to build and how. Paths may be relative to `siteRoot`.
public struct BuildOptions: Sendable {
    public var siteRoot: String
    public var content: String
    public var templates: String
    public var output: String
    /// The persistent cache of processed images, kept outside the output folder.
    public var cache: String
    /// Overrides site.json's baseURL.
    public var baseURL: String?
    /// Links relative to each page, whatever site.json says.
    public var relativeURLs = false
    /// Overrides site.json's precompress: true writes compressed copies, false none.
    public var precompress: Bool?
    /// Warnings fail the build.
    public var strict: Bool
    /// Ignore the manifest of the last build: write the whole site and swap it in.
    public var clean = false
    /// Put an incremental build in place the way a clean one is: a new folder (hard links to
    /// the unchanged files, the changed ones written) swapped with the output folder in one
    /// atomic exchange, so that no reader, and no kill, ever sees old and new files mixed.
    public var atomic = false
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// The most URLs one sitemap file holds before the sitemap is split (tests make it small).
    var sitemapURLLimit = Sitemap.maximumURLs
    /// How the search index is cut into files (tests make the pieces small).
    var searchLayout = SearchLayout.standard
    /// Inputs changed this close before a build are not trusted by the next one's up-to-date
    /// check and record cache (see `InputSnapshot`); tests that edit and build within a second
    /// set it to 0 to exercise both.
    var racyWindowNanoseconds = InputSnapshot.racyWindowNanoseconds

    public init(
        siteRoot: String, content: String = "Content", templates: String = "Templates", output: String = "Output",
        cache: String = ".timeline-cache", baseURL: String? = nil, strict: Bool = false, progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) {
        self.siteRoot = siteRoot
        self.content = content
        self.templates = templates
        self.output = output
        self.cache = cache
        self.baseURL = baseURL
        self.strict = strict
        self.progress = progress
    }

    /// Everything about the options that can change the output, and the tool itself.
    var fingerprint: Digest {
        var hasher = StableHasher()
        hasher.combine(BuildTool.digest)
        let layout = layout
        for folder in [layout.content, layout.templates, layout.output, layout.cache] { hasher.combine(folder.absolute) }
        hasher.combine(baseURL ?? "\u{0}")
        hasher.combine(precompress.map { $0 ? 1 : 2 } ?? 0)
        hasher.combine(strict)
        hasher.combine(relativeURLs)
        for size in [searchLayout.chunkBytes, searchLayout.headBytes, searchLayout.tailBytes, searchLayout.fanout, sitemapURLLimit] { hasher.combine(size) }
        return hasher.finalize()
    }

    /// Where the site's folders are, and how messages name them.
    public var layout: SiteLayout { SiteLayout(self) }

    /// The site folder, absolute.
    var absoluteSiteRoot: String { Path.absolute(siteRoot, relativeTo: FileSystem.currentDirectory) }

    /// `path` (relative to the site folder, or absolute) as an absolute path.
    package func absolute(_ path: String) -> String { Path.absolute(path, relativeTo: absoluteSiteRoot) }
}

/// Reported as a build goes, for a progress display.
public struct BuildProgress: Sendable {
    public let stage: BuildStage
    public let message: String
}

extension BuildOptions {
    /// Tells whoever follows the build (`progress`) what a stage is doing.
    func announce(_ stage: BuildStage, _ message: @autoclosure () -> String) {
        progress?(BuildProgress(stage: stage, message: message()))
    }
}

extension BuildStateFolder {
    /// The state folder of the options' output folder.
    init(options: BuildOptions) {
        self.init(cacheRoot: options.absolute(options.cache), outputRoot: options.absolute(options.output))
    }
}
