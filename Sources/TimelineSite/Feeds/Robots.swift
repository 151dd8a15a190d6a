import TimelineContent
import TimelineModel
import TimelineTemplates

/// `robots.txt`: every crawler may read everything, and the sitemap is named when the site's
/// absolute URL is known. Crawlers only read `robots.txt` at a host's root, so a site served
/// from a sub-path must have its host serve this file (or its `Sitemap:` line) from there.
package enum Robots {
    package static let file = "robots.txt"

    package static func text(sitemapURL: String?) -> String {
        var text = "User-agent: *\nDisallow:\n"
        if let sitemapURL { text += "\nSitemap: \(sitemapURL)\n" }
        return text
    }
}
