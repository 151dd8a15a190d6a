import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent
@testable import TimelineModel

/// The authoring commands as library calls: what each writes, what each refuses, and that a
/// refused command leaves every file byte-identical.
@Suite("Authoring")
struct AuthoringTests {
    static let postID = "-K25Fj8qrMAtxXG3QCSn"

    // MARK: new user

    @Test("new user writes users/<username>.json in the loader's key order, and copies the avatar")
    func newUser() async throws {
        let fixture = try SiteFixture.small()
        let result = try fixture.author.newUser(
            .init(username: "calebhicks", name: "Caleb Hicks", bio: "I wear fancy pants. ", url: "http://calebhicks.com/", avatar: RepositoryPaths.samplePhoto))
        #expect(result.path == "Content/users/calebhicks.json")
        #expect(
            try ContentChecks.text(fixture.content + "/users/calebhicks.json") == """
                {
                  "username": "calebhicks",
                  "name": "Caleb Hicks",
                  "bio": "I wear fancy pants. ",
                  "url": "http://calebhicks.com/",
                  "avatar": "calebhicks.jpg",
                  "follows": []
                }

                """)
        #expect(FileManager.default.contentsEqual(atPath: fixture.content + "/users/calebhicks.jpg", andPath: RepositoryPaths.samplePhoto))
        _ = try fixture.author.newUser(.init(username: "quietfox", bio: "  "))
        #expect(try ContentChecks.text(fixture.content + "/users/quietfox.json") == "{\n  \"username\": \"quietfox\",\n  \"follows\": []\n}\n")
        await ContentChecks.checkPasses(fixture)
    }

    @Test("new user refuses a bad username, an existing or case-clashing user, a bad URL or avatar")
    func newUserRefused() throws {
        let fixture = try SiteFixture.small()
        try fixture.write("notes.txt", "not an image")
        let cases: [(ContentAuthor.NewUser, AuthoringError.Reason)] = [
            (.init(username: "../etc"), .invalidArgument),
            (.init(username: ".hidden"), .invalidArgument),
            (.init(username: "alice"), .alreadyExists),
            (.init(username: "Alice"), .alreadyExists),
            (.init(username: "carol", url: "javascript:alert(1)"), .invalidArgument),
            (.init(username: "carol", avatar: fixture.root + "/missing.jpg"), .invalidArgument),
            (.init(username: "carol", avatar: fixture.root + "/notes.txt"), .invalidArgument),
        ]
        for (request, reason) in cases {
            let error = try ContentChecks.refused(fixture.content) { _ = try fixture.author.newUser(request) }
            #expect(error.reason == reason, "\(request.username): \(error)")
        }
    }

    @Test("a username that starts with '-' (an option to every command) is refused by new user, rename and the loader", arguments: ["--help", "-rf"])
    func dashUsername(username: String) async throws {
        let fixture = try SiteFixture.small()
        let created = try ContentChecks.refused(fixture.content) { _ = try fixture.author.newUser(.init(username: username)) }
        #expect(created.reason == .invalidArgument, "\(created)")
        let renamed = try await ContentChecks.refused(fixture.content) {
            _ = try await fixture.author.renameUser(.init(username: "bob", newUsername: username))
        }
        #expect(renamed.reason == .invalidArgument, "\(renamed)")
        try fixture.write("Content/users/\(username).json", #"{"username": "\#(username)"}"#)
        #expect(await fixture.checkDiagnostics().map(\.code) == [.invalidUsername])
    }

    @Test("a photo named .jpg that is not a JPEG is refused by the loader's rules and rolled back")
    func newUserAvatarNotAnImage() throws {
        let fixture = try SiteFixture.small()
        try fixture.write("fake.jpg", "not really a JPEG")
        let error = try ContentChecks.refused(fixture.content) {
            _ = try fixture.author.newUser(.init(username: "carol", avatar: fixture.root + "/fake.jpg"))
        }
        #expect(error.reason == .invalidContent)
        #expect(error.diagnostics.contains { $0.code == .unreadablePhoto })
    }

    // MARK: new post

    @Test("new post makes a push ID for now, a folder with post.md and the photo, and passes check")
    func newPost() async throws {
        let fixture = try SiteFixture.small()
        var author = fixture.author
        let before = PushIDGenerator.currentMilliseconds()
        let result = try author.newPost(
            .init(username: "alice", photo: RepositoryPaths.samplePhoto, caption: "Launch day! *What a view.*", alt: "A rocket: lifting off"))
        let id = try #require(result.id)
        let made = try #require(PushID.milliseconds(of: id))
        #expect(made >= before && made <= PushIDGenerator.currentMilliseconds())
        #expect(result.path == "Content/posts/\(id)/")
        let folder = fixture.content + "/posts/" + id
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["post.md", "rocket.jpg"])
        #expect(try ContentChecks.text(folder + "/post.md") == "---\nusername: alice\nalt: \"A rocket: lifting off\"\n---\nLaunch day! *What a view.*\n")
        #expect(FileManager.default.contentsEqual(atPath: folder + "/rocket.jpg", andPath: RepositoryPaths.samplePhoto))
        #expect(result.warnings.isEmpty)
        let second = try author.newPost(.init(username: "bob", photo: RepositoryPaths.samplePhoto))
        #expect(try #require(second.id).utf8.lexicographicallyPrecedes(id.utf8) == false)
        #expect(second.warnings.map(\.code) == [.missingAltText])
        await ContentChecks.checkPasses(fixture)
    }

    @Test("new post reads the caption from a file, and a photo with an odd name becomes photo.<ext>")
    func newPostCaptionFile() throws {
        let fixture = try SiteFixture.small()
        try fixture.write("caption.md", "Line one\n\n- a list\n---\nnot front matter\n")
        try FileManager.default.copyItem(atPath: RepositoryPaths.samplePhoto, toPath: fixture.root + "/My Photo.JPG")
        var author = fixture.author
        let result = try author.newPost(.init(username: "bob", photo: fixture.root + "/My Photo.JPG", captionFile: fixture.root + "/caption.md", alt: "yes"))
        let folder = fixture.content + "/posts/" + (result.id ?? "")
        #expect(try ContentChecks.text(folder + "/post.md") == "---\nusername: bob\nalt: yes\n---\nLine one\n\n- a list\n---\nnot front matter\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/photo.jpg"))
    }

    @Test("new post refuses an unknown user, a missing or unsupported photo, a fake JPEG and a caption file that is not UTF-8")
    func newPostRefused() throws {
        let fixture = try SiteFixture.small()
        try fixture.write("fake.jpg", "text, not a JPEG")
        try fixture.write("photo.gif", "GIF89a")
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: fixture.root + "/caption.bin"))
        var author = fixture.author
        let cases: [(ContentAuthor.NewPost, AuthoringError.Reason)] = [
            (.init(username: "nobody", photo: RepositoryPaths.samplePhoto), .unknownUser),
            (.init(username: "alice", photo: fixture.root + "/missing.jpg"), .invalidArgument),
            (.init(username: "alice", photo: fixture.root + "/photo.gif"), .invalidArgument),
            (.init(username: "alice", photo: fixture.root + "/fake.jpg"), .invalidContent),
            (.init(username: "alice", photo: RepositoryPaths.samplePhoto, captionFile: fixture.root + "/caption.bin"), .invalidArgument),
        ]
        for (request, reason) in cases {
            let error = try ContentChecks.refused(fixture.content) { _ = try author.newPost(request) }
            #expect(error.reason == reason, "\(request.photos): \(error)")
        }
        let unknown = try ContentChecks.refused(fixture.content) { _ = try author.newPost(.init(username: "alicee", photo: RepositoryPaths.samplePhoto)) }
        #expect(unknown.description.contains("did you mean 'alice'?"))
    }

    // MARK: comments

    @Test("new comment appends to comments.json with a new push ID; delete comment takes it out")
    func commentAndDelete() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write(
            "Content/posts/\(Self.postID)/comments.json",
            #"{"-K28xPOXBBXdCrFx-EAY": {"post": "-K25Fj8qrMAtxXG3QCSn", "text": "I'd love to cliff dive off that.", "username": "bob"}}"#)
        var author = fixture.author
        let result = try author.newComment(on: Self.postID, by: "alice", text: "Who wants in?\nMe \"too\"")
        let id = try #require(result.id)
        let file = fixture.content + "/posts/\(Self.postID)/comments.json"
        #expect(
            try ContentChecks.text(file) == """
                [
                  {
                    "id": "-K28xPOXBBXdCrFx-EAY",
                    "username": "bob",
                    "text": "I'd love to cliff dive off that."
                  },
                  {
                    "id": "\(id)",
                    "username": "alice",
                    "text": "Who wants in?\\nMe \\"too\\""
                  }
                ]

                """)
        await ContentChecks.checkPasses(fixture)
        _ = try author.deleteComment("-K28xPOXBBXdCrFx-EAY", on: Self.postID)
        #expect(try ContentChecks.text(file).contains(id))
        #expect(try !ContentChecks.text(file).contains("cliff dive"))
        _ = try author.deleteComment(id, on: Self.postID)
        #expect(!FileManager.default.fileExists(atPath: file))
        await ContentChecks.checkPasses(fixture)
    }

    @Test("comments are refused when empty, on an unknown post, by an unknown user, or into a broken comments.json")
    func commentRefused() throws {
        let fixture = try SiteFixture.small()
        var author = fixture.author
        for text in ["", "  \n\t"] {
            let error = try ContentChecks.refused(fixture.content) { _ = try author.newComment(on: Self.postID, by: "alice", text: text) }
            #expect(error.reason == .invalidArgument)
            #expect(error.message.contains("empty comment"))
        }
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.newComment(on: "-Knope", by: "alice", text: "Hi") }.reason == .unknownPost)
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.newComment(on: "../../etc", by: "alice", text: "Hi") }.reason == .invalidArgument)
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.newComment(on: Self.postID, by: "carol", text: "Hi") }.reason == .unknownUser)
        try fixture.write("Content/posts/\(Self.postID)/comments.json", "[{\"id\": \"a\", \"username\": \"bob\"}]\n")
        let broken = try ContentChecks.refused(fixture.content) { _ = try author.newComment(on: Self.postID, by: "alice", text: "Hi") }
        #expect(broken.reason == .invalidContent)
        #expect(broken.description.contains("Content/posts/\(Self.postID)/comments.json:1:2: error: a comment is missing the required key 'text'"))
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.deleteComment("a", on: Self.postID) }.reason == .invalidContent)
        try fixture.remove("Content/posts/\(Self.postID)/comments.json")
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.deleteComment("nope", on: Self.postID) }.reason == .unknownComment)
    }

    @Test("edit comment replaces one comment's text, keeping its ID, author and place; the same text again changes nothing")
    func editComment() async throws {
        let fixture = try SiteFixture.small()
        let file = fixture.content + "/posts/\(Self.postID)/comments.json"
        try fixture.write(
            "Content/posts/\(Self.postID)/comments.json",
            #"[{"id": "-K28xPOXBBXdCrFx-EAY", "username": "bob", "text": "I'd love to cliff dive off that."}, {"id": "-K28xzlhs8ArmgB6bcCB", "username": "alice", "text": "Who wants in?"}]"#
        )
        let result = try fixture.author.editComment("-K28xPOXBBXdCrFx-EAY", on: Self.postID, text: "I'd *love* to dive off that.")
        #expect(result.summary == "Updated comment -K28xPOXBBXdCrFx-EAY on post \(Self.postID): Content/posts/\(Self.postID)/comments.json")
        #expect(
            try ContentChecks.text(file) == """
                [
                  {
                    "id": "-K28xPOXBBXdCrFx-EAY",
                    "username": "bob",
                    "text": "I'd *love* to dive off that."
                  },
                  {
                    "id": "-K28xzlhs8ArmgB6bcCB",
                    "username": "alice",
                    "text": "Who wants in?"
                  }
                ]

                """)
        let times = try ContentChecks.modificationTimes(fixture.content)
        let again = try fixture.author.editComment("-K28xPOXBBXdCrFx-EAY", on: Self.postID, text: "I'd *love* to dive off that.")
        #expect(!again.changed)
        #expect(try ContentChecks.modificationTimes(fixture.content) == times)
        await ContentChecks.checkPasses(fixture)

        let author = fixture.author
        let empty = try ContentChecks.refused(fixture.content) { _ = try author.editComment("-K28xPOXBBXdCrFx-EAY", on: Self.postID, text: " \n") }
        #expect(empty.message == "the comment has no text; to remove the comment, run 'timeline delete comment \(Self.postID) -K28xPOXBBXdCrFx-EAY'")
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.editComment("-Knope", on: Self.postID, text: "Hi") }.reason == .unknownComment)
        #expect(
            try ContentChecks.refused(fixture.content) { _ = try author.editComment("-K28xPOXBBXdCrFx-EAY", on: "-Knope", text: "Hi") }.reason == .unknownPost)
    }

    // MARK: likes

    @Test("like adds one like per user; unlike removes them; repeating either changes nothing")
    func likeAndUnlike() async throws {
        let fixture = try SiteFixture.small()
        var author = fixture.author
        let file = fixture.content + "/posts/\(Self.postID)/likes.json"
        let liked = try author.like(Self.postID, by: "bob")
        #expect(liked.changed)
        #expect(try ContentChecks.text(file) == "[\n  {\n    \"id\": \"\(liked.id ?? "")\",\n    \"username\": \"bob\"\n  }\n]\n")
        let before = try SiteFixture.snapshot(fixture.content)
        let again = try author.like(Self.postID, by: "bob")
        #expect(!again.changed)
        #expect(try SiteFixture.snapshot(fixture.content) == before)
        _ = try author.like(Self.postID, by: "alice")
        await ContentChecks.checkPasses(fixture)
        #expect(try author.unlike(Self.postID, by: "bob").changed)
        #expect(try !ContentChecks.text(file).contains("bob"))
        #expect(try !author.unlike(Self.postID, by: "bob").changed)
        _ = try author.unlike(Self.postID, by: "alice")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.like("-Knope", by: "bob") }.reason == .unknownPost)
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.like(Self.postID, by: "nobody") }.reason == .unknownUser)
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.unlike(Self.postID, by: "nobody") }.reason == .unknownUser)
    }

    // MARK: follows

    @Test("follow appends to follows, unfollow removes; both rewrite the file in the stable layout")
    func followAndUnfollow() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("carol", extra: "\n  \"bio\": \"Hi\",")
        let author = fixture.author
        #expect(try author.follow("carol", "alice").changed)
        #expect(try author.follow("carol", "bob").changed)
        #expect(try !author.follow("carol", "bob").changed)
        #expect(
            try ContentChecks.text(fixture.content + "/users/carol.json")
                == "{\n  \"username\": \"carol\",\n  \"bio\": \"Hi\",\n  \"follows\": [\n    \"alice\",\n    \"bob\"\n  ]\n}\n")
        await ContentChecks.checkPasses(fixture)
        #expect(try author.unfollow("carol", "alice").changed)
        #expect(try !author.unfollow("carol", "alice").changed)
        #expect(
            try ContentChecks.text(fixture.content + "/users/carol.json")
                == "{\n  \"username\": \"carol\",\n  \"bio\": \"Hi\",\n  \"follows\": [\n    \"bob\"\n  ]\n}\n")
    }

    @Test("follow refuses self-follows, unknown users and a user file that breaks the rules")
    func followRefused() throws {
        let fixture = try SiteFixture.small()
        let author = fixture.author
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.follow("alice", "alice") }.reason == .invalidArgument)
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.follow("alice", "carol") }.reason == .unknownUser)
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.unfollow("carol", "alice") }.reason == .unknownUser)
        try fixture.write("Content/users/bob.json", "{\"username\": \"bob\", \"url\": \"ftp://bob\", \"follows\": []}\n")
        let error = try ContentChecks.refused(fixture.content) { _ = try author.follow("bob", "alice") }
        #expect(error.reason == .invalidContent)
        #expect(error.diagnostics.contains { $0.code == .unsafeURL })
    }

    // MARK: delete post

    @Test("delete post removes the whole folder; an unknown post is refused")
    func deletePost() async throws {
        let fixture = try SiteFixture.small()
        let author = fixture.author
        _ = try author.deletePost(Self.postID)
        #expect(!FileManager.default.fileExists(atPath: fixture.content + "/posts/\(Self.postID)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/posts") == ["-K36oDNVDXuaek0DUCoc"])
        await ContentChecks.checkPasses(fixture)
        #expect(try ContentChecks.refused(fixture.content) { _ = try author.deletePost(Self.postID) }.reason == .unknownPost)
    }

    // MARK: the transaction

    @Test("a failure in the middle of a change undoes the steps already done", arguments: [1, 2, 3])
    func transactionRollsBack(failingStep: Int) throws {
        let fixture = try SiteFixture.small()
        let folder = ContentFolder(.folder(fixture.content, shownAs: "Content/"))
        _ = try ContentChecks.refused(fixture.content) {
            let transaction = folder.transaction()
            try transaction.write("users/alice.json", bytes: Array("{\"username\": \"alice\", \"follows\": []}\n".utf8))
            try transaction.create("users/carol.json", bytes: Array("{\"username\": \"carol\"}\n".utf8))
            try transaction.remove("posts/-K36oDNVDXuaek0DUCoc")
            try transaction.copy(from: RepositoryPaths.samplePhoto, to: "users/carol.jpg")
            transaction.failBeforeStep = failingStep
            try transaction.commit()
        }
    }

    @Test("a change that the verification refuses is undone")
    func verificationRollsBack() throws {
        let fixture = try SiteFixture.small()
        let folder = ContentFolder(.folder(fixture.content, shownAs: "Content/"))
        let error = try ContentChecks.refused(fixture.content) {
            let transaction = folder.transaction()
            try transaction.write("users/alice.json", bytes: Array("{\"username\": \"alice\", \"colour\": \"red\"}\n".utf8))
            try transaction.commit { folder.verifyUser("alice") }
        }
        #expect(error.diagnostics.map(\.code) == [.unknownKey])
    }

    // MARK: formats

    @Test("rewriting the example site's user, comment and like files gives the same bytes")
    func stableLayoutMatchesExampleContent() throws {
        let folder = ContentFolder(.folder(RepositoryPaths.content, shownAs: "Content/"))
        for username in folder.usernames() {
            let path = RepositoryPaths.content + "/users/\(username).json"
            #expect(try folder.readUser(username).fileBytes == Array(FileManager.default.contents(atPath: path) ?? Data()), "\(path)")
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.content + "/posts") {
            let id = try #require(ContentID(name))
            for kind in [ContentFolder.Interactions.comments, .likes] {
                let path = RepositoryPaths.content + "/" + ContentLayout.file(kind.file, ofPost: id)
                guard let bytes = FileManager.default.contents(atPath: path) else { continue }
                #expect(InteractionRecord.fileBytes(try folder.readInteractions(kind, of: id)) == Array(bytes), "\(path)")
            }
        }
    }

    @Test(
        "front matter values come back from the loader exactly as written",
        arguments: [
            "plain words", "yes", "null", "~", "", " leading space", "trailing space ", "- dash", "key: value", "ends with:",
            "a # not a comment", "#hash", "'quoted'", "\"double\"", "back\\slash", "line\nbreak", "tab\there", "…unicode ☕",
            "\u{2028}separator", "[list]", "{map}", "*alias", "&anchor", "!tag", "%percent", "@at", "`tick`", "...dots", "---",
        ])
    func frontMatterRoundTrip(value: String) throws {
        let markdown = PostMarkdown(username: "-dash.user", image: value.isEmpty ? nil : value, alt: value, caption: "Body")
        let file = SourceFile(path: "post.md", bytes: markdown.fileBytes)
        let frontMatter = try FrontMatter.split(file)
        guard case .object(let members) = frontMatter.fields.kind else {
            Issue.record("front matter is not a mapping")
            return
        }
        var values: [String: String] = [:]
        for member in members {
            if case .string(let text) = member.value.kind { values[member.key] = text }
        }
        #expect(values["username"] == "-dash.user")
        if !value.allSatisfy(\.isWhitespace) { #expect(values["alt"] == value) }
        if !value.isEmpty { #expect(values["image"] == value) }
        #expect(frontMatter.body == "Body\n")
    }
}
