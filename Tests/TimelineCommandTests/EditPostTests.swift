import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent
@testable import TimelineModel

/// `timeline edit post`: the caption, alt text and date changed in `post.md`, every other byte
/// kept, and a refused edit leaves every file byte-identical.
@Suite("Edit post")
struct EditPostTests {
    static let postID = "-K25Fj8qrMAtxXG3QCSn"
    static let file = "Content/posts/-K25Fj8qrMAtxXG3QCSn/post.md"

    func postText(_ fixture: SiteFixture) throws -> String {
        try ContentChecks.text(fixture.root + "/" + Self.file)
    }

    @Test("edit post replaces the alt text where it is written, adds a date before the closing ---, and keeps every other byte")
    func altAndDate() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write(
            Self.file, "---\n# written by hand\nusername: alice\nalt: 'Old alt'   # the old one\nimage: photo.jpg\n---\nFirst *post*\n\nMore.\n")
        let result = try fixture.author.editPost(.init(postID: Self.postID, alt: "A rocket: lifting off", date: "2016-01-02T09:30:00Z"))
        #expect(result.changed)
        #expect(result.summary == "Updated post \(Self.postID) (alt, date): \(Self.file)")
        #expect(
            try postText(fixture)
                == "---\n# written by hand\nusername: alice\nalt: \"A rocket: lifting off\"   # the old one\nimage: photo.jpg\ndate: 2016-01-02T09:30:00Z\n---\nFirst *post*\n\nMore.\n"
        )
        await ContentChecks.checkPasses(fixture)
    }

    @Test("edit post replaces the caption, fills in an empty alt after its colon, and keeps Windows line ends in the front matter")
    func captionAndEmptyAlt() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write(Self.file, "---\r\nusername: alice\r\nalt:\r\ndate: 2016-01-02 # launch\r\n---\r\nOld caption\r\n")
        let result = try fixture.author.editPost(.init(postID: Self.postID, caption: "New *caption*", alt: "A rocket", date: "2016-01-03"))
        #expect(result.summary == "Updated post \(Self.postID) (caption, alt, date): \(Self.file)")
        #expect(try postText(fixture) == "---\r\nusername: alice\r\nalt: A rocket\r\ndate: 2016-01-03 # launch\r\n---\r\nNew *caption*\n")
        await ContentChecks.checkPasses(fixture)

        try fixture.write(Self.file, "---\nusername: alice\nalt: A rocket\n---")
        _ = try fixture.author.editPost(.init(postID: Self.postID, caption: "A caption at last"))
        #expect(try postText(fixture) == "---\nusername: alice\nalt: A rocket\n---\nA caption at last\n")
    }

    @Test("edit post with a blank caption removes the caption (a post may have none), and again changes nothing")
    func captionRemoved() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write(Self.file, "---\nusername: alice\nalt: A rocket\n---\nFirst *post*\n\nMore.\n")
        let result = try fixture.author.editPost(.init(postID: Self.postID, caption: ""))
        #expect(result.summary == "Updated post \(Self.postID) (caption): \(Self.file)")
        #expect(try postText(fixture) == "---\nusername: alice\nalt: A rocket\n---\n")
        await ContentChecks.checkPasses(fixture)
        #expect(try !fixture.author.editPost(.init(postID: Self.postID, caption: " \n")).changed)
    }

    @Test("edit post asking for what the file holds changes nothing and writes no file")
    func unchanged() throws {
        let fixture = try SiteFixture.small()
        let before = try SiteFixture.snapshot(fixture.content)
        let times = try ContentChecks.modificationTimes(fixture.content)
        let result = try fixture.author.editPost(.init(postID: Self.postID, caption: "First *post*", alt: "A rocket"))
        #expect(!result.changed)
        #expect(result.summary == "post \(Self.postID) is already as asked; nothing changed")
        #expect(try SiteFixture.snapshot(fixture.content) == before)
        #expect(try ContentChecks.modificationTimes(fixture.content) == times)
    }

    @Test("edit post refuses an unknown post (with did-you-mean), nothing to change, a blank value, a bad date, a broken post, an alias; no file changes")
    func refused() throws {
        let fixture = try SiteFixture.small()
        let author = fixture.author
        let cases: [(ContentAuthor.EditPost, AuthoringError.Reason, String)] = [
            (
                .init(postID: "-K25Fj8qrMAtxXG3QCSm", alt: "x"), .unknownPost,
                "error: unknown post '-K25Fj8qrMAtxXG3QCSm': there is no Content/posts/-K25Fj8qrMAtxXG3QCSm/post.md; did you mean '-K25Fj8qrMAtxXG3QCSn'?"
            ),
            (.init(postID: "../x", alt: "x"), .invalidArgument, "error: invalid post ID '../x'"),
            (.init(postID: Self.postID), .invalidArgument, "error: nothing to change: give --caption, --alt or --date"),
            (.init(postID: Self.postID, alt: " "), .invalidArgument, "error: --alt is empty; give the new alt"),
            (
                .init(postID: Self.postID, date: "yesterday"), .invalidArgument,
                "error: --date must be an ISO 8601 date such as 2016-01-02 or 2016-01-02T09:30:00Z, found 'yesterday'"
            ),
        ]
        for (request, reason, message) in cases {
            let error = try ContentChecks.refused(fixture.content) { _ = try author.editPost(request) }
            #expect(error.reason == reason, "\(request): \(error)")
            #expect(error.description.contains(message), "\(request): \(error)")
        }
        let far = try ContentChecks.refused(fixture.content) { _ = try author.editPost(.init(postID: "-Knope", alt: "x")) }
        #expect(far.description == "error: unknown post '-Knope': there is no Content/posts/-Knope/post.md")

        try fixture.write(Self.file, "---\nusername: alice\nalt: \"never closed\n---\n")
        let broken = try ContentChecks.refused(fixture.content) { _ = try author.editPost(.init(postID: Self.postID, alt: "x")) }
        #expect(broken.reason == .invalidContent)
        #expect(broken.description.hasPrefix("\(Self.file): error: fix this post first; it was left as it is\n\(Self.file):3:6: error: malformed YAML"))

        try fixture.write(Self.file, "---\nusername: &who alice\nalt: *who\n---\n")
        let alias = try ContentChecks.refused(fixture.content) { _ = try author.editPost(.init(postID: Self.postID, alt: "x")) }
        #expect(
            alias.description == "\(Self.file): error: 'alt' is not written as a plain 'key: value' line that this command can change; edit the file by hand")
    }

    @Test("new post without --alt names the edit post command that adds it")
    func missingAltNamesEditPost() throws {
        let fixture = try SiteFixture.small()
        var author = fixture.author
        let result = try author.newPost(.init(username: "alice", photo: RepositoryPaths.samplePhoto))
        let id = try #require(result.id)
        let warning = try #require(result.warnings.first { $0.code == .missingAltText })
        #expect(warning.message.contains("add it with 'timeline edit post \(id) --alt \"…\"'"), "\(warning.message)")
    }

    @Test("timeline edit post: one line on success, exit 64 for a usage error, exit 1 and no file changed when refused")
    func commandLine() throws {
        let fixture = try SiteFixture.small()
        let cli = AuthoringCommandLineTests()
        let edit = ["edit", "post", Self.postID, "--alt", "- a dash", "--caption", "-- dashes"]
        let edited = try cli.run(edit, in: fixture.root)
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(edited.standardOutput == "Updated post \(Self.postID) (caption, alt): \(Self.file)\n")
        #expect(try cli.run(edit, in: fixture.root).standardOutput == "post \(Self.postID) is already as asked; nothing changed\n")
        #expect(try cli.run(["check"], in: fixture.root).status == 0)

        try cli.expectRefused(
            [
                (["edit", "post", Self.postID], 64, "nothing to change: give --caption, --alt or --date"),
                (["edit", "post", "--alt", "x"], 64, "expected <post-id>; found none"),
                (["edit", "post", "-K25Fj8qrMAtxXG3QCSm", "--alt", "x"], 1, "did you mean '-K25Fj8qrMAtxXG3QCSn'?"),
                (["edit", "post", Self.postID, "--date", "2016-13-40"], 1, "error: --date must be an ISO 8601 date"),
            ], in: fixture)
    }
}
