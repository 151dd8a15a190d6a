import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent
@testable import TimelineModel

/// `timeline edit user`: what it rewrites, what it keeps, and that a refused edit leaves every
/// file byte-identical.
@Suite("Edit user")
struct EditUserTests {
    /// A JPEG other than the sample photo, for replacing one avatar with another.
    static let otherPhoto = RepositoryPaths.content + "/users/astro.kim.jpg"

    func userFiles(_ fixture: SiteFixture) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/users").sorted()
    }

    /// `users/<name>` in the fixture as a copy of `photo`.
    func placeImage(_ photo: String, as name: String, in fixture: SiteFixture) throws {
        try FileManager.default.copyItem(atPath: photo, toPath: fixture.content + "/users/" + name)
    }

    @Test("edit user changes the bio and keeps every other field, the follows in their order")
    func changeBio() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("carol")
        try fixture.user("dave")
        try fixture.write(
            "Content/users/alice.json",
            #"{"follows": ["dave", "bob", "carol"], "url": "https://alice.example/", "name": "Alice", "bio": "Old bio", "username": "alice"}"#)
        let result = try fixture.author.editUser(.init(username: "alice", bio: .set("New *bio*")))
        #expect(result.changed)
        #expect(result.summary == "Updated user alice (bio): Content/users/alice.json")
        #expect(result.path == "Content/users/alice.json")
        #expect(
            try ContentChecks.text(fixture.content + "/users/alice.json") == """
                {
                  "username": "alice",
                  "name": "Alice",
                  "bio": "New *bio*",
                  "url": "https://alice.example/",
                  "follows": [
                    "dave",
                    "bob",
                    "carol"
                  ]
                }

                """)
        await ContentChecks.checkPasses(fixture)
    }

    @Test("edit user sets and removes the url and the name; asking for what is there already changes nothing")
    func setAndRemoveURL() async throws {
        let fixture = try SiteFixture.small()
        let author = fixture.author
        let file = fixture.content + "/users/bob.json"
        let set = try author.editUser(.init(username: "bob", name: .set("Bob"), url: .set("http://bob.example/")))
        #expect(set.summary == "Updated user bob (name, url): Content/users/bob.json")
        #expect(
            try ContentChecks.text(file)
                == "{\n  \"username\": \"bob\",\n  \"name\": \"Bob\",\n  \"url\": \"http://bob.example/\",\n  \"follows\": [\n    \"alice\"\n  ]\n}\n")
        await ContentChecks.checkPasses(fixture)
        try expectUnchanged(fixture, .init(username: "bob", name: .set("Bob"), url: .set("http://bob.example/")))

        let removed = try author.editUser(.init(username: "bob", name: .remove, url: .remove))
        #expect(removed.summary == "Updated user bob (name, url): Content/users/bob.json")
        #expect(try ContentChecks.text(file) == "{\n  \"username\": \"bob\",\n  \"follows\": [\n    \"alice\"\n  ]\n}\n")
        try expectUnchanged(fixture, .init(username: "bob", url: .remove))
        try expectUnchanged(fixture, .init(username: "bob", bio: .remove, avatar: .remove))
    }

    /// An edit that finds the user as asked: it says so, and no file is written.
    func expectUnchanged(_ fixture: SiteFixture, _ request: ContentAuthor.EditUser, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let before = try SiteFixture.snapshot(fixture.content)
        let times = try ContentChecks.modificationTimes(fixture.content)
        let result = try fixture.author.editUser(request)
        #expect(!result.changed, sourceLocation: sourceLocation)
        #expect(result.summary == "user \(request.username) is already as asked; nothing changed", sourceLocation: sourceLocation)
        #expect(try SiteFixture.snapshot(fixture.content) == before, sourceLocation: sourceLocation)
        #expect(try ContentChecks.modificationTimes(fixture.content) == times, sourceLocation: sourceLocation)
    }

    @Test("a new avatar replaces the old one, whose file goes; the same image again changes nothing; --remove-avatar takes it out")
    func replaceAvatar() async throws {
        let fixture = try SiteFixture.small()
        try placeImage(RepositoryPaths.samplePhoto, as: "portrait.jpg", in: fixture)
        try fixture.user("alice", follows: ["bob"], extra: "\n  \"bio\": \"Hi\",\n  \"avatar\": \"portrait.jpg\",")
        let author = fixture.author
        let file = fixture.content + "/users/alice.json"

        let replaced = try author.editUser(.init(username: "alice", avatar: .set(Self.otherPhoto)))
        #expect(replaced.summary == "Updated user alice (avatar): Content/users/alice.json")
        #expect(try userFiles(fixture) == ["alice.jpg", "alice.json", "bob.json"])
        #expect(FileManager.default.contentsEqual(atPath: fixture.content + "/users/alice.jpg", andPath: Self.otherPhoto))
        #expect(
            try ContentChecks.text(file)
                == "{\n  \"username\": \"alice\",\n  \"bio\": \"Hi\",\n  \"avatar\": \"alice.jpg\",\n  \"follows\": [\n    \"bob\"\n  ]\n}\n")
        await ContentChecks.checkPasses(fixture)

        let sameName = try author.editUser(.init(username: "alice", avatar: .set(RepositoryPaths.samplePhoto)))
        #expect(sameName.summary == "Updated user alice (avatar): Content/users/alice.json")
        #expect(FileManager.default.contentsEqual(atPath: fixture.content + "/users/alice.jpg", andPath: RepositoryPaths.samplePhoto))
        #expect(try userFiles(fixture) == ["alice.jpg", "alice.json", "bob.json"])
        try expectUnchanged(fixture, .init(username: "alice", avatar: .set(RepositoryPaths.samplePhoto)))

        _ = try author.editUser(.init(username: "alice", avatar: .remove))
        #expect(try userFiles(fixture) == ["alice.json", "bob.json"])
        #expect(try ContentChecks.text(file) == "{\n  \"username\": \"alice\",\n  \"bio\": \"Hi\",\n  \"follows\": [\n    \"bob\"\n  ]\n}\n")
        await ContentChecks.checkPasses(fixture)
    }

    @Test("an old avatar that another user names too stays")
    func sharedAvatarStays() async throws {
        let fixture = try SiteFixture.small()
        try placeImage(RepositoryPaths.samplePhoto, as: "shared.jpg", in: fixture)
        try fixture.user("alice", follows: ["bob"], extra: "\n  \"avatar\": \"shared.jpg\",")
        try fixture.user("bob", follows: ["alice"], extra: "\n  \"avatar\": \"shared.jpg\",")
        _ = try fixture.author.editUser(.init(username: "alice", avatar: .set(Self.otherPhoto)))
        #expect(try userFiles(fixture) == ["alice.jpg", "alice.json", "bob.json", "shared.jpg"])
        _ = try fixture.author.editUser(.init(username: "bob", avatar: .remove))
        #expect(try userFiles(fixture) == ["alice.jpg", "alice.json", "bob.json"])
        await ContentChecks.checkPasses(fixture)
    }

    @Test("edit user refuses an unknown user, nothing to change, a blank text, a bad URL, a missing or unusable avatar; no file changes")
    func refused() throws {
        let fixture = try SiteFixture.small()
        try placeImage(RepositoryPaths.samplePhoto, as: "portrait.jpg", in: fixture)
        try fixture.user("alice", follows: ["bob"], extra: "\n  \"avatar\": \"portrait.jpg\",")
        try fixture.write("notes.txt", "not an image")
        try fixture.write("fake.jpg", "not really a JPEG")
        let author = fixture.author
        let cases: [(ContentAuthor.EditUser, AuthoringError.Reason, String)] = [
            (.init(username: "carol", bio: .set("Hi")), .unknownUser, "error: unknown user 'carol': there is no Content/users/carol.json"),
            (.init(username: "../etc", bio: .set("Hi")), .invalidArgument, "error: invalid username '../etc'"),
            (.init(username: "alice"), .invalidArgument, "error: nothing to change"),
            (.init(username: "alice", bio: .set(" \n")), .invalidArgument, "error: --bio is empty; to take the bio out, give --remove-bio"),
            (
                .init(username: "alice", url: .set("javascript:alert(1)")), .invalidArgument,
                "error: --url must be an http or https address, found 'javascript:alert(1)'"
            ),
            (.init(username: "alice", avatar: .set(fixture.root + "/missing.jpg")), .invalidArgument, "missing.jpg: error: --avatar: no such file"),
            (.init(username: "alice", avatar: .set(fixture.root + "/notes.txt")), .invalidArgument, "notes.txt: error: --avatar must be a"),
            (
                .init(username: "alice", bio: .set("Hi"), avatar: .set(fixture.root + "/fake.jpg")), .invalidContent,
                "error: the change would break the content rules"
            ),
        ]
        for (request, reason, message) in cases {
            let error = try ContentChecks.refused(fixture.content) { _ = try author.editUser(request) }
            #expect(error.reason == reason, "\(request): \(error)")
            #expect(error.description.contains(message), "\(request): \(error)")
        }
        let unknown = try ContentChecks.refused(fixture.content) { _ = try author.editUser(.init(username: "alicee", bio: .set("Hi"))) }
        #expect(unknown.description.contains("did you mean 'alice'?"))

        try placeImage(Self.otherPhoto, as: "alice.jpg", in: fixture)
        let clash = try ContentChecks.refused(fixture.content) { _ = try author.editUser(.init(username: "alice", avatar: .set(RepositoryPaths.samplePhoto))) }
        #expect(clash.reason == .alreadyExists)
        #expect(clash.description == "Content/users/alice.jpg: error: exists already; it is left as it is")
    }

    @Test("a user file that breaks the content rules is reported with path:line:column and left alone")
    func brokenUserFile() throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/bob.json", "{\n  \"username\": \"bob\",\n  \"url\": \"ftp://bob\",\n  \"follows\": []\n}\n")
        let error = try ContentChecks.refused(fixture.content) { _ = try fixture.author.editUser(.init(username: "bob", bio: .set("Hi"))) }
        #expect(error.reason == .invalidContent)
        #expect(
            error.description == """
                Content/users/bob.json: error: fix this file first; it was left as it is
                Content/users/bob.json:3:10: error: url must be an http or https address, found 'ftp://bob'
                """)
    }

    @Test("timeline edit user: one line on success, exit 64 for a usage error, exit 1 and no file changed when refused")
    func commandLine() throws {
        let fixture = try SiteFixture.small()
        let cli = AuthoringCommandLineTests()
        let edit = ["edit", "user", "alice", "--bio", "- dashing", "--url", "https://alice.example/", "--avatar", RepositoryPaths.samplePhoto]
        let edited = try cli.run(edit, in: fixture.root)
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(edited.standardOutput == "Updated user alice (bio, url, avatar): Content/users/alice.json\n")
        #expect(try cli.run(edit, in: fixture.root).standardOutput == "user alice is already as asked; nothing changed\n")
        #expect(try cli.run(["check"], in: fixture.root).status == 0)

        try cli.expectRefused(
            [
                (["edit", "user", "alice"], 64, "nothing to change"),
                (["edit", "user", "alice", "--bio", "x", "--remove-bio"], 64, "give --bio or --remove-bio, not both"),
                (["edit", "user", "alice", "--remove-url", "--url", "http://x.example/"], 64, "give --url or --remove-url, not both"),
                (["edit", "user", "--bio", "x"], 64, "expected <username>; found none"),
                (
                    ["edit", "user", "alicee", "--remove-avatar"], 1,
                    "error: unknown user 'alicee': there is no Content/users/alicee.json; did you mean 'alice'?"
                ),
                (["edit", "user", "alice", "--url", "ftp://alice"], 1, "error: --url must be an http or https address, found 'ftp://alice'"),
            ], in: fixture)
    }
}
