import TimelineSystem

/// Where a site's parts are on disk, each with the form messages name it by: the options'
/// folders resolved against the site folder once, and shown relative to the current directory
/// (`Content/`, `../site/Output/`, or absolute when outside it).
public struct SiteLayout: Sendable, Hashable {
    public let site: SitePath
    public let content: SitePath
    public let templates: SitePath
    public let output: SitePath
    /// The persistent cache of processed images and build state.
    public let cache: SitePath

    public init(_ options: BuildOptions) {
        site = .folder(options.absoluteSiteRoot, relativeTo: "/")
        content = .folder(options.content, relativeTo: site.absolute)
        templates = .folder(options.templates, relativeTo: site.absolute)
        output = .folder(options.output, relativeTo: site.absolute)
        cache = .folder(options.cache, relativeTo: site.absolute)
    }
}
