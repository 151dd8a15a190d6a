import Foundation
import Testing
import TimelineAuthoring
import TimelineContent
import TimelineTestSupport

@testable import TimelineModel

/// The authoring and import commands run as a user would: IDs that start with '-' as
/// arguments, what each prints, exit statuses, and files left as they were on failure.
@Suite("Authoring command line")
struct AuthoringCommandLineTests {
    static let postID = "-K25Fj8qrMAtxXG3QCSn"

    func run(_ arguments: [String], in directory: String) throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        return try Subprocess.runBlocking(RepositoryPaths.timelineExecutable, arguments, in: directory, environment: environment)
    }

    /// Runs each command of `cases` in the fixture and expects its exit status and a message on
    /// standard error, nothing on standard output, and every content file as it was.
    func expectRefused(_ cases: [([String], Int32, String)], in fixture: SiteFixture, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let before = try SiteFixture.snapshot(fixture.content)
        for (arguments, status, message) in cases {
            let result = try run(arguments, in: fixture.root)
            #expect(result.status == status, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
            #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
        }
        #expect(try SiteFixture.snapshot(fixture.content) == before, sourceLocation: sourceLocation)
    }

    @Test("a session of commands: each prints what it did, and the site still checks and builds")
    func session() throws {
        let fixture = try SiteFixture.small()
        let steps: [[String]] = [
            ["new", "user", "dash", "--name", "-Dash-", "--bio", "Dashing.", "--url", "https://dash.example/", "--avatar", RepositoryPaths.samplePhoto],
            ["new", "comment", Self.postID, "--user", "dash", "--text", "- first!"],
            ["like", Self.postID, "--user", "dash"],
            ["follow", "dash", "alice"],
            ["unfollow", "dash", "alice"],
            ["unlike", Self.postID, "--user", "dash"],
        ]
        for step in steps {
            let result = try run(step, in: fixture.root)
            #expect(result.status == 0, "\(step): \(result.standardError)")
            #expect(result.standardOutput.split(separator: "\n").count >= 1)
        }
        let post = try run(["new", "post", "--user", "dash", RepositoryPaths.samplePhoto, "--caption", "From the CLI", "--alt", "A rocket"], in: fixture.root)
        #expect(post.status == 0, "\(post.standardError)")
        let lines = post.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let id = try #require(lines.first)
        #expect(PushID.milliseconds(of: id) != nil)
        #expect(lines.last == "Content/posts/\(id)/")
        #expect(FileManager.default.fileExists(atPath: fixture.content + "/posts/\(id)/rocket.jpg"))
        let check = try run(["check"], in: fixture.root)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(try run(["delete", "post", id], in: fixture.root).status == 0)
        let rehearsed = try run(["rename", "user", "dash", "dashing", "--dry-run"], in: fixture.root)
        #expect(rehearsed.status == 0, "\(rehearsed.standardError)")
        #expect(
            rehearsed.standardOutput
                == "Dry run, nothing changed: would rename user dash to dashing: Content/users/dashing.json; on their 1 comment\nremove Content/users/dash.jpg\nwrite Content/users/dashing.jpg\nremove Content/users/dash.json\nwrite Content/users/dashing.json\nwrite Content/posts/\(Self.postID)/comments.json\n"
        )
        let renamed = try run(["rename", "user", "dash", "dashing"], in: fixture.root)
        #expect(renamed.status == 0, "\(renamed.standardError)")
        #expect(renamed.standardOutput == "Renamed user dash to dashing: Content/users/dashing.json; on their 1 comment\n")
        // dashing's comment stays: deleting them needs --with-content.
        let keptUser = try run(["delete", "user", "dashing"], in: fixture.root)
        #expect(keptUser.status == 1)
        #expect(keptUser.standardError.contains("Content/users/dashing.json: error: dashing wrote 1 comment; nothing was deleted."))
        let deletedUser = try run(["delete", "user", "dashing", "--with-content"], in: fixture.root)
        #expect(deletedUser.status == 0, "\(deletedUser.standardError)")
        #expect(deletedUser.standardOutput == "Deleted user dashing: Content/users/dashing.json; deleted their 1 comment\n")
        #expect(try run(["build"], in: fixture.root).status == 0)
    }

    @Test("a refused command exits 1 with path: error: message and changes no file")
    func refused() throws {
        let fixture = try SiteFixture.small()
        let before = try SiteFixture.snapshot(fixture.content)
        let cases: [([String], String)] = [
            (["new", "comment", Self.postID, "--user", "alice", "--text", " "], "error: the comment has no text; an empty comment is not a comment"),
            (["like", "-Knope", "--user", "alice"], "error: unknown post '-Knope': there is no Content/posts/-Knope/post.md"),
            (["follow", "alice", "alicee"], "error: unknown user 'alicee': there is no Content/users/alicee.json; did you mean 'alice'?"),
            (["new", "user", "bob"], "Content/users/bob.json: error: user 'bob' exists already"),
            (["new", "post", "--user", "bob", "missing.jpg"], "missing.jpg: error: the photo: no such file"),
            (["delete", "comment", Self.postID, "-Knope"], "error: post -K25Fj8qrMAtxXG3QCSn has no comment '-Knope'"),
            (["rename", "user", "bob", "alice"], "Content/users/alice.json: error: user 'alice' exists already"),
            (["edit", "comment", Self.postID, "-Knope", "--text", "- edited"], "error: post -K25Fj8qrMAtxXG3QCSn has no comment '-Knope'"),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments, in: fixture.root)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        #expect(try SiteFixture.snapshot(fixture.content) == before)
    }

    @Test("new post takes a clip alone and after a photo, and the site builds them; a JPEG named .mp4 is refused at its path; --help names every video format")
    func newPostWithVideos() throws {
        let fixture = try SiteFixture.small()
        try TestClips.make(at: fixture.root + "/clip.mp4", width: 160, height: 120, seconds: 1)
        let alone = try run(["new", "post", "--user", "alice", "clip.mp4", "--alt", "A test pattern"], in: fixture.root)
        #expect(alone.status == 0, "\(alone.standardError)")
        let aloneID = try #require(alone.standardOutput.split(separator: "\n").first.map(String.init))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/posts/" + aloneID).sorted() == ["clip.mp4", "post.md"])
        let mixed = try run(
            ["new", "post", "--user", "alice", RepositoryPaths.samplePhoto, "clip.mp4", "--alt", "A rocket", "--alt", "A clip"], in: fixture.root)
        #expect(mixed.status == 0, "\(mixed.standardError)")
        let mixedID = try #require(mixed.standardOutput.split(separator: "\n").first.map(String.init))
        #expect(
            try ContentChecks.text(fixture.content + "/posts/\(mixedID)/post.md").contains("  - image: rocket.jpg\n    alt: A rocket\n  - image: clip.mp4\n"))

        try FileManager.default.copyItem(atPath: RepositoryPaths.samplePhoto, toPath: fixture.root + "/fake.mp4")
        try expectRefused([(["new", "post", "--user", "alice", "clip.mp4", "fake.mp4"], 1, "fake.mp4: error: ")], in: fixture)

        // Both posts publish the same clip: one source, copied once.
        let built = try run(["build", "--json"], in: fixture.root)
        #expect(built.status == 0, "\(built.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(built.standardOutput.utf8)) as? [String: Any])
        let videos = try #require(report["videos"] as? [String: Int], "\(built.standardOutput)")
        #expect(videos == ["videos": 2, "copied": 2, "transcoded": 0, "made": 1, "cached": 0])
        let summary = try run(["build", "--clean"], in: fixture.root)
        #expect(summary.standardOutput.contains("; 2 videos (2 copied, 0 transcoded), 0 made, 1 cached;"), "\(summary.standardOutput)")

        let help = try run(["new", "post", "--help"], in: fixture.root)
        #expect(help.status == 0)
        for (fileExtension, _) in VideoFormat.fileExtensions {
            #expect(help.standardOutput.contains("." + fileExtension), "\(fileExtension): \(help.standardOutput)")
        }
    }

    @Test("a wrong number of arguments is a usage error (exit 64)")
    func usage() throws {
        let fixture = try SiteFixture.small()
        let result = try run(["follow", "alice"], in: fixture.root)
        #expect(result.status == 64)
        #expect(result.standardError.contains("expected <username> <other>; found 'alice'"))
        #expect(try run(["new", "post", "--user", "alice", "a.jpg", "--caption", "x", "--caption-file", "c.md"], in: fixture.root).status == 64)
    }

    @Test("import firebase exits 0 when all was imported, 2 when records were skipped (listed by JSON path), 1 on a malformed export")
    func importStatuses() throws {
        let fixture = try SiteFixture()
        try FirebaseExportFixture.write(try FirebaseExportFixture.sample(), to: fixture.root + "/export.json")
        let clean = try run(["import", "firebase", "export.json"], in: fixture.root)
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(clean.standardOutput == "Imported export.json into Content/: 3 users (3 new), 2 posts (2 new), 2 comments and 2 likes added; 0 skipped\n")
        let again = try run(["import", "firebase", "export.json"], in: fixture.root)
        #expect(
            again.standardOutput == "Imported export.json into Content/: 3 users (unchanged), 2 posts (unchanged), 0 comments and 0 likes added; 0 skipped\n")

        var export = try FirebaseExportFixture.sample()
        var posts = try #require(export["posts"] as? [String: Any])
        posts["-K9noImage000000000"] = ["username": "hansolo", "imageEndpoint": "-Kmissing"]
        export["posts"] = posts
        try FirebaseExportFixture.write(export, to: fixture.root + "/newer.json")
        let skipped = try run(["import", "firebase", "newer.json", "--content", "Elsewhere"], in: fixture.root)
        #expect(skipped.status == 2)
        #expect(
            skipped.standardError == "newer.json: /posts/-K9noImage000000000/imageEndpoint: skipped this post: its image '-Kmissing' is not under /images\n")
        #expect(skipped.standardOutput.contains("Wrote Elsewhere/site.json"))

        try fixture.write("broken.json", "{\"users\": ")
        let broken = try run(["import", "firebase", "broken.json"], in: fixture.root)
        #expect(broken.status == 1)
        #expect(broken.standardError.hasPrefix("broken.json:1:11: error: malformed JSON: expected a value, found end of file"))
        #expect(try run(["import", "firebase", "missing.json"], in: fixture.root).standardError.hasPrefix("missing.json: error: cannot read the export"))
    }

    @Test("import instagram exits 2 when something was left out (each listed by file and JSON path), 1 without a profile, and changes nothing when run again")
    func importInstagramStatuses() throws {
        let fixture = try SiteFixture()
        try InstagramExportFixture.writeFolder(try InstagramExportFixture.files(), at: fixture.root + "/export")
        let first = try run(["import", "instagram", "export"], in: fixture.root)
        #expect(first.status == 2, "\(first.standardError)")
        #expect(!first.standardError.contains("skipped this video"), "videos are imported: \(first.standardError)")
        #expect(first.standardError.contains("export: \(InstagramExportFixture.followingFile) /relationships_following/1: skipped this follow: "))
        #expect(
            first.standardError.contains("export: \(InstagramExportFixture.reelsFile) /ig_reels_media/1: skipped this reel: "),
            "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("Imported export into Content/: 1 user (1 new), 4 posts (4 new)"), "\(first.standardOutput)")
        let before = try SiteFixture.snapshot(fixture.content)
        let again = try run(["import", "instagram", "export"], in: fixture.root)
        #expect(again.status == 2)
        #expect(again.standardOutput.hasPrefix("Imported export into Content/: 1 user (unchanged), 4 posts (unchanged)"), "\(again.standardOutput)")
        #expect(try SiteFixture.snapshot(fixture.content) == before)

        try FileManager.default.removeItem(atPath: fixture.root + "/export/personal_information")
        let noProfile = try run(["import", "instagram", "export", "--content", "Elsewhere"], in: fixture.root)
        #expect(noProfile.status == 1)
        #expect(noProfile.standardError.contains("error: the export has no profile"))
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Elsewhere"))
    }
}
