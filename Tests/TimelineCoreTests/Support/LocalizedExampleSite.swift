import Foundation

@testable import TimelineBuild

/// The repository's example site copied into a temporary folder with `site.json` set to
/// another language (and time zone), then built. Removed when the value is released.
final class LocalizedExampleSite {
    let root: String
    let language: String
    let report: BuildReport
    var output: String { root + "/Output" }

    init(language: String, timeZone: String? = nil) async throws {
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

    func page(_ path: String) throws -> HTMLDocument {
        guard let document = HTMLDocument(path: output + "/" + path) else { throw MissingPage(path: path) }
        return document
    }

    struct MissingPage: Error {
        let path: String
    }

    /// The pages the issue names: home, a post, a profile, a timeline, the user list, search and 404.
    static let interfacePages = [
        "index.html", "p/-K25Fj8qrMAtxXG3QCSn/index.html", "u/hansolo/index.html", "u/hansolo/feed/index.html", "users/index.html",
        "u/hansolo/followers/index.html", "search/index.html", "404.html", "tags/index.html", "tags/coffee/index.html",
    ]
}
