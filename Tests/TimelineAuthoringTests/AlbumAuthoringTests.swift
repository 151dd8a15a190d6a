import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent
@testable import TimelineModel

/// The commands that change posts and users keep albums right in the same transaction: a
/// deleted post leaves every album, a deleted user's albums go, a renamed user's move.
@Suite("Albums kept right by other commands")
struct AlbumAuthoringTests {
    static let alicePost = "-K25Fj8qrMAtxXG3QCSn"
    static let bobPost = "-K36oDNVDXuaek0DUCoc"

    /// The small site (alice and bob follow each other) with an album of each.
    func site() throws -> SiteFixture {
        let fixture = try SiteFixture.small()
        try fixture.write(
            "Content/albums/alice/both.md",
            "---\ntitle: Both of us\ncover: \"\(Self.bobPost)\"\nposts:\n  - \"\(Self.alicePost)\"\n  - \"\(Self.bobPost)\"\n---\nA *good* year.\n")
        try fixture.write("Content/albums/bob/mine.md", "---\ntitle: Mine\nposts: [\"\(Self.bobPost)\"]\n---\n")
        return fixture
    }

    @Test("a deleted post leaves every album that held it: the cover falls back, an album left empty goes; the site still builds")
    func deletedPost() async throws {
        let fixture = try site()
        let result = try fixture.author.deletePost(Self.bobPost)
        #expect(result.summary.contains("albums/alice/both.md") && result.summary.contains("albums/bob/mine.md"))
        #expect(!FileManager.default.fileExists(atPath: fixture.content + "/albums/bob/mine.md"))
        let both = try String(contentsOfFile: fixture.content + "/albums/alice/both.md", encoding: .utf8)
        #expect(both == "---\ntitle: Both of us\nposts:\n  - \"\(Self.alicePost)\"\n---\nA *good* year.\n")
        await ContentChecks.checkPasses(fixture)
    }

    @Test("a deleted user's albums go with them (only with --with-content), and their posts leave everyone else's")
    func deletedUser() async throws {
        let fixture = try site()
        let refused = try await ContentChecks.refused(fixture.content) { _ = try await fixture.author.deleteUser(.init(username: "bob")) }
        #expect(refused.reason == .hasContent)
        #expect(FileManager.default.fileExists(atPath: fixture.content + "/albums/bob/mine.md"))
        _ = try await fixture.author.deleteUser(.init(username: "bob", withContent: true))
        #expect(!FileManager.default.fileExists(atPath: fixture.content + "/albums/bob"))
        #expect(try String(contentsOfFile: fixture.content + "/albums/alice/both.md", encoding: .utf8).contains("  - \"\(Self.alicePost)\"\n---"))
        #expect(try !String(contentsOfFile: fixture.content + "/albums/alice/both.md", encoding: .utf8).contains(Self.bobPost))
        await ContentChecks.checkPasses(fixture)
    }

    @Test("a renamed user's albums move to the new name's folder, byte for byte")
    func renamedUser() async throws {
        let fixture = try site()
        let before = try String(contentsOfFile: fixture.content + "/albums/bob/mine.md", encoding: .utf8)
        _ = try await fixture.author.renameUser(.init(username: "bob", newUsername: "robert"))
        #expect(!FileManager.default.fileExists(atPath: fixture.content + "/albums/bob"))
        #expect(try String(contentsOfFile: fixture.content + "/albums/robert/mine.md", encoding: .utf8) == before)
        await ContentChecks.checkPasses(fixture)
        _ = try await fixture.build()
        #expect(fixture.exists("u/robert/albums/mine/index.html"))
    }

    @Test("new album writes the file the loader reads back, its slug made from the title; delete album removes it and keeps the posts")
    func newAndDeleteAlbum() async throws {
        let fixture = try SiteFixture.small()
        let result = try fixture.author.newAlbum(
            .init(username: "alice", title: "Été à Paris: 2024!", posts: [Self.bobPost, Self.alicePost], cover: Self.alicePost, description: "Hot *days*"))
        #expect(result.id == "ete-a-paris-2024")
        let file = fixture.content + "/albums/alice/ete-a-paris-2024.md"
        #expect(
            try String(contentsOfFile: file, encoding: .utf8)
                == "---\ntitle: \"Été à Paris: 2024!\"\ncover: \"\(Self.alicePost)\"\nposts:\n  - \"\(Self.bobPost)\"\n  - \"\(Self.alicePost)\"\n---\nHot *days*\n"
        )
        let again = try fixture.author.newAlbum(.init(username: "alice", title: "Été à Paris: 2024!", posts: [Self.alicePost]))
        #expect(again.id == "ete-a-paris-2024-2")
        _ = try await fixture.build()
        #expect(fixture.exists("u/alice/albums/ete-a-paris-2024/index.html"))

        _ = try fixture.author.deleteAlbum(username: "alice", slug: "ete-a-paris-2024")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(FileManager.default.fileExists(atPath: fixture.content + "/posts/\(Self.bobPost)/post.md"))
        await ContentChecks.checkPasses(fixture)
    }

    @Test("new album and delete album refuse what the content rules would, and change nothing")
    func refusals() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("carol")
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "carol")
        let author = fixture.author
        func reason(_ request: ContentAuthor.NewAlbum) throws -> AuthoringError.Reason {
            try ContentChecks.refused(fixture.content) { _ = try author.newAlbum(request) }.reason
        }
        #expect(try reason(.init(username: "nobody", title: "X", posts: [Self.alicePost])) == .unknownUser)
        #expect(try reason(.init(username: "alice", title: "X", posts: ["-NoSuchPost000000000"])) == .unknownPost)
        #expect(try reason(.init(username: "alice", title: "X", posts: [])) == .invalidArgument)
        #expect(try reason(.init(username: "alice", title: "  ", posts: [Self.alicePost])) == .invalidArgument)
        #expect(try reason(.init(username: "alice", title: "X", posts: [Self.alicePost, Self.alicePost])) == .invalidArgument)
        #expect(try reason(.init(username: "alice", title: "X", posts: ["-K4JKCJcHOnPQ8mBtMK6"])) == .invalidArgument)
        #expect(try reason(.init(username: "alice", title: "X", posts: [Self.alicePost], cover: Self.bobPost)) == .invalidArgument)
        #expect(try reason(.init(username: "alice", title: "X", posts: [Self.alicePost], slug: "no slug")) == .invalidArgument)
        _ = try author.newAlbum(.init(username: "alice", title: "X", posts: [Self.alicePost], slug: "Trip"))
        #expect(try reason(.init(username: "alice", title: "X", posts: [Self.alicePost], slug: "trip")) == .alreadyExists)
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.deleteAlbum(username: "alice", slug: "trp") }.reason == .unknownAlbum)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/albums/alice") == ["Trip.md"])
    }

    @Test("edit album adds, removes and orders posts, changes the title, cover and description; the same values change nothing; refusals change nothing")
    func editAlbum() async throws {
        let fixture = try site()
        let file = fixture.content + "/albums/alice/both.md"
        let author = fixture.author
        _ = try author.editAlbum(.init(username: "alice", slug: "both", remove: [Self.bobPost]))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "---\ntitle: Both of us\nposts:\n  - \"\(Self.alicePost)\"\n---\nA *good* year.\n")
        _ = try author.editAlbum(.init(username: "alice", slug: "both", add: [Self.bobPost], title: "Us", cover: Self.bobPost, description: ""))
        _ = try author.editAlbum(.init(username: "alice", slug: "both", order: [Self.bobPost, Self.alicePost]))
        #expect(
            try String(contentsOfFile: file, encoding: .utf8)
                == "---\ntitle: Us\ncover: \"\(Self.bobPost)\"\nposts:\n  - \"\(Self.bobPost)\"\n  - \"\(Self.alicePost)\"\n---\n")
        let same = try author.editAlbum(.init(username: "alice", slug: "both", title: "Us"))
        #expect(!same.changed)
        await ContentChecks.checkPasses(fixture)

        func reason(_ request: ContentAuthor.EditAlbum) throws -> AuthoringError.Reason {
            try ContentChecks.refused(fixture.content) { _ = try author.editAlbum(request) }.reason
        }
        #expect(try reason(.init(username: "alice", slug: "bath", title: "X")) == .unknownAlbum)
        #expect(try reason(.init(username: "alice", slug: "both", add: [Self.alicePost])) == .invalidArgument)
        #expect(try reason(.init(username: "alice", slug: "both", remove: ["-NoSuchPost000000000"])) == .invalidArgument)
        #expect(try reason(.init(username: "alice", slug: "both", remove: [Self.alicePost, Self.bobPost])) == .invalidArgument)
        #expect(try reason(.init(username: "alice", slug: "both", order: [Self.alicePost])) == .invalidArgument)
        #expect(try reason(.init(username: "alice", slug: "both", cover: "-NoSuchPost000000000")) == .invalidArgument)
        #expect(try reason(.init(username: "alice", slug: "both", title: "")) == .invalidArgument)
    }

    @Test("unfollow takes the posts of whom the user no longer follows out of the user's albums, in the same transaction")
    func unfollowed() async throws {
        let fixture = try site()
        let result = try fixture.author.unfollow("alice", "bob")
        #expect(result.summary.contains("albums/alice/both.md"))
        let both = try String(contentsOfFile: fixture.content + "/albums/alice/both.md", encoding: .utf8)
        #expect(both == "---\ntitle: Both of us\nposts:\n  - \"\(Self.alicePost)\"\n---\nA *good* year.\n")
        #expect(FileManager.default.fileExists(atPath: fixture.content + "/albums/bob/mine.md"))
        await ContentChecks.checkPasses(fixture)
    }
}
