import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel
@testable import TimelineSite

@Suite("Sitemap and robots.txt")
struct SitemapTests {
    static let baseURL = "https://example.org/photos/"

    /// The absolute URL of every page a build wrote, except the 404 page.
    static func pageURLs(_ fixture: SiteFixture) throws -> Set<String> {
        let pages = try SiteFixture.snapshot(fixture.output).keys.filter { $0.hasSuffix("index.html") && $0 != "search/index.html" }
        return Set(pages.map { baseURL + String($0.dropLast("index.html".count)) })
    }

    static func fixture() throws -> SiteFixture {
        let fixture = try SiteFixture.small()
        try fixture.user("carol", follows: ["alice"])
        for index in 0..<5 {
            try fixture.post("-K5\(index)000000000000000a", by: "carol")
        }
        return fixture
    }

    @Test("sitemap.xml lists every page but the 404 and search pages once, with absolute URLs under the sub-path")
    func singleSitemap() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.build(baseURL: Self.baseURL)
        let sitemap = try #require(HTMLDocument(xmlPath: fixture.output + "/sitemap.xml"), "sitemap.xml is not well-formed")
        let urls = sitemap.values("/sitemap:urlset/sitemap:url/sitemap:loc")
        #expect(urls.count == Set(urls).count, "a URL is listed twice")
        #expect(Set(urls) == (try Self.pageURLs(fixture)))
        #expect(urls.count > 20)
        #expect(urls.allSatisfy { $0.hasPrefix(Self.baseURL) })
        #expect(!urls.contains { $0.contains("404") })
        #expect(urls.contains(Self.baseURL))
        #expect(urls.contains(Self.baseURL + "p/-K25Fj8qrMAtxXG3QCSn/"))
        #expect(!fixture.exists("sitemap-1.xml"))
    }

    @Test("past the limit: numbered sitemaps of at most the limit, and a sitemap index")
    func splitSitemap() async throws {
        let fixture = try Self.fixture()
        var options = fixture.options(baseURL: Self.baseURL)
        options.sitemapURLLimit = 4
        _ = try await SiteBuilder.build(options)
        let expected = try Self.pageURLs(fixture)
        let partCount = (expected.count + 3) / 4
        let index = try #require(HTMLDocument(xmlPath: fixture.output + "/sitemap.xml"))
        #expect(index.count("/sitemap:urlset") == 0)
        #expect(index.values("/sitemap:sitemapindex/sitemap:sitemap/sitemap:loc") == (1...partCount).map { Self.baseURL + "sitemap-\($0).xml" })
        var listed: [String] = []
        for part in 1...partCount {
            let sitemap = try #require(HTMLDocument(xmlPath: fixture.output + "/sitemap-\(part).xml"), "sitemap-\(part).xml")
            let urls = sitemap.values("/sitemap:urlset/sitemap:url/sitemap:loc")
            #expect((1...4).contains(urls.count))
            listed += urls
        }
        #expect(!fixture.exists("sitemap-\(partCount + 1).xml"))
        #expect(listed.count == expected.count)
        #expect(Set(listed) == expected)
        #expect(try fixture.read("robots.txt").contains("Sitemap: \(Self.baseURL)sitemap.xml\n"))
    }

    @Test("Sitemap.files: exactly at the limit one file, one more URL an index and two parts")
    func limits() async throws {
        let urls = (1...3).map { "https://example.org/\($0)/?a=1&b=2" }
        let single = await Sitemap.files(urls: urls, baseURL: "https://example.org/", limit: 3)
        #expect(single.map(\.file) == ["sitemap.xml"])
        let document = try #require(HTMLDocument(xml: Data(single[0].bytes)))
        #expect(document.values("//sitemap:loc") == urls, "& is escaped and read back")
        let split = await Sitemap.files(urls: urls, baseURL: "https://example.org/", limit: 2)
        #expect(split.map(\.file) == ["sitemap-1.xml", "sitemap-2.xml", "sitemap.xml"])
        #expect(try #require(HTMLDocument(xml: Data(split[1].bytes))).values("//sitemap:loc") == [urls[2]])
    }

    @Test("robots.txt allows everything and names the sitemap")
    func robots() async throws {
        let fixture = try SiteFixture.small()
        _ = try await fixture.build(baseURL: Self.baseURL)
        #expect(try fixture.read("robots.txt") == "User-agent: *\nDisallow:\n\nSitemap: https://example.org/photos/sitemap.xml\n")
    }
}
