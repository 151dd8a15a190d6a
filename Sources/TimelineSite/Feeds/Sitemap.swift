import TimelineContent
import TimelineModel
import TimelineTemplates

/// `sitemap.xml` (sitemaps.org protocol 0.9): the absolute URL of every page but the 404
/// and search pages. A sitemap holds at most 50,000 URLs, so a larger site gets `sitemap-1.xml`,
/// `sitemap-2.xml`, … and a `sitemap.xml` that is a sitemap index listing them.
package enum Sitemap {
    static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"
    /// The protocol's limit of URLs per sitemap file.
    package static let maximumURLs = 50_000
    package static let file = "sitemap.xml"

    package static func partFile(_ number: Int) -> String { "sitemap-\(number).xml" }

    /// The absolute URLs of `pages`, in their order.
    package static func urls(of pages: [Page], site: LinkedSite, paths: SitePaths, baseURL: String) -> [String] {
        pages.compactMap { page in
            page == .search ? nil : page.location(in: site, paths: paths).map { baseURL + $0.urlFolder }
        }
    }

    /// The files to write, relative to the output root: one sitemap when the URLs fit in
    /// `limit`, else numbered parts of at most `limit` URLs and an index. Parts are written in
    /// parallel.
    package static func files(urls: [String], baseURL: String, limit: Int = maximumURLs) async -> [(file: String, bytes: [UInt8])] {
        let limit = max(1, limit)
        guard urls.count > limit else { return [(file, urlSet(urls[...]))] }
        let parts = stride(from: 0, to: urls.count, by: limit).map { $0..<min($0 + limit, urls.count) }
        let written = await ParallelMap.map(parts) { range in urlSet(urls[range]) }
        var files: [(file: String, bytes: [UInt8])] = []
        for (offset, bytes) in written.enumerated() {
            files.append((partFile(offset + 1), bytes))
        }
        files.append((file, index(parts: (1...parts.count).map { baseURL + partFile($0) })))
        return files
    }

    static func urlSet(_ urls: ArraySlice<String>) -> [UInt8] {
        XMLWriter.document { xml in
            xml.element("urlset", [("xmlns", namespace)]) { xml in
                for url in urls {
                    xml.element("url") { xml in xml.element("loc", text: url) }
                }
            }
        }
    }

    package static func index(parts: [String]) -> [UInt8] {
        XMLWriter.document { xml in
            xml.element("sitemapindex", [("xmlns", namespace)]) { xml in
                for part in parts {
                    xml.element("sitemap") { xml in xml.element("loc", text: part) }
                }
            }
        }
    }
}
