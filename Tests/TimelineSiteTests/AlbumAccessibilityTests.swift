import Foundation
import Testing
import TimelineTestSupport

/// The album pages, left to right and right to left: an album's page, its owner's list of
/// albums, the owner's profile with its row of albums and a post page that names the albums
/// holding the post pass the Nu HTML checker, and axe-core finds no violation on them.
@Suite("Album pages' validity and accessibility")
struct AlbumAccessibilityTests {
    /// A site of Han's and Leia's posts, written by `SiteModel` and built with relative links,
    /// with Han's album of four, one of them Leia's and its cover, described in Markdown with a
    /// mention and a hashtag, paged two posts a page; and Han's second album, of his newest post.
    struct AlbumSite {
        let fixture: SiteFixture
        let newest: String
        let leias: String

        static let album = "u/hansolo/albums/kessel/index.html"
        static let albums = "u/hansolo/albums/index.html"
        static let profile = "u/hansolo/index.html"
        var post: String { "p/\(newest)/index.html" }
        var pages: [String] { [Self.album, Self.albums, Self.profile, post] }

        init(language: String) async throws {
            var model = SiteModel.initial()
            model.users = [
                SiteModel.User(username: "hansolo", name: "Han Solo", bio: "Flies *fast*.", follows: ["leia"]),
                SiteModel.User(username: "leia", name: "Leia Organa", bio: nil, follows: ["hansolo"]),
            ]
            let oldest = SiteModel.Post(id: model.nextID(), author: "hansolo", caption: "Off to #kessel", alt: "A rocket at dawn", photo: 0)
            var leias = SiteModel.Post(id: model.nextID(), author: "leia", caption: "Co-pilot @hansolo", alt: "Coffee before the jump", photo: 1)
            leias.comments = [SiteModel.Comment(id: model.nextID(), author: "hansolo", text: "Thanks, @leia")]
            let newest = SiteModel.Post(id: model.nextID(), author: "hansolo", caption: "Made it in twelve parsecs", alt: "A rocket landed", photo: 0)
            let home = SiteModel.Post(id: model.nextID(), author: "hansolo", caption: "Back home", alt: "Coffee at home", photo: 1)
            model.posts = [oldest, leias, newest, home]
            model.albums = [
                SiteModel.Album(
                    owner: "hansolo", slug: "kessel", title: "The Kessel Run",
                    description: "Twelve parsecs with **@leia**, *no* [map](https://example.org/map) and #kessel.", cover: leias.id,
                    posts: [oldest.id, leias.id, newest.id, home.id]),
                SiteModel.Album(owner: "hansolo", slug: "alone", title: "Alone", posts: [newest.id]),
            ]
            fixture = try SiteFixture()
            try model.sync(to: fixture.root)
            // Opened from the folder in Chromium: the links must be relative.
            try fixture.write(
                "Content/site.json",
                #"{"title": "Albums", "baseURL": "https://example.org/", "language": "\#(language)", "pageSize": 2, "feedDepth": 2, "relativeURLs": true}"#)
            self.newest = newest.id
            self.leias = leias.id
            let report = try await fixture.build(strict: true)
            #expect(report.warnings.isEmpty, "\(report.warnings)")
        }

        func page(_ path: String) throws -> HTMLDocument {
            try #require(HTMLDocument(path: fixture.output + "/" + path), "no page \(path)")
        }

        /// Whether the pages show everything albums put on them, so that the checks see it.
        func expectEverythingShown(language: String) throws {
            let album = try page(Self.album)
            #expect(album.text("//h1") == "The Kessel Run")
            #expect(album.count("//div[@class='album-description']//strong") == 1)
            #expect(album.count("//div[@class='album-description']//em") == 1)
            let links = album.values("//div[@class='album-description']//a/@href")
            #expect(links.count == 3, "\(links)")
            #expect(links.contains { $0.contains("leia/index.html") } && links.contains { $0.contains("tags/kessel/") }, "\(links)")
            #expect(album.count("//article[@class='card']") == 2)
            #expect(album.values("//article[@class='card']//a[@class='card-photo']/@href").contains { $0.contains(leias) })
            #expect(album.count("//nav[@class='pagination']//a[@rel='next']") == 1)
            for path in [Self.albums, Self.profile] {
                let items = try page(path).values("//ul[contains(@class, 'albums')]/li/a")
                #expect(items.count == 2, "\(path): \(items)")
                #expect(try page(path).count("//li[@class='album-item']//img") == 2, "\(path)")
            }
            #expect(try page(Self.profile).count("//section[@class='profile-albums']/h2") == 1)
            #expect(try page(post).count("//section[@class='post-albums']//li/a") == 2)
            for path in pages {
                #expect(try page(path).values("/html/@dir") == [language == "ar" ? "rtl" : "ltr"], "\(path)")
            }
        }
    }

    @Test(
        "the album page, the albums list, the profile's row of albums and a post's albums pass the Nu HTML checker, left to right and right to left",
        arguments: ["en", "ar"])
    func validHTML(language: String) async throws {
        let site = try await AlbumSite(language: language)
        try site.expectEverythingShown(language: language)
        // The checker takes every page under the folder it is given: only these four.
        let checked = site.fixture.root + "/Checked"
        for path in site.pages {
            let copy = checked + "/" + path
            try FileManager.default.createDirectory(atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: site.fixture.output + "/" + path, toPath: copy)
        }
        let result = try await Subprocess.run(RepositoryPaths.root + "/scripts/nu-check.sh", [checked])
        #expect(result.status == 0, "\(language): \(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("nu-check: 4 files under \(checked), no errors or warnings"), "\(result.standardError)")
    }

    @Test(
        "axe-core finds no violation on the album page, the albums list, the profile and a post page, left to right and right to left; and finds the one planted on the album page",
        .enabled(if: Browser.shouldRun), arguments: ["en", "ar"])
    func axe(language: String) async throws {
        let site = try await AlbumSite(language: language)
        try site.expectEverythingShown(language: language)
        let located = try await Subprocess.run(RepositoryPaths.root + "/scripts/axe-core.sh", [])
        #expect(located.status == 0, "\(located.standardError)")
        let script = located.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.copyItem(atPath: script, toPath: site.fixture.output + "/assets/axe.min.js")
        for page in site.pages {
            let violations = try await axeViolations(site.fixture, page)
            #expect(violations == [], "\(language): \(page): \(violations)")
        }
        let main = #"<main id="main" tabindex="-1">"#
        #expect(try site.fixture.read(AlbumSite.album).contains(main))
        let planted = try await axeViolations(site.fixture, AlbumSite.album) { $0.replacingOccurrences(of: main, with: main + #"<img src="x.png">"#) }
        #expect(planted == ["image-alt"], "\(language)")
    }
}
