import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineModel
@testable import TimelineSite

/// Without a base URL no absolute URL can be made: feeds, sitemaps and absolute share tags
/// are skipped with a warning, and no relative URL is written in their place.
@Suite("Without a base URL")
struct MissingBaseURLTests {
    static func fixture() throws -> SiteFixture {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "pageSize": 2}"#)
        try fixture.user("alice", follows: ["bob"])
        try fixture.user("bob", follows: ["alice"])
        try fixture.post("-K25Fj8qrMAtxXG3QCSn", by: "alice", caption: "First *post*", comments: #"[{"id": "c1", "username": "bob", "text": "Hi"}]"#)
        try fixture.post("-K36oDNVDXuaek0DUCoc", by: "bob", caption: "Second post")
        return fixture
    }

    @Test("a warning names site.json; no feed or sitemap is written; robots.txt has no Sitemap line")
    func skipped() async throws {
        let fixture = try Self.fixture()
        let report = try await fixture.build()
        let warning = try #require(report.warnings.first { $0.code == .missingBaseURL })
        #expect(warning.severity == .warning)
        #expect(warning.stage == .feeds)
        #expect(warning.location.path.hasSuffix("/Content/site.json"))
        #expect(warning.message.contains("feeds") && warning.message.contains("sitemap") && warning.message.contains("skipped"))
        #expect(report.warnings.count == 1)

        let files = try SiteFixture.snapshot(fixture.output).keys
        #expect(!files.contains { $0.hasSuffix(".xml") }, "\(files.filter { $0.hasSuffix(".xml") })")
        #expect(try fixture.read("robots.txt") == "User-agent: *\nDisallow:\n")

        for page in files where page.hasSuffix(".html") {
            let document = try #require(HTMLDocument(path: fixture.output + "/" + page))
            #expect(document.count("//link[@type='application/atom+xml'] | //a[@type='application/atom+xml']") == 0, "\(page) links a feed")
            #expect(document.count("//link[@rel='canonical']") == 0)
            for property in ["og:url", "og:image", "og:image:width", "article:author"] {
                #expect(document.count("//meta[@property='\(property)']") == 0, "\(page) has \(property)")
            }
            // What needs no absolute URL stays.
            #expect(document.values("//meta[@property='og:type']/@content").count == 1)
            #expect(document.values("//meta[@name='twitter:card']/@content") == ["summary"])
            #expect(document.values("//meta/@content").allSatisfy { !$0.hasPrefix("/") }, "\(page) has a relative URL in a meta tag")
        }
    }

    @Test("--strict turns the warning into an error and keeps the previous output")
    func strict() async throws {
        let fixture = try Self.fixture()
        let diagnostics = await fixture.failingBuild(strict: true)
        let error = try #require(diagnostics.first { $0.code == .missingBaseURL })
        #expect(error.severity == .error)
        #expect(error.location.path.hasSuffix("/Content/site.json"))
        #expect(!fixture.exists("index.html"))
    }

    @Test("timeline build --strict fails on the command line and names site.json")
    func strictCommandLine() throws {
        let fixture = try Self.fixture()
        let result = try CommandLineTests().run(["build", "--strict"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.standardError.contains("Content/site.json: error: no baseURL"), "\(result.standardError)")
        let relaxed = try CommandLineTests().run(["build"], in: fixture.root)
        #expect(relaxed.status == 0)
        #expect(relaxed.standardError.contains("Content/site.json: warning: no baseURL"), "\(relaxed.standardError)")
    }

    @Test("--base-url supplies the base URL: feeds and sitemap are written, no warning")
    func baseURLOption() async throws {
        let fixture = try Self.fixture()
        let report = try await fixture.build(strict: true, baseURL: "https://example.org/sub/")
        #expect(report.warnings.isEmpty)
        #expect(fixture.exists("atom.xml") && fixture.exists("sitemap.xml") && fixture.exists("p/-K25Fj8qrMAtxXG3QCSn/comments.xml"))
        #expect(try fixture.read("robots.txt").contains("Sitemap: https://example.org/sub/sitemap.xml"))
    }
}
