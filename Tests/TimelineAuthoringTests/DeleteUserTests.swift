import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent
@testable import TimelineModel

/// `timeline delete user`: the user's file goes, and with it every reference the content rules
/// would then refuse (follows always; posts, comments and likes only when asked), all at once
/// or not at all.
@Suite("Delete user")
struct DeleteUserTests {
    static let alicePost = "-K25Fj8qrMAtxXG3QCSn"
    static let bobPost = "-K36oDNVDXuaek0DUCoc"

    /// The small site, where bob also commented on and liked alice's post, beside alice's own
    /// comment.
    func siteWhereBobWrote() throws -> SiteFixture {
        let fixture = try SiteFixture.small()
        try fixture.write(
            "Content/posts/\(Self.alicePost)/comments.json",
            #"[{"id": "-K28xPOXBBXdCrFx-EAY", "username": "bob", "text": "Nice one, alice"}, {"id": "-K28xzlhs8ArmgB6bcCB", "username": "alice", "text": "Thanks!"}]"#
        )
        try fixture.write("Content/posts/\(Self.alicePost)/likes.json", #"[{"id": "-K28yA1bcdefghijklmn", "username": "bob"}]"#)
        return fixture
    }

    @Test(
        "a user who wrote nothing is deleted with their avatar, and removed from the follows of everyone who followed them; other files are left byte for byte")
    func userWhoWroteNothing() async throws {
        let fixture = try SiteFixture.small()
        let author = fixture.author
        _ = try author.newUser(.init(username: "carol", avatar: RepositoryPaths.samplePhoto))
        _ = try author.follow("alice", "carol")
        try fixture.user("dave", follows: ["alice"], extra: "\n  \"bio\": \"Friends with carol\",")
        let bob = try ContentChecks.text(fixture.content + "/users/bob.json")
        let dave = try ContentChecks.text(fixture.content + "/users/dave.json")

        let result = try await author.deleteUser(.init(username: "carol"))
        #expect(result.summary == "Deleted user carol: Content/users/carol.json; removed from the follows of alice")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/users").sorted() == ["alice.json", "bob.json", "dave.json"])
        #expect(try ContentChecks.text(fixture.content + "/users/alice.json") == "{\n  \"username\": \"alice\",\n  \"follows\": [\n    \"bob\"\n  ]\n}\n")
        #expect(try ContentChecks.text(fixture.content + "/users/bob.json") == bob)
        #expect(try ContentChecks.text(fixture.content + "/users/dave.json") == dave)
        await ContentChecks.checkPasses(fixture)
    }

    @Test("a user who wrote posts, comments or likes is refused without --with-content, saying how many; nothing changes")
    func refusedWithoutContent() async throws {
        let fixture = try siteWhereBobWrote()
        let error = try await ContentChecks.refused(fixture.content) { _ = try await fixture.author.deleteUser(.init(username: "bob")) }
        #expect(error.reason == .hasContent)
        #expect(
            error.description
                == "Content/users/bob.json: error: bob wrote 1 post, 1 comment and 1 like; nothing was deleted. Delete them too with --with-content, or keep the user"
        )
        let unknown = try await ContentChecks.refused(fixture.content) { _ = try await fixture.author.deleteUser(.init(username: "bobb", withContent: true)) }
        #expect(unknown.description == "error: unknown user 'bobb': there is no Content/users/bobb.json; did you mean 'bob'?")
    }

    @Test("--with-content also deletes the user's posts and their comments and likes on other posts, and the site still checks")
    func withContent() async throws {
        let fixture = try siteWhereBobWrote()
        let result = try await fixture.author.deleteUser(.init(username: "bob", withContent: true))
        #expect(result.summary == "Deleted user bob: Content/users/bob.json; removed from the follows of alice; deleted their 1 post, 1 comment and 1 like")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/posts") == [Self.alicePost])
        #expect(
            try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/comments.json")
                == "[\n  {\n    \"id\": \"-K28xzlhs8ArmgB6bcCB\",\n    \"username\": \"alice\",\n    \"text\": \"Thanks!\"\n  }\n]\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.content + "/posts/\(Self.alicePost)/likes.json"))
        #expect(try ContentChecks.text(fixture.content + "/users/alice.json") == "{\n  \"username\": \"alice\",\n  \"follows\": []\n}\n")
        await ContentChecks.checkPasses(fixture)
    }

    @Test("--dry-run says what would be deleted and rewritten, file by file, and changes nothing")
    func dryRun() async throws {
        let fixture = try siteWhereBobWrote()
        let before = try SiteFixture.snapshot(fixture.content)
        let result = try await fixture.author.deleteUser(.init(username: "bob", withContent: true, dryRun: true))
        #expect(try SiteFixture.snapshot(fixture.content) == before)
        #expect(
            result.summary
                == "Dry run, nothing changed: would delete user bob: Content/users/bob.json; would remove from the follows of alice; would delete their 1 post, 1 comment and 1 like"
        )
        #expect(
            result.plan == [
                "remove Content/users/bob.json", "write Content/users/alice.json", "remove Content/posts/\(Self.bobPost)/",
                "write Content/posts/\(Self.alicePost)/comments.json", "remove Content/posts/\(Self.alicePost)/likes.json",
            ])
    }

    @Test("a caption that mentions the deleted user is left as it is, with a warning at the mention; the dry run warns too")
    func mentionsOfTheDeletedUser() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post(Self.alicePost, by: "alice", caption: "# Launch\n\nWith @Bob.\n", photo: nil)
        let caption = try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/post.md")
        let warning =
            "Content/posts/\(Self.alicePost)/post.md:7:6: warning: the caption mentions '@bob', who is deleted: the mention will be plain text; edit the caption to change it"
        let rehearsal = try await fixture.author.deleteUser(.init(username: "bob", withContent: true, dryRun: true))
        #expect(rehearsal.warnings.map(\.description) == [warning])
        let result = try await fixture.author.deleteUser(.init(username: "bob", withContent: true))
        #expect(result.warnings.map(\.description) == [warning])
        #expect(try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/post.md") == caption)
        await ContentChecks.checkPasses(fixture)
    }

    @Test("a reference that spells the username with an escape (JSON's \\u0062) is found too")
    func escapedReference() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/alice.json", #"{"username": "alice", "follows": ["\u0062ob"]}"#)
        try fixture.write("Content/posts/\(Self.alicePost)/likes.json", #"[{"id": "-K28yA1bcdefghijklmn", "username": "\u0062ob"}]"#)
        let refused = try await ContentChecks.refused(fixture.content) { _ = try await fixture.author.deleteUser(.init(username: "bob")) }
        #expect(refused.message.hasPrefix("bob wrote 1 post and 1 like;"))
        let result = try await fixture.author.deleteUser(.init(username: "bob", withContent: true))
        #expect(result.summary == "Deleted user bob: Content/users/bob.json; removed from the follows of alice; deleted their 1 post and 1 like")
        #expect(!FileManager.default.fileExists(atPath: fixture.content + "/posts/\(Self.alicePost)/likes.json"))
        await ContentChecks.checkPasses(fixture)
    }

    @Test("a file that names the user but breaks the content rules stops the deletion, naming it")
    func brokenFileStops() async throws {
        let fixture = try siteWhereBobWrote()
        try fixture.write("Content/posts/\(Self.alicePost)/likes.json", #"[{"id": "-K28yA1bcdefghijklmn", "username": "bob"}"#)
        let error = try await ContentChecks.refused(fixture.content) { _ = try await fixture.author.deleteUser(.init(username: "bob", withContent: true)) }
        #expect(error.reason == .invalidContent)
        #expect(error.description.hasPrefix("Content/posts/\(Self.alicePost)/: error: fix this post first; nothing was deleted\n"))
        #expect(error.diagnostics.contains { $0.location.path == "Content/posts/\(Self.alicePost)/likes.json" })
    }
}
