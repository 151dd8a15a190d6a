/// The site-wide settings from `site.json`.
public struct SiteSettings: Sendable, Hashable {
    public var title: String
    public var description: String?
    /// Absolute URL of the site's root, always ending in `/`, e.g. `https://example.org/photos/`.
    public var baseURL: String?
    public var language: String
    /// Where `site.json` names the language, for the error when the theme does not speak it.
    public var languageLocation: SourceLocation?
    /// The IANA name of the time zone dates are shown in (`America/Los_Angeles`).
    public var timeZone: String = "UTC"
    public var pageSize: Int
    /// The most pages a user's timeline feed shows.
    public var feedDepth: Int
    public var images: ImageSettings
    /// How post videos are checked and published (`videos`).
    public var videos = VideoSettings()
    /// The most entries an Atom feed holds (the newest).
    public var feedEntries: Int
    /// Whether post pages show the camera, lens, exposure and time the photo was taken, from
    /// the original's EXIF (never its location). Off by default.
    public var showCameraDetails = false
    /// Whether pages link to each other, their photos, stylesheet and scripts relative to
    /// themselves (`../p/ID/index.html`), so the output works at any path and from a folder.
    /// Canonical URLs, feeds, the sitemap and share tags stay absolute.
    public var relativeURLs = false
    /// Where the site is published, for the host files a build writes (`_headers`, …).
    public var host = HostKind.none
    /// Whether the build writes a `.gz` and a `.br` beside every text file of more than 1 KiB
    /// (`Precompression`). Off by default.
    public var precompress = false
    /// `extra` in site.json: values for the theme (templates receive them as `site.extra`).
    public var extra: ExtraValue?

    public static let defaultPageSize = 12
    public static let defaultFeedDepth = 10
    public static let defaultFeedEntries = 20

    public init(
        title: String, description: String? = nil, baseURL: String? = nil, language: String = "en",
        pageSize: Int = SiteSettings.defaultPageSize, feedDepth: Int = SiteSettings.defaultFeedDepth,
        feedEntries: Int = SiteSettings.defaultFeedEntries,
        images: ImageSettings = ImageSettings()
    ) {
        self.images = images
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.language = language
        self.pageSize = pageSize
        self.feedDepth = feedDepth
        self.feedEntries = feedEntries
    }

    /// The path part of the base URL (`/photos/`), which every internal link starts with.
    public var basePath: String {
        guard let baseURL, let schemeEnd = baseURL.range(of: "://") else { return "/" }
        let afterScheme = baseURL[schemeEnd.upperBound...]
        guard let slash = afterScheme.firstIndex(of: "/") else { return "/" }
        let path = String(afterScheme[slash...])
        return path.hasSuffix("/") ? path : path + "/"
    }
}
