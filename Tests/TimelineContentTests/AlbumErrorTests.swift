import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineContent
@testable import TimelineModel
@testable import TimelineSystem

/// Albums (`albums/<username>/<slug>.md`): what is read, and each kind of bad album located at
/// its file, line and column with a code of its own.
@Suite("Album content")
struct AlbumErrorTests {
    static let alicePost = "-K25Fj8qrMAtxXG3QCSn"
    static let bobPost = "-K36oDNVDXuaek0DUCoc"
    static let carolPost = "-K4JKCJcHOnPQ8mBtMK6"

    /// The small site with carol, whom nobody follows, and a post of hers.
    func fixture() throws -> SiteFixture {
        let fixture = try SiteFixture.small()
        try fixture.user("carol")
        try fixture.post(Self.carolPost, by: "carol")
        return fixture
    }

    func album(title: String = "Iceland", cover: String? = nil, posts: [String], body: String = "") -> String {
        let coverLine = cover.map { "cover: \"\($0)\"\n" } ?? ""
        let items = posts.map { "  - \"\($0)\"\n" }.joined()
        return "---\ntitle: \(title)\n\(coverLine)posts:\n\(items)---\n\(body)"
    }

    func linked(_ fixture: SiteFixture) async throws -> (LinkedSite?, DiagnosticList) {
        let (content, loaded) = await ContentLoader(contentFolder: SitePath(absolute: fixture.root + "/Content", shown: "Content/")).load()
        let (site, linked) = SiteLinker.link(try #require(content, "\(loaded)"))
        var all = loaded
        all.append(contentsOf: linked)
        return (site, all)
    }

    func only(_ code: DiagnosticCode, in diagnostics: [Diagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let matching = diagnostics.filter { $0.code == code }
        #expect(matching.count == 1, "expected one \(code), got \(diagnostics.map(\.description))", sourceLocation: sourceLocation)
        return try #require(matching.first, sourceLocation: sourceLocation)
    }

    @Test("an album is read with its title, description, cover and posts in the owner's order; albums sort by owner, then slug")
    func readsAlbums() async throws {
        let fixture = try fixture()
        try fixture.write(
            "Content/albums/alice/iceland.md", album(cover: Self.bobPost, posts: [Self.alicePost, Self.bobPost], body: "A week of *wind*.\n"))
        try fixture.write("Content/albums/alice/Autumn.md", album(title: "  Autumn  ", posts: [Self.alicePost]))
        try fixture.write("Content/albums/bob/best.md", album(title: "Best of", posts: [Self.bobPost, Self.alicePost]))
        let (site, diagnostics) = try await linked(fixture)
        let linkedSite = try #require(site, "\(diagnostics)")
        #expect(linkedSite.albums.map { "\($0.owner.username)/\($0.slug)" } == ["alice/Autumn", "alice/iceland", "bob/best"])
        let iceland = linkedSite.albums[1]
        #expect(iceland.title == "Iceland")
        #expect(iceland.description == "A week of *wind*.\n")
        #expect(iceland.cover?.id.rawValue == Self.bobPost)
        #expect(iceland.posts.map(\.id.rawValue) == [Self.alicePost, Self.bobPost])
        #expect(iceland.posts[1].location.line == 6)
        #expect(linkedSite.albums[0].title == "Autumn" && linkedSite.albums[0].description == nil)
        _ = try await fixture.build()
    }

    @Test("bad album files: a name that is no slug, slugs that differ only in case, an empty album, a post twice, a cover outside")
    func fileErrors() async throws {
        let fixture = try fixture()
        try fixture.write("Content/albums/alice/not a slug.md", album(posts: [Self.alicePost]))
        try fixture.write("Content/albums/alice/trip.md", album(posts: [Self.alicePost]))
        try fixture.write("Content/albums/alice/Trip.md", album(posts: [Self.alicePost]))
        try fixture.write("Content/albums/alice/empty.md", "---\ntitle: Nothing yet\nposts: []\n---\n")
        try fixture.write("Content/albums/alice/twice.md", album(posts: [Self.alicePost, Self.bobPost, Self.alicePost]))
        try fixture.write("Content/albums/alice/cover.md", album(cover: Self.bobPost, posts: [Self.alicePost]))
        try fixture.write("Content/albums/alice/notes.txt", "not an album")
        let diagnostics = await fixture.failingBuild()

        let slug = try only(.invalidAlbumSlug, in: diagnostics)
        #expect(slug.location.path.hasSuffix("albums/alice/not a slug.md"))
        let duplicate = try only(.duplicateAlbumSlug, in: diagnostics)
        #expect(duplicate.location.path.hasSuffix("albums/alice/trip.md") || duplicate.location.path.hasSuffix("albums/alice/Trip.md"))
        let empty = try only(.emptyAlbum, in: diagnostics)
        #expect(empty.location.path.hasSuffix("albums/alice/empty.md") && empty.location.line == 3 && empty.location.column == 1)
        let twice = try only(.duplicateAlbumPost, in: diagnostics)
        #expect(twice.location.path.hasSuffix("albums/alice/twice.md") && twice.location.line == 6 && twice.location.column == 5)
        let cover = try only(.coverOutsideAlbum, in: diagnostics)
        #expect(cover.location.path.hasSuffix("albums/alice/cover.md") && cover.location.line == 3 && cover.location.column == 8)
        let ignored = diagnostics.filter { $0.severity == .warning && $0.location.path.hasSuffix("albums/alice/notes.txt") }
        #expect(ignored.map(\.code) == [.unknownKey])
        #expect(diagnostics.allSatisfy { $0.stage == .load })
    }

    @Test("albums checked against the site: an unknown owner, an unknown post, a post by someone the owner does not follow")
    func siteErrors() async throws {
        let fixture = try fixture()
        try fixture.write("Content/albums/ghost/trip.md", album(posts: [Self.alicePost]))
        try fixture.write("Content/albums/alice/trip.md", album(posts: [Self.alicePost, "-NoSuchPost000000000", Self.carolPost]))
        try fixture.write("Content/albums/carol/all.md", album(posts: [Self.carolPost]))
        let diagnostics = await fixture.failingBuild()

        let owner = try only(.unknownUser, in: diagnostics)
        #expect(owner.location.path.hasSuffix("albums/ghost/") && owner.message.contains("'ghost'"))
        let unknown = try only(.unknownAlbumPost, in: diagnostics)
        #expect(unknown.location.path.hasSuffix("albums/alice/trip.md") && unknown.location.line == 5 && unknown.location.column == 5)
        let stranger = try only(.albumPostNotFollowed, in: diagnostics)
        #expect(stranger.location.path.hasSuffix("albums/alice/trip.md") && stranger.location.line == 6)
        #expect(stranger.message.contains("carol"))
        #expect(diagnostics.filter { $0.location.path.contains("albums/carol") }.isEmpty)
    }

    @Test("an album without front matter, or with a bad title or a post that is no ID")
    func malformedAlbums() async throws {
        let fixture = try fixture()
        try fixture.write("Content/albums/alice/bare.md", "Just text")
        try fixture.write("Content/albums/alice/untitled.md", "---\ntitle: \"   \"\nposts: [\"\(Self.alicePost)\"]\n---\n")
        try fixture.write("Content/albums/alice/badid.md", "---\ntitle: Bad\nposts: [\"not an id!\"]\n---\n")
        try fixture.write("Content/albums/alice/typo.md", "---\ntitle: Typo\npost: [\"\(Self.alicePost)\"]\n---\n")
        let diagnostics = await fixture.failingBuild()
        let bare = try only(.missingFrontMatter, in: diagnostics)
        #expect(bare.location.path.hasSuffix("bare.md") && bare.location.line == 1 && bare.message.contains("title"))
        let title = try only(.invalidValue, in: diagnostics)
        #expect(title.location.path.hasSuffix("untitled.md") && title.location.line == 2)
        let id = try only(.invalidID, in: diagnostics)
        #expect(id.location.path.hasSuffix("badid.md") && id.location.line == 3)
        let typo = try only(.unknownKey, in: diagnostics)
        #expect(typo.location.path.hasSuffix("typo.md") && typo.message.contains("did you mean 'posts'"))
        #expect(diagnostics.contains { $0.code == .missingKey && $0.location.path.hasSuffix("typo.md") })
    }

    @Test("a change to an album is seen by the next build, never taken as up to date")
    func albumChangesReachTheNextBuild() async throws {
        let fixture = try fixture()
        _ = try await fixture.build()
        try fixture.write("Content/albums/alice/trip.md", album(posts: [Self.alicePost]))
        let added = try await fixture.build()
        #expect(added.files.mode != .upToDate)
        try fixture.write("Content/albums/alice/trip.md", album(posts: [Self.alicePost, "-NoSuchPost000000000"]))
        let diagnostics = await fixture.failingBuild()
        #expect(diagnostics.map(\.code).contains(.unknownAlbumPost))
    }
}
