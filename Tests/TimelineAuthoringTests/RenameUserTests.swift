import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent
@testable import TimelineModel

/// `timeline rename user`: the user's file, avatar and every reference to the user change
/// together, and every other byte stays; or nothing changes at all.
@Suite("Rename user")
struct RenameUserTests {
    static let alicePost = "-K25Fj8qrMAtxXG3QCSn"
    static let bobPost = "-K36oDNVDXuaek0DUCoc"

    /// The small site, where bob also commented on and liked alice's post, alice commented on
    /// his, and alice's caption mentions him (in another case).
    func siteWhereBobIsNamed() throws -> SiteFixture {
        let fixture = try SiteFixture.small()
        try fixture.post(
            Self.alicePost, by: "alice", caption: "# Launch day\n\nWith @Bob and @alice. #space\n",
            comments:
                #"[{"id": "-K28xPOXBBXdCrFx-EAY", "username": "bob", "text": "Nice one, alice"}, {"id": "-K28xzlhs8ArmgB6bcCB", "username": "alice", "text": "Thanks!"}]"#,
            likes: #"[{"id": "-K28yA1bcdefghijklmn", "username": "bob"}]"#, photo: nil)
        try fixture.write("Content/posts/\(Self.bobPost)/comments.json", #"[{"id": "-K37xPOXBBXdCrFx-EAY", "username": "alice", "text": "Wow"}]"#)
        return fixture
    }

    @Test(
        "the user's file, their posts' username, their comments and likes, others' follows and the mentions in captions all take the new name; every other byte stays"
    )
    func renamesEveryReference() async throws {
        let fixture = try siteWhereBobIsNamed()
        try fixture.write(
            "Content/posts/\(Self.bobPost)/post.md", "---\n# written by hand\nusername: bob   # the author\nalt: 'A rocket'\n---\nSecond post\r\n")
        let bobComments = try ContentChecks.text(fixture.content + "/posts/\(Self.bobPost)/comments.json")

        let result = try await fixture.author.renameUser(.init(username: "bob", newUsername: "robert.b"))
        #expect(
            result.summary
                == "Renamed user bob to robert.b: Content/users/robert.b.json; in the follows of alice; on their 1 post, 1 comment and 1 like; in 1 mention"
        )
        #expect(result.warnings.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/users").sorted() == ["alice.json", "robert.b.json"])
        #expect(
            try ContentChecks.text(fixture.content + "/users/robert.b.json") == "{\n  \"username\": \"robert.b\",\n  \"follows\": [\n    \"alice\"\n  ]\n}\n")
        #expect(try ContentChecks.text(fixture.content + "/users/alice.json") == "{\n  \"username\": \"alice\",\n  \"follows\": [\n    \"robert.b\"\n  ]\n}\n")
        #expect(
            try ContentChecks.text(fixture.content + "/posts/\(Self.bobPost)/post.md")
                == "---\n# written by hand\nusername: robert.b   # the author\nalt: 'A rocket'\n---\nSecond post\r\n")
        #expect(try ContentChecks.text(fixture.content + "/posts/\(Self.bobPost)/comments.json") == bobComments)
        #expect(
            try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/post.md")
                == "---\nusername: alice\nalt: A rocket\n---\n# Launch day\n\nWith @robert.b and @alice. #space\n")
        let comments = try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/comments.json")
        #expect(comments.contains("\"username\": \"robert.b\",\n    \"text\": \"Nice one, alice\""))
        #expect(comments.contains("\"username\": \"alice\",\n    \"text\": \"Thanks!\""))
        #expect(
            try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/likes.json")
                == "[\n  {\n    \"id\": \"-K28yA1bcdefghijklmn\",\n    \"username\": \"robert.b\"\n  }\n]\n")
        await ContentChecks.checkPasses(fixture)
    }

    @Test("--dry-run says what would change, file by file, and changes nothing")
    func dryRun() async throws {
        let fixture = try siteWhereBobIsNamed()
        let before = try SiteFixture.snapshot(fixture.content)
        let result = try await fixture.author.renameUser(.init(username: "bob", newUsername: "robert", dryRun: true))
        #expect(try SiteFixture.snapshot(fixture.content) == before)
        #expect(!result.changed)
        #expect(
            result.summary
                == "Dry run, nothing changed: would rename user bob to robert: Content/users/robert.json; in the follows of alice; on their 1 post, 1 comment and 1 like; in 1 mention"
        )
        #expect(
            result.plan == [
                "remove Content/users/bob.json", "write Content/users/robert.json", "write Content/users/alice.json",
                "write Content/posts/\(Self.alicePost)/post.md", "write Content/posts/\(Self.bobPost)/post.md",
                "write Content/posts/\(Self.alicePost)/comments.json", "write Content/posts/\(Self.alicePost)/likes.json",
            ])
    }

    @Test("an avatar named after the user moves with them; one that another user's file also names stays where it is")
    func avatars() async throws {
        let fixture = try SiteFixture.small()
        let author = fixture.author
        _ = try author.newUser(.init(username: "carol", avatar: RepositoryPaths.samplePhoto))
        _ = try await author.renameUser(.init(username: "carol", newUsername: "Caroline"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/users").sorted() == [
                "Caroline.jpg", "Caroline.json", "alice.json", "bob.json",
            ])
        #expect(try ContentChecks.text(fixture.content + "/users/Caroline.json").contains("\"avatar\": \"Caroline.jpg\""))

        try fixture.user("dave", extra: "\n  \"avatar\": \"Caroline.jpg\",")
        _ = try await author.renameUser(.init(username: "Caroline", newUsername: "carol"))
        #expect(try ContentChecks.text(fixture.content + "/users/carol.json").contains("\"avatar\": \"Caroline.jpg\""))
        #expect(FileManager.default.fileExists(atPath: fixture.content + "/users/Caroline.jpg"))
        await ContentChecks.checkPasses(fixture)
    }

    @Test("a caption whose mentions cannot all be placed (one is inside a code span) is left as it was, with a warning at the mention")
    func mentionInCodeIsLeftAlone() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post(Self.alicePost, by: "alice", caption: "Type `@bob` to greet @bob\n", photo: nil)
        let before = try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/post.md")
        let result = try await fixture.author.renameUser(.init(username: "bob", newUsername: "robert"))
        #expect(!result.summary.contains("mention"))
        #expect(try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/post.md") == before)
        #expect(
            result.warnings.map(\.description) == [
                "Content/posts/\(Self.alicePost)/post.md:5:7: warning: the caption mentions '@bob' in a way this command cannot rewrite safely (beside code, a link or an entity); change it to '@robert' by hand"
            ])
        await ContentChecks.checkPasses(fixture)
    }

    @Test(
        "a mention spelled with a character reference is found and reported, not missed; so is one whose count happens to match a name in code",
        arguments: ["Hello @&#98;ob\n", "Type `@bob`, or greet @&#98;ob\n"])
    func mentionThroughAnEntity(caption: String) async throws {
        let fixture = try SiteFixture.small()
        try fixture.post(Self.alicePost, by: "alice", caption: caption, photo: nil)
        let before = try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/post.md")
        let result = try await fixture.author.renameUser(.init(username: "bob", newUsername: "robert"))
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.location.path == "Content/posts/\(Self.alicePost)/post.md")
        #expect(try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/post.md") == before)
    }

    @Test("refused, with nothing changed: an unknown user, a taken name (in any case), the same name, an invalid name, a post that breaks the rules")
    func refusals() async throws {
        let fixture = try siteWhereBobIsNamed()
        let author = fixture.author
        let unknown = try await ContentChecks.refused(fixture.content) { _ = try await author.renameUser(.init(username: "bobb", newUsername: "x")) }
        #expect(unknown.description == "error: unknown user 'bobb': there is no Content/users/bobb.json; did you mean 'bob'?")
        let taken = try await ContentChecks.refused(fixture.content) { _ = try await author.renameUser(.init(username: "bob", newUsername: "alice")) }
        #expect(taken.description == "Content/users/alice.json: error: user 'alice' exists already")
        let clash = try await ContentChecks.refused(fixture.content) { _ = try await author.renameUser(.init(username: "bob", newUsername: "ALICE")) }
        #expect(clash.description == "Content/users/ALICE.json: error: user 'ALICE' would clash with user 'alice': usernames must differ in more than case")
        let same = try await ContentChecks.refused(fixture.content) { _ = try await author.renameUser(.init(username: "bob", newUsername: "bob")) }
        #expect(same.reason == .invalidArgument)
        let invalid = try await ContentChecks.refused(fixture.content) { _ = try await author.renameUser(.init(username: "bob", newUsername: "bob smith")) }
        #expect(invalid.reason == .invalidArgument)

        try fixture.write("Content/posts/\(Self.alicePost)/likes.json", #"[{"id": "-K28yA1bcdefghijklmn", "username": "bob"}"#)
        let broken = try await ContentChecks.refused(fixture.content) { _ = try await author.renameUser(.init(username: "bob", newUsername: "robert")) }
        #expect(broken.description.hasPrefix("Content/posts/\(Self.alicePost)/: error: fix this post first; nothing was renamed\n"))
    }

    @Test("a change of case only is allowed (the user's own name is no clash), and leaves the mentions, which match in any case, as they are")
    func caseOnly() async throws {
        let fixture = try siteWhereBobIsNamed()
        let caption = try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/post.md")
        let result = try await fixture.author.renameUser(.init(username: "bob", newUsername: "Bob"))
        #expect(result.summary == "Renamed user bob to Bob: Content/users/Bob.json; in the follows of alice; on their 1 post, 1 comment and 1 like")
        #expect(result.warnings.isEmpty)
        #expect(try ContentChecks.text(fixture.content + "/posts/\(Self.alicePost)/post.md") == caption)
        #expect(try ContentChecks.text(fixture.content + "/posts/\(Self.bobPost)/post.md").hasPrefix("---\nusername: Bob\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/users").sorted() == ["Bob.json", "alice.json"])
        await ContentChecks.checkPasses(fixture)
    }

    @Test(
        "a change of case goes through a temporary name: the old file is moved aside before the new one is placed, so a case-insensitive file system (where the two are one file) takes it too"
    )
    func caseOnlyThroughATemporaryName() async throws {
        let fixture = try siteWhereBobIsNamed()
        _ = try fixture.author.editUser(.init(username: "bob", avatar: .set(RepositoryPaths.samplePhoto)))
        let result = try await fixture.author.renameUser(.init(username: "bob", newUsername: "Bob", dryRun: true))
        #expect(
            Array(result.plan.prefix(4)) == [
                "remove Content/users/bob.jpg", "write Content/users/Bob.jpg", "remove Content/users/bob.json", "write Content/users/Bob.json",
            ])
    }

    @Test("staging a file at a name that leads to a file the change removes first (a case-insensitive file system's other case) is no clash")
    func nameTakenOnlyByARemovedFile() throws {
        let fixture = try SiteFixture.small()
        let transaction = fixture.author.folder.transaction()
        // On Linux a hard link stands in for what a case-insensitive file system does: the new
        // name leads to the very file the change removes first.
        try FileManager.default.linkItem(atPath: fixture.content + "/users/bob.json", toPath: fixture.content + "/users/Bob.json")
        try transaction.remove("users/bob.json")
        try transaction.create("users/Bob.json", bytes: Array("{}\n".utf8))
        #expect(transaction.abandon() == ["remove Content/users/bob.json", "write Content/users/Bob.json"])
        // A name taken by a file the change does not remove is still refused.
        let other = fixture.author.folder.transaction()
        #expect(throws: AuthoringError.self) { try other.create("users/Bob.json", bytes: Array("{}\n".utf8)) }
    }
}
