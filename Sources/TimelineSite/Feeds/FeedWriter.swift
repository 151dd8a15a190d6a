import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// The feeds stage: writes every Atom feed in parallel chunks on every core (one per user's
/// posts, one per user's timeline, one per post's comments, and the site's), then the
/// sitemap and `robots.txt`, all into the staging folder. Without a base URL only
/// `robots.txt` is written: feeds and sitemaps must hold absolute URLs.
package enum FeedWriter {
    package static func write(
        contexts: PageContexts, pages: [Page], to output: any FileSink, outputFolder: SitePath, sitemapURLLimit: Int
    ) async throws(SiteFiles.Failure) {
        let site = contexts.site
        guard let builder = FeedBuilder(contexts: contexts), let baseURL = contexts.paths.baseURL else {
            try write(Robots.file, bytes: Array(Robots.text(sitemapURL: nil).utf8), to: output, outputFolder: outputFolder)
            return
        }
        let feeds = FeedFile.all(site: site)
        try await write(feeds, builder: builder, to: output, outputFolder: outputFolder)

        try await writeSitemap(of: pages, contexts: contexts, to: output, outputFolder: outputFolder, urlLimit: sitemapURLLimit)
        try write(Robots.file, bytes: Array(Robots.text(sitemapURL: baseURL + Sitemap.file).utf8), to: output, outputFolder: outputFolder)
    }

    /// Writes the sitemap of `pages` (every page of the site, in `Page.all`'s order); returns
    /// its files. Without a base URL there is none.
    @discardableResult
    package static func writeSitemap(
        of pages: [Page], contexts: PageContexts, to output: any FileSink, outputFolder: SitePath, urlLimit: Int
    ) async throws(SiteFiles.Failure) -> [String] {
        guard let baseURL = contexts.paths.baseURL else { return [] }
        let urls = Sitemap.urls(of: pages, site: contexts.site, paths: contexts.paths, baseURL: baseURL)
        let sitemaps = await Sitemap.files(urls: urls, baseURL: baseURL, limit: urlLimit)
        for sitemap in sitemaps {
            try write(sitemap.file, bytes: sitemap.bytes, to: output, outputFolder: outputFolder)
        }
        return sitemaps.map(\.file)
    }

    /// Writes `feeds`, each only when its fingerprint changed.
    package static func write(_ feeds: [FeedFile], builder: FeedBuilder, to output: any FileSink, outputFolder: SitePath) async throws(SiteFiles.Failure) {
        let site = builder.contexts.site
        let outcomes = await ParallelMap.chunks(count: feeds.count) { range -> Diagnostic? in
            for feed in feeds[range] {
                let file = feed.file(in: site)
                do {
                    let atom = builder.feed(feed)
                    try output.file(file, fingerprint: atom.fingerprint) { atom.xml() }
                } catch {
                    return failure(file, outputFolder: outputFolder, "cannot write the feed: \(error)")
                }
            }
            return nil
        }
        let problems = outcomes.compactMap { $0 }
        if !problems.isEmpty { throw SiteFiles.Failure(diagnostics: problems) }
    }

    private static func write(_ file: String, bytes: [UInt8], to output: any FileSink, outputFolder: SitePath) throws(SiteFiles.Failure) {
        do {
            try output.file(file, bytes: bytes)
        } catch {
            throw SiteFiles.Failure(diagnostics: [failure(file, outputFolder: outputFolder, "\(error)")])
        }
    }

    private static func failure(_ file: String, outputFolder: SitePath, _ message: String) -> Diagnostic {
        .error(.outputError, stage: .feeds, at: SourceLocation(path: outputFolder.appending(file).shown), message)
    }
}
