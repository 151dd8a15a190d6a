import Foundation
import Testing
import TimelineTestSupport

/// Open Graph and Twitter card tags, canonical links and feed links in the pages' heads.
@Suite("Share tags and feed links")
struct ShareTagTests {
    static let baseURL = "https://example.org/photos/"
    static let post = "-K25Fj8qrMAtxXG3QCSn"

    static func fixture() throws -> SiteFixture {
        let fixture = try SiteFixture.small()
        try FileManager.default.copyItem(atPath: RepositoryPaths.content + "/users/astro.kim.jpg", toPath: fixture.content + "/users/kim.jpg")
        try fixture.user("kim", extra: "\n  \"name\": \"Kim\",\n  \"bio\": \"Stars & \\\"galaxies\\\"\",\n  \"avatar\": \"kim.jpg\",")
        return fixture
    }

    static func meta(_ document: HTMLDocument, _ property: String) -> [String] {
        document.values("//head/meta[@property='\(property)' or @name='\(property)']/@content")
    }

    @Test("a post page: article, absolute photo with size, type and alt, author, time, large card")
    func postPage() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.build(baseURL: Self.baseURL)
        let page = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.post)/index.html"))
        let postURL = Self.baseURL + "p/\(Self.post)/"
        #expect(Self.meta(page, "og:type") == ["article"])
        #expect(Self.meta(page, "og:title") == ["Photo by alice"])
        #expect(Self.meta(page, "og:description") == ["First post"])
        #expect(Self.meta(page, "og:site_name") == ["Fixture"])
        #expect(Self.meta(page, "og:url") == [postURL])
        #expect(page.values("//head/link[@rel='canonical']/@href") == [postURL])
        let image = try #require(Self.meta(page, "og:image").first)
        #expect(image.hasPrefix(postURL + "photo-640.") && image.hasSuffix(".jpg"))
        #expect(fixture.exists(String(image.dropFirst(Self.baseURL.count))))
        #expect(Self.meta(page, "og:image:width") == ["640"])
        #expect(Self.meta(page, "og:image:height") == ["427"])
        #expect(Self.meta(page, "og:image:type") == ["image/jpeg"])
        #expect(Self.meta(page, "og:image:alt") == ["A rocket"])
        #expect(Self.meta(page, "article:author") == [Self.baseURL + "u/alice/"])
        #expect(Self.meta(page, "article:published_time") == ["2015-11-02T03:34:47.670Z"])
        #expect(Self.meta(page, "twitter:card") == ["summary_large_image"])
        #expect(Self.meta(page, "twitter:image:alt") == ["A rocket"])
        #expect(Self.meta(page, "profile:username").isEmpty)
        // The image the tags name is the file the page shows.
        #expect(page.values("//main//figure//img/@src") == ["/photos/" + image.dropFirst(Self.baseURL.count)])
        #expect(
            page.values("//head/link[@rel='alternate'][@type='application/atom+xml']/@href") == ["/photos/p/\(Self.post)/comments.xml", "/photos/atom.xml"])
        #expect(page.values("//main//a[@type='application/atom+xml']/@href") == ["/photos/p/\(Self.post)/comments.xml"])
    }

    @Test("a profile page: profile, username, summary card, the avatar or else the newest photo")
    func profilePages() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.build(baseURL: Self.baseURL)
        let kim = try #require(HTMLDocument(path: fixture.output + "/u/kim/index.html"))
        #expect(Self.meta(kim, "og:type") == ["profile"])
        #expect(Self.meta(kim, "profile:username") == ["kim"])
        #expect(Self.meta(kim, "twitter:card") == ["summary"])
        #expect(Self.meta(kim, "og:description") == ["Stars & \"galaxies\""])
        #expect(Self.meta(kim, "og:url") == [Self.baseURL + "u/kim/"])
        let avatar = try #require(Self.meta(kim, "og:image").first)
        #expect(avatar.hasPrefix(Self.baseURL + "u/kim/avatar-sq") && avatar.hasSuffix(".jpg"))
        #expect(fixture.exists(String(avatar.dropFirst(Self.baseURL.count))))
        #expect(Self.meta(kim, "og:image:width").count == 1 && Self.meta(kim, "og:image:height").count == 1)
        #expect(Self.meta(kim, "og:image:alt") == ["Profile picture of Kim"])
        #expect(Self.meta(kim, "article:author").isEmpty)

        let alice = try #require(HTMLDocument(path: fixture.output + "/u/alice/index.html"))
        #expect(Self.meta(alice, "og:image").first?.hasPrefix(Self.baseURL + "p/\(Self.post)/photo-640.") == true)
        #expect(Self.meta(alice, "og:image:width") == ["640"])
        #expect(Self.meta(alice, "og:image:height") == ["427"])
        #expect(alice.values("//head/link[@rel='alternate'][@type='application/atom+xml']/@href") == ["/photos/u/alice/atom.xml", "/photos/atom.xml"])
        #expect(alice.values("//main//a[@type='application/atom+xml']/@href") == ["/photos/u/alice/atom.xml"])

        let timeline = try #require(HTMLDocument(path: fixture.output + "/u/alice/feed/index.html"))
        #expect(timeline.values("//head/link[@rel='alternate'][@type='application/atom+xml']/@href") == ["/photos/u/alice/feed/atom.xml", "/photos/atom.xml"])
        #expect(timeline.values("//main//a[@type='application/atom+xml']/@href") == ["/photos/u/alice/feed/atom.xml"])
        #expect(Self.meta(timeline, "og:type") == ["website"])
    }

    @Test("every page: canonical URL, og:url equal to it, the site feed linked in the head and the footer")
    func everyPage() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.build(baseURL: Self.baseURL)
        let pages = try SiteFixture.snapshot(fixture.output).keys.filter { $0.hasSuffix(".html") }
        #expect(pages.count > 15)
        for page in pages {
            let document = try #require(HTMLDocument(path: fixture.output + "/" + page))
            let feeds = document.values("//head/link[@rel='alternate'][@type='application/atom+xml']/@href")
            #expect(feeds.last == "/photos/atom.xml", "\(page)")
            #expect(document.count("//head/link[@rel='alternate'][@type='application/atom+xml'][not(@title)]") == 0)
            #expect(document.values("//footer//a[@type='application/atom+xml']/@href") == ["/photos/atom.xml"])
            for feed in feeds {
                #expect(fixture.exists(String(feed.dropFirst("/photos/".count))), "\(page) links \(feed)")
            }
            #expect(Self.meta(document, "og:type").count == 1)
            #expect(Self.meta(document, "twitter:card").count == 1)
            for url in Self.meta(document, "og:url") + Self.meta(document, "og:image") {
                #expect(url.hasPrefix(Self.baseURL), "\(page): \(url)")
            }
            guard page != "404.html" else {
                #expect(document.count("//link[@rel='canonical']") == 0)
                continue
            }
            let canonical = document.values("//head/link[@rel='canonical']/@href")
            #expect(canonical.count == 1 && canonical.first?.hasPrefix(Self.baseURL) == true, "\(page)")
            #expect(Self.meta(document, "og:url") == canonical)
            let expected = Self.baseURL + (page == "index.html" ? "" : String(page.dropLast("index.html".count)))
            #expect(canonical == [expected])
        }
    }
}
