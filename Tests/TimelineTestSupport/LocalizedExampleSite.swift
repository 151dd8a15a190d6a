import Foundation
import TimelineBuild

/// The repository's example site copied into a temporary folder with `site.json` set to
/// another language (and time zone), then built. Removed when the value is released.
package final class LocalizedExampleSite {
    package let root: String
    package let language: String
    package let report: BuildReport
    package var output: String { root + "/Output" }

    package init(language: String, timeZone: String? = nil) async throws {
        self.language = language
        root = try ExampleContent.copy(named: language, withTemplates: true) { settings in
            var settings = settings.replacingOccurrences(of: #""language": "en""#, with: #""language": "\#(language)""#)
            if let timeZone {
                settings = settings.replacingOccurrences(of: #""language":"#, with: #""timeZone": "\#(timeZone)", "language":"#)
            }
            return settings
        }
        report = try await SiteBuilder.build(BuildOptions(siteRoot: root, cache: RepositoryPaths.exampleImageCache))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    package func page(_ path: String) throws -> HTMLDocument {
        guard let document = HTMLDocument(path: output + "/" + path) else { throw MissingPage(path: path) }
        return document
    }

    package struct MissingPage: Error {
        package let path: String
    }

    /// The pages the issue names: home, a post, a profile, a timeline, the user list, search and 404.
    package static let interfacePages = [
        "index.html", "p/-K25Fj8qrMAtxXG3QCSn/index.html", "u/hansolo/index.html", "u/hansolo/feed/index.html", "users/index.html",
        "u/hansolo/followers/index.html", "search/index.html", "404.html", "tags/index.html", "tags/coffee/index.html",
    ]
}
