import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineModel
@testable import TimelineSite

/// Without a base URL no absolute URL can be made: feeds, sitemaps and absolute share tags
/// are skipped (the build says so once, not as a warning), and no relative URL is written in
/// their place.
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

    @Test("no warning: the report has no base URL and says what was skipped; no feed or sitemap is written; robots.txt has no Sitemap line")
    func skipped() async throws {
        let fixture = try Self.fixture()
        let report = try await fixture.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.baseURL == nil)
        let skipped = try #require(report.skippedForNoBaseURL)
        #expect(skipped.contains("feeds") && skipped.contains("sitemap") && skipped.contains("skipped") && skipped.contains("--base-url"))

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

    @Test("--strict does not fail on it: a site built for a local look needs no address")
    func strict() async throws {
        let fixture = try Self.fixture()
        let report = try await fixture.build(strict: true)
        #expect(report.warnings.isEmpty)
        #expect(fixture.exists("index.html"))
    }

    @Test("timeline build says once what it skipped, on standard output; check and build --strict say nothing of it")
    func commandLine() throws {
        let fixture = try Self.fixture()
        let build = try CommandLineTests().run(["build"], in: fixture.root)
        #expect(build.status == 0)
        #expect(build.standardOutput.components(separatedBy: "No baseURL").count == 2, "\(build.standardOutput)")
        #expect(!build.standardError.contains("baseURL"), "\(build.standardError)")
        let strict = try CommandLineTests().run(["build", "--strict"], in: fixture.root)
        #expect(strict.status == 0, "\(strict.standardError)")
        let check = try CommandLineTests().run(["check"], in: fixture.root)
        #expect(check.status == 0)
        #expect(!(check.standardOutput + check.standardError).contains("baseURL"), "\(check.standardOutput)\(check.standardError)")
        let json = try CommandLineTests().run(["build", "--json"], in: fixture.root)
        #expect(!json.standardOutput.contains("\"baseURL\""), "\(json.standardOutput)")
    }

    @Test("--base-url supplies the base URL: feeds and sitemap are written, nothing said of skipping")
    func baseURLOption() async throws {
        let fixture = try Self.fixture()
        let report = try await fixture.build(strict: true, baseURL: "https://example.org/sub/")
        #expect(report.warnings.isEmpty)
        #expect(report.baseURL == "https://example.org/sub/" && report.skippedForNoBaseURL == nil)
        #expect(fixture.exists("atom.xml") && fixture.exists("sitemap.xml") && fixture.exists("p/-K25Fj8qrMAtxXG3QCSn/comments.xml"))
        #expect(try fixture.read("robots.txt").contains("Sitemap: https://example.org/sub/sitemap.xml"))
    }
}
