import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineSite

/// Album pages: an album's posts in its owner's order, paged like the other lists, and a
/// user's list of albums.
@Suite("Album pages")
struct AlbumPageTests {
    static let older = "-K25Fj8qrMAtxXG3QCSn"
    static let newer = "-K36oDNVDXuaek0DUCoc"
    static let newest = "-K3d5SS4ZpLjcbBJ5UIt"

    static func site(language: String? = nil, pageSize: Int? = nil) throws -> SiteFixture {
        let fixture = try SiteFixture()
        var settings: [String] = ["\"title\": \"Albums\"", "\"baseURL\": \"https://example.org/\""]
        if let language { settings.append("\"language\": \"\(language)\"") }
        if let pageSize { settings.append("\"pageSize\": \(pageSize)") }
        try fixture.write("Content/site.json", "{" + settings.joined(separator: ", ") + "}\n")
        try fixture.user("hansolo", follows: ["leia"])
        try fixture.user("leia", follows: [])
        try fixture.post(older, by: "hansolo", caption: "Oldest")
        try fixture.post(newer, by: "leia", caption: "Leia's")
        try fixture.post(newest, by: "hansolo", caption: "Newest")
        try fixture.write(
            "Content/albums/hansolo/kessel.md",
            "---\ntitle: The Kessel Run\ncover: \"\(newer)\"\nposts:\n  - \"\(older)\"\n  - \"\(newer)\"\n  - \"\(newest)\"\n---\nTwelve parsecs with @leia, #fast.\n"
        )
        try fixture.write("Content/albums/hansolo/alone.md", "---\ntitle: Alone\nposts: [\"\(newest)\"]\n---\n")
        return fixture
    }

    static func cards(_ page: HTMLDocument) -> [String] {
        page.values("//article[@class='card']//a[@class='card-photo']/@href")
    }

    @Test("an album page shows its title, owner, description and posts in the album's order; the owner's list shows each album by slug")
    func albumPages() async throws {
        let fixture = try Self.site()
        _ = try await fixture.build()
        let album = try #require(HTMLDocument(path: fixture.output + "/u/hansolo/albums/kessel/index.html"))
        #expect(album.text("//h1") == "The Kessel Run")
        #expect(album.text("//title") == "The Kessel Run · Albums")
        #expect(Self.cards(album) == ["/p/\(Self.older)/", "/p/\(Self.newer)/", "/p/\(Self.newest)/"])
        #expect(album.values("//div[@class='album-description']//a/@href") == ["/u/leia/", "/tags/fast/"])
        #expect(album.values("//header//a/@href").contains("/u/hansolo/albums/"))
        #expect(album.values("//meta[@name='description']/@content") == ["Twelve parsecs with @leia, #fast."])
        // The cover, Leia's post, is the share image; the album's feed is linked and written, newest first.
        let image = try #require(album.values("//meta[@property='og:image']/@content").first)
        #expect(image.hasPrefix("https://example.org/p/\(Self.newer)/"))
        // It heads the page too.
        let cover = try #require(album.values("//header[contains(@class, 'album-header')]//img/@src").first)
        #expect(cover.hasPrefix("/p/\(Self.newer)/"))
        #expect(album.values("//link[@rel='alternate']/@href").first == "/u/hansolo/albums/kessel/atom.xml")
        let feed = try fixture.read("u/hansolo/albums/kessel/atom.xml")
        let entries = [Self.newest, Self.newer, Self.older].compactMap { feed.range(of: "/p/\($0)/")?.lowerBound }
        #expect(entries.count == 3 && entries == entries.sorted())

        let list = try #require(HTMLDocument(path: fixture.output + "/u/hansolo/albums/index.html"))
        #expect(list.text("//h1") == "Albums by hansolo")
        #expect(list.values("//ul[contains(@class, 'albums')]/li/a/@href") == ["/u/hansolo/albums/alone/", "/u/hansolo/albums/kessel/"])
        #expect(list.values("//span[@class='album-count']") == ["1 photo", "3 photos"])
        #expect(!fixture.exists("u/leia/albums/index.html"))
        let profile = try #require(HTMLDocument(path: fixture.output + "/u/hansolo/index.html"))
        #expect(profile.values("//section[@class='profile-albums']//li/a/@href") == ["/u/hansolo/albums/alone/", "/u/hansolo/albums/kessel/"])
        let leia = try #require(HTMLDocument(path: fixture.output + "/u/leia/index.html"))
        #expect(leia.values("//section[@class='profile-albums']").isEmpty)
        let post = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.newest)/index.html"))
        #expect(post.values("//section[@class='post-albums']//a/@href") == ["/u/hansolo/albums/alone/", "/u/hansolo/albums/kessel/"])
        let sitemap = try fixture.read("sitemap.xml")
        #expect(sitemap.contains("https://example.org/u/hansolo/albums/kessel/") && sitemap.contains("https://example.org/u/hansolo/albums/"))
    }

    @Test("an album is paged like the other lists, in its own order: the front page first, numbered pages from its end")
    func paged() async throws {
        let fixture = try Self.site(pageSize: 1)
        _ = try await fixture.build()
        let front = try #require(HTMLDocument(path: fixture.output + "/u/hansolo/albums/kessel/index.html"))
        #expect(Self.cards(front) == ["/p/\(Self.older)/"])
        let second = try #require(HTMLDocument(path: fixture.output + "/u/hansolo/albums/kessel/page/2/index.html"))
        #expect(Self.cards(second) == ["/p/\(Self.newer)/"])
        #expect(second.text("//title") == "The Kessel Run · page 2 · Albums")
        let first = try #require(HTMLDocument(path: fixture.output + "/u/hansolo/albums/kessel/page/1/index.html"))
        #expect(Self.cards(first) == ["/p/\(Self.newest)/"])
    }

    @Test("the album pages in Arabic: the theme's texts translated, the album's own as written")
    func arabic() async throws {
        let fixture = try Self.site(language: "ar")
        _ = try await fixture.build()
        let list = try #require(HTMLDocument(path: fixture.output + "/u/hansolo/albums/index.html"))
        #expect(list.text("//h1") == "ألبومات hansolo")
        #expect(list.values("/html/@dir") == ["rtl"])
        let album = try #require(HTMLDocument(path: fixture.output + "/u/hansolo/albums/kessel/index.html"))
        #expect(album.text("//h1") == "The Kessel Run")
        #expect(album.values("//header//a").contains("كل الألبومات"))
    }
}
