import Foundation
import TimelineBuild
import TimelineModel
import TimelineSystem

/// The example site copied into a temporary folder with extra `site.json` keys, built into
/// `<root>/www<base path>` (where a web server whose root is `<root>/www` serves it).
package final class HostedExampleSite: Sendable {
    package let root: String
    package let output: String
    package let report: BuildReport

    package init(settings extra: String) async throws {
        root = try ExampleContent.copy(named: "hosted") { $0.replacingOccurrences(of: "\"title\":", with: "\(extra), \"title\":") }
        output = root + "/www/timeline"
        report = try await SiteBuilder.build(
            BuildOptions(siteRoot: root, templates: RepositoryPaths.templates, output: output, cache: RepositoryPaths.exampleImageCache))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Every file of the build, relative to the output folder.
    package var files: [String] { FileSystem.files(below: output) }

    /// The URL paths a visitor asks for: each file's, and each page's folder.
    package var requestPaths: [String] {
        files.flatMap { file -> [String] in
            let url = "/timeline/" + file
            return file.hasSuffix("index.html") ? [url, String(url.dropLast("index.html".count))] : [url]
        }
    }

    package static func isHashed(_ path: String) -> Bool {
        path.range(
            of: #"^/timeline/(search/(posts|users)/|search/manifest\.[0-9a-f]+\.json$|[pu]/[^/]+/[^/]+\.[0-9a-f]{10}\.(jpg|webp)$)"#,
            options: .regularExpression) != nil
    }
}
