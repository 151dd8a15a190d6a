import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent

/// `timeline import firebase` as a library call: the sample export of the original app, the
/// records it leaves out (each reported with its JSON path), idempotence and newer exports.
@Suite("Firebase import")
struct FirebaseImportTests {
    typealias Export = FirebaseExportFixture

    /// A site with settings (no image processing, to keep builds quick) and no content yet.
    func emptySite() throws -> SiteFixture {
        try SiteFixture(site: #"{"title": "Imported", "baseURL": "https://example.org/", "images": {"process": false}}"#)
    }

    func runImport(_ exportPath: String, into fixture: SiteFixture, bufferSize: Int = 1 << 20) async throws -> (ImportSummary, [String]) {
        var importer = FirebaseImport(exportPath: exportPath, folder: ContentFolder(.folder(fixture.content, shownAs: "Content/")))
        importer.bufferSize = bufferSize
        var issues: [String] = []
        let summary = try await importer.run { issues.append($0.description) }
        return (summary, issues)
    }

    func exportFile(_ fixture: SiteFixture, _ export: [String: Any], name: String = "export.json") throws -> String {
        let path = fixture.root + "/" + name
        try Export.write(export, to: path)
        return path
    }

    @Test("the sample export imports into this project's format and builds: the post page shows its two comments and two likes")
    func sampleImportAndBuild() async throws {
        let fixture = try emptySite()
        let (summary, issues) = try await runImport(try exportFile(fixture, Export.sample()), into: fixture)
        #expect(issues.isEmpty)
        #expect(summary.usersAdded == 3 && summary.postsAdded == 2 && summary.commentsAdded == 2 && summary.likesAdded == 2 && summary.skipped == 0)
        #expect(!summary.createdSettings)

        let content = fixture.content
        #expect(
            try ContentChecks.text(content + "/users/calebhicks.json") == """
                {
                  "username": "calebhicks",
                  "bio": "I wear fancy pants. ",
                  "url": "http://calebhicks.com/",
                  "follows": [
                    "hansolo",
                    "ines_duarte"
                  ]
                }

                """)
        let post = content + "/posts/" + Export.samplePostID
        #expect(try FileManager.default.contentsOfDirectory(atPath: post).sorted() == ["comments.json", "likes.json", "photo.jpg", "post.md"])
        #expect(try ContentChecks.text(post + "/post.md") == "---\nusername: hansolo\n---\n")
        #expect(FileManager.default.contentsEqual(atPath: post + "/photo.jpg", andPath: Export.rocketPhoto))
        // The same layout as the example site's own files for this post.
        #expect(
            FileManager.default.contentsEqual(atPath: post + "/comments.json", andPath: RepositoryPaths.content + "/posts/\(Export.samplePostID)/comments.json")
        )
        #expect(FileManager.default.contentsEqual(atPath: post + "/likes.json", andPath: RepositoryPaths.content + "/posts/\(Export.samplePostID)/likes.json"))
        let coffee = content + "/posts/" + Export.coffeePostID
        #expect(try ContentChecks.text(coffee + "/post.md") == "---\nusername: ines_duarte\n---\nMorning at Café Lisboa ☕ — *best galão in town*.\n")
        #expect(FileManager.default.contentsEqual(atPath: coffee + "/photo.jpg", andPath: Export.coffeePhoto))

        let report = try await fixture.build()
        #expect(report.postCount == 2)
        #expect(report.warnings.allSatisfy { $0.severity == .warning })
        let page = try #require(HTMLDocument(path: fixture.output + "/p/\(Export.samplePostID)/index.html"))
        #expect(page.text("//h2[@id='likes-heading']") == "2 likes")
        #expect(page.text("//h2[@id='comments-heading']") == "2 comments")
        #expect(
            page.values("//li[@class='comment']//div[@class='comment-text']").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == [
                "I'd love to cliff dive off that.", "Who wants in?",
            ])
        #expect(page.values("//li[@class='comment']//p[@class='comment-meta']/a[1]") == ["calebhicks", "calebhicks"])
    }

    @Test("into a folder that does not exist yet: creates it with a minimal site.json that check accepts")
    func createsContentFolder() async throws {
        let fixture = try emptySite()
        try fixture.remove("Content")
        let (summary, _) = try await runImport(try exportFile(fixture, Export.sample()), into: fixture)
        #expect(summary.createdSettings)
        #expect(try ContentChecks.text(fixture.content + "/site.json") == "{\n  \"title\": \"Timeline\"\n}\n")
        await ContentChecks.checkPasses(fixture)
    }

    @Test("records that do not fit are reported one by one with their JSON path, and the rest is imported")
    func skippedRecords() async throws {
        let fixture = try emptySite()
        var export = try Export.sample()
        var users = try #require(export["users"] as? [String: Any])
        users["no-name"] = ["bio": "Who am I?"]
        users["bad-name"] = ["user": "not a username!"]
        users["mallory"] = [
            "username": "mallory", "url": "javascript:alert(1)", "follows": ["ghost-uid": true, Export.calebUID: "yes"], "email": "m@example.org",
        ]
        users["string-user"] = "just a string"
        export["users"] = users
        var posts = try #require(export["posts"] as? [String: Any])
        posts["-K9noImage000000000"] = ["username": "hansolo", "imageEndpoint": "-Kmissing"]
        posts["-K9byStranger000000"] = ["username": "stranger", "imageEndpoint": Export.sampleImageID]
        posts["-K9badBase64000000"] = ["username": "hansolo", "imageEndpoint": "-Kbad"]
        posts["-K9gif0000000000000"] = ["username": "hansolo", "imageEndpoint": "-Kgif"]
        posts["bad id!"] = ["username": "hansolo", "imageEndpoint": Export.sampleImageID]
        posts["-K9notAnObject00000"] = 42
        posts["-K9mixed00000000000"] = [
            "username": "mallory", "imageEndpoint": Export.coffeeImageID, "location": "Lisbon",
            "comments": [
                "-KAok00000000000000": ["post": "-K9mixed00000000000", "text": "Fine", "username": Export.calebUID],
                "-KAghost00000000000": ["text": "Boo", "username": "ghost-uid"],
                "-KAempty00000000000": ["text": "   ", "username": "hansolo"],
                "-KAelsewhere0000000": ["post": Export.samplePostID, "text": "Wrong post", "username": "hansolo"],
                "-KAnoUser000000000": ["text": "Anonymous"],
            ],
            "likes": ["-KBok00000000000000": ["username": "hansolo"], "-KBweird0000000000": "like!", "-KBcase000000000000": ["username": "HanSolo"]],
        ]
        export["posts"] = posts
        var images = try #require(export["images"] as? [String: Any])
        images["-Kbad"] = "not base64 at all!"
        images["-Kgif"] = Data("GIF89a-not-a-photo".utf8).base64EncodedString()
        images["-Knumber"] = 7
        export["images"] = images
        export["version"] = 2

        let (summary, issues) = try await runImport(try exportFile(fixture, export), into: fixture)
        let paths = issues.map { String($0.prefix { $0 != ":" }) }
        #expect(
            Set(paths) == [
                "/images/-Knumber",
                "/users/bad-name/user",
                "/users/mallory/email",
                "/users/mallory/url",
                "/users/mallory/follows/\(Export.calebUID)",
                "/users/no-name",
                "/users/string-user",
                "/version",
                "/users/mallory/follows/ghost-uid",
                "/images/-Kbad",
                "/images/-Kgif",
                "/posts/-K9byStranger000000/username",
                "/posts/-K9mixed00000000000/location",
                "/posts/-K9mixed00000000000/comments/-KAghost00000000000/username",
                "/posts/-K9mixed00000000000/comments/-KAempty00000000000",
                "/posts/-K9mixed00000000000/comments/-KAelsewhere0000000/post",
                "/posts/-K9mixed00000000000/comments/-KAnoUser000000000",
                "/posts/-K9mixed00000000000/likes/-KBweird0000000000",
                "/posts/-K9mixed00000000000/likes/-KBcase000000000000/username",
                "/posts/-K9noImage000000000/imageEndpoint",
                "/posts/-K9notAnObject00000",
                "/posts/bad id!",
            ])
        #expect(issues.count == paths.count)
        #expect(summary.skipped == issues.count)
        #expect(
            issues.contains(
                "/posts/-K9mixed00000000000/likes/-KBcase000000000000/username: skipped this like: unknown user 'HanSolo' (did you mean 'hansolo'?)"))
        #expect(issues.contains("/posts/-K9byStranger000000/username: skipped this post: unknown user 'stranger'"))
        #expect(issues.contains("/images/-Kbad: skipped post '-K9badBase64000000': not valid Base64 at character 18: '!' is not a Base64 character"))
        #expect(issues.contains("/images/-Kgif: skipped post '-K9gif0000000000000': the image is not a JPEG, PNG or WebP file"))

        // What fits is imported: mallory without her URL, the mixed post with its good comment
        // (by uid) and like, and nothing of the skipped posts.
        #expect(summary.usersAdded == 4 && summary.postsAdded == 3)
        #expect(try ContentChecks.text(fixture.content + "/users/mallory.json") == "{\n  \"username\": \"mallory\",\n  \"follows\": []\n}\n")
        let mixed = fixture.content + "/posts/-K9mixed00000000000"
        #expect(try ContentChecks.text(mixed + "/comments.json").contains("\"username\": \"calebhicks\",\n    \"text\": \"Fine\""))
        #expect(try ContentChecks.text(mixed + "/likes.json") == "[\n  {\n    \"id\": \"-KBok00000000000000\",\n    \"username\": \"hansolo\"\n  }\n]\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/posts").sorted()
                == [Export.samplePostID, Export.coffeePostID, "-K9mixed00000000000"].sorted())
        await ContentChecks.checkPasses(fixture)
    }

    @Test("usernames that start with '-' are skipped and reported by their JSON path; no file is written for them")
    func dashUsernames() async throws {
        let fixture = try emptySite()
        var export = try Export.sample()
        var users = try #require(export["users"] as? [String: Any])
        users["help-uid"] = ["username": "--help"]
        users["rf-uid"] = ["user": "-rf"]
        export["users"] = users
        let (summary, issues) = try await runImport(try exportFile(fixture, export), into: fixture)
        #expect(issues.contains { $0.hasPrefix("/users/help-uid/username: skipped this user") }, "\(issues)")
        #expect(issues.contains { $0.hasPrefix("/users/rf-uid/user: skipped this user") }, "\(issues)")
        #expect(summary.skipped == issues.count)
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/users")
        #expect(!files.contains { $0.hasPrefix("-") }, "\(files)")
    }

    @Test("importing the same export twice changes nothing: same bytes, no file rewritten")
    func idempotent() async throws {
        let fixture = try emptySite()
        let export = try exportFile(fixture, Export.sample())
        _ = try await runImport(export, into: fixture)
        let bytes = try SiteFixture.snapshot(fixture.content)
        let times = try ContentChecks.modificationTimes(fixture.content)
        try await Task.sleep(for: .milliseconds(20))
        let (summary, issues) = try await runImport(export, into: fixture)
        #expect(issues.isEmpty)
        #expect(summary.changedNothing)
        #expect(summary.usersUnchanged == 3 && summary.postsUnchanged == 2)
        #expect(try SiteFixture.snapshot(fixture.content) == bytes)
        #expect(try ContentChecks.modificationTimes(fixture.content) == times)
    }

    @Test("a newer export adds what is new and keeps what the content has")
    func newerExportAdds() async throws {
        let fixture = try emptySite()
        _ = try await runImport(try exportFile(fixture, Export.sample()), into: fixture)
        // Edits made here since the first import: a name, a bio, a like.
        try fixture.write(
            "Content/users/hansolo.json",
            "{\n  \"username\": \"hansolo\",\n  \"name\": \"Han Solo\",\n  \"bio\": \"Edited here.\",\n  \"follows\": [\n    \"calebhicks\"\n  ]\n}\n")
        var author = ContentAuthor(folder: ContentFolder(.folder(fixture.content, shownAs: "Content/")))
        let like = try #require(try author.like(Export.samplePostID, by: "ines_duarte").id)

        var export = try Export.sample()
        var users = try #require(export["users"] as? [String: Any])
        users[Export.hanUID] = [
            "username": "hansolo", "bio": "From the export.", "url": "https://hansolo.example.com/", "follows": [Export.calebUID: true, Export.inesUID: true],
        ]
        users["4f2e0000-0000-4000-a000-000000000001"] = ["username": "tom-okafor", "follows": [Export.hanUID: true]]
        export["users"] = users
        var posts = try #require(export["posts"] as? [String: Any])
        var sample = try #require(posts[Export.samplePostID] as? [String: Any])
        var comments = try #require(sample["comments"] as? [String: Any])
        comments["-K2Anew0000000000000"] = ["post": Export.samplePostID, "text": "Count me in.", "username": "tom-okafor"]
        sample["comments"] = comments
        sample["caption"] = "A caption added later is not taken: post.md stays as it is."
        posts[Export.samplePostID] = sample
        posts["-K4newPost0000000000"] = ["username": "tom-okafor", "imageEndpoint": Export.coffeeImageID]
        export["posts"] = posts

        let (summary, issues) = try await runImport(try exportFile(fixture, export, name: "newer.json"), into: fixture)
        #expect(issues.isEmpty)
        #expect(summary.usersAdded == 1 && summary.usersUpdated == 1 && summary.usersUnchanged == 2)
        #expect(summary.postsAdded == 1 && summary.postsUpdated == 1 && summary.postsUnchanged == 1)
        #expect(summary.commentsAdded == 1 && summary.likesAdded == 0)
        #expect(
            try ContentChecks.text(fixture.content + "/users/hansolo.json") == """
                {
                  "username": "hansolo",
                  "name": "Han Solo",
                  "bio": "Edited here.",
                  "url": "https://hansolo.example.com/",
                  "follows": [
                    "calebhicks",
                    "ines_duarte"
                  ]
                }

                """)
        let post = fixture.content + "/posts/" + Export.samplePostID
        #expect(try ContentChecks.text(post + "/post.md") == "---\nusername: hansolo\n---\n")
        #expect(
            try ContentChecks.text(post + "/comments.json").hasSuffix(
                """
                  {
                    "id": "-K2Anew0000000000000",
                    "username": "tom-okafor",
                    "text": "Count me in."
                  }
                ]

                """))
        #expect(try ContentChecks.text(post + "/likes.json").contains(like))
        #expect(FileManager.default.fileExists(atPath: fixture.content + "/posts/-K4newPost0000000000/photo.jpg"))
        await ContentChecks.checkPasses(fixture)
    }

    @Test("a malformed export is reported at its line and column, and nothing is written")
    func malformedExport() async throws {
        let fixture = try emptySite()
        try fixture.remove("Content")
        let cases: [(String, String)] = [
            (
                "{\n  \"users\": {\n    \"a\": {\"user\": \"x\",}\n  }\n}\n",
                "export.json:3:23: error: malformed JSON: expected a key in double quotes, found '}'"
            ),
            ("{\"posts\": {\"-K1\": {\"username\": \"x\"}}", "export.json:1:37: error: malformed JSON: expected ',' or '}' in object, found end of file"),
            ("[1, 2]", "export.json:1:1: error: malformed JSON: the export must be one JSON object with the keys users, posts and images"),
            ("{\"images\": {\"a\": \"abc\ndef\"}}", "export.json:1:22: error: malformed JSON: control character in string; write it as an escape such as \\n"),
            ("{\"users\": {}} x", "export.json:1:15: error: malformed JSON: unexpected 'x' after the JSON value"),
        ]
        for (text, expected) in cases {
            try fixture.write("export.json", text)
            await #expect {
                _ = try await runImport(fixture.root + "/export.json", into: fixture)
            } throws: { error in
                (error as? ImportFailure)?.description == fixture.root + "/" + expected
            }
            #expect(!FileManager.default.fileExists(atPath: fixture.content), "\(expected)")
        }
    }

    @Test("the result does not depend on the reader's buffer size", arguments: [16, 97, 4096])
    func bufferSizes(size: Int) async throws {
        let small = try emptySite()
        let large = try emptySite()
        let export = try exportFile(small, Export.sample())
        _ = try await runImport(export, into: small, bufferSize: size)
        _ = try await runImport(export, into: large)
        #expect(try SiteFixture.snapshot(small.content) == SiteFixture.snapshot(large.content))
    }
}
