import Foundation
import Testing

@testable import TimelineCore

/// The example site copied into a temporary folder with extra `site.json` keys, built into
/// `<root>/www<base path>` (where a web server whose root is `<root>/www` serves it).
final class HostedExampleSite: Sendable {
    let root: String
    let output: String
    let report: BuildReport

    init(settings extra: String) async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-hosted-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RepositoryPaths.content, toPath: root + "/Content")
        let settingsPath = root + "/Content/site.json"
        let settings = try String(contentsOfFile: settingsPath, encoding: .utf8).replacingOccurrences(of: "\"title\":", with: "\(extra), \"title\":")
        try Data(settings.utf8).write(to: URL(fileURLWithPath: settingsPath))
        output = root + "/www/timeline"
        report = try await SiteBuilder.build(
            BuildOptions(siteRoot: root, templates: RepositoryPaths.templates, output: output, cache: RepositoryPaths.exampleImageCache))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Every file of the build, relative to the output folder.
    var files: [String] { FileSystem.files(below: output) }

    /// The URL paths a visitor asks for: each file's, and each page's folder.
    var requestPaths: [String] {
        files.flatMap { file -> [String] in
            let url = "/timeline/" + file
            return file.hasSuffix("index.html") ? [url, String(url.dropLast("index.html".count))] : [url]
        }
    }

    static func isHashed(_ path: String) -> Bool {
        path.range(
            of: #"^/timeline/(search/(posts|users)/|search/manifest\.[0-9a-f]+\.json$|[pu]/[^/]+/[^/]+\.[0-9a-f]{10}\.(jpg|webp)$)"#,
            options: .regularExpression) != nil
    }
}

@Suite("Host files")
struct HostFilesTests {
    @Test(
        "Netlify and Cloudflare Pages: _headers parses by the hosts' rules, no path gets two Cache-Control values, hashed files are immutable for a year, pages and feeds no-cache",
        arguments: ["netlify", "cloudflare-pages"])
    func headersFile(host: String) async throws {
        let site = try await HostedExampleSite(settings: #""host": "\#(host)""#)
        #expect(site.report.warnings.contains { $0.message.contains("root of its address") }, "the example's base path is not /")
        let rules = try HeaderRules(String(contentsOfFile: site.output + "/_headers", encoding: .utf8))
        var immutable = 0
        for path in site.requestPaths where !path.hasSuffix("/_headers") {
            let values = rules.values(of: "Cache-Control", for: path)
            #expect(values.count <= 1, "\(path) matches \(values.count) Cache-Control rules")
            if HostedExampleSite.isHashed(path) {
                #expect(values == [CachePolicy.immutable], "\(path)")
                immutable += 1
            } else if path.hasSuffix("/") || path.hasSuffix(".html") || path.hasSuffix(".xml") || path.contains("/assets/") {
                #expect(values == [CachePolicy.revalidate], "\(path)")
            }
        }
        #expect(immutable > 100)
        #expect(!FileManager.default.fileExists(atPath: site.output + "/" + NginxSnippet.name))
    }

    @Test("With originals published beside the photos, _headers does not mark photos immutable by extension")
    func originals() async throws {
        let site = try await HostedExampleSite(settings: #""host": "netlify", "images": {"publishOriginals": true}"#)
        let rules = try HeaderRules(String(contentsOfFile: site.output + "/_headers", encoding: .utf8))
        let original = try #require(site.files.first { $0.hasPrefix("p/") && $0.hasSuffix("/rocket.jpg") })
        #expect(rules.values(of: "Cache-Control", for: "/timeline/" + original).isEmpty)
        #expect(rules.values(of: "Cache-Control", for: "/timeline/search/posts/c/0.0123abcd.txt") == [CachePolicy.immutable])
    }

    @Test("GitHub Pages gets .nojekyll; no host gets no host file; changing the host deletes the old host's file")
    func githubPagesAndNone() async throws {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "baseURL": "https://example.org/", "host": "github-pages"}"#)
        try fixture.user("alice")
        _ = try await fixture.build()
        #expect(fixture.exists(HostFiles.noJekyllFile))
        try fixture.write("Content/site.json", #"{"title": "Fixture", "baseURL": "https://example.org/", "host": "netlify"}"#)
        _ = try await fixture.build()
        #expect(!fixture.exists(HostFiles.noJekyllFile))
        #expect(fixture.exists(HeadersFile.name))
        try fixture.write("Content/site.json", #"{"title": "Fixture", "baseURL": "https://example.org/"}"#)
        _ = try await fixture.build()
        #expect(!fixture.exists(HeadersFile.name) && !fixture.exists(HostFiles.noJekyllFile) && !fixture.exists(NginxSnippet.name))
    }

    @Test("An unknown host is an error at its line and column that lists the hosts and suggests the closest")
    func unknownHost() async throws {
        let fixture = try SiteFixture(site: "{\"title\": \"Fixture\",\n  \"host\": \"netlfy\"}")
        try fixture.user("alice")
        let errors = await fixture.failingBuild()
        let error = try #require(errors.first { $0.location.path.hasSuffix("site.json") && $0.message.hasPrefix("host") }, "\(errors)")
        #expect(error.location.line == 2 && error.location.column == 11)
        #expect(error.message.contains("'cloudflare-pages'") && error.message.contains("did you mean 'netlify'?"))
    }
}
