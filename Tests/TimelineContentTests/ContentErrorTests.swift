import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineModel

/// Each kind of bad content gives `path:line:column: error: message` and a failed build.
@Suite("Content errors")
struct ContentErrorTests {
    /// The one diagnostic with this code, checked for its file and position.
    func expectDiagnostic(
        _ diagnostics: [Diagnostic], _ code: DiagnosticCode, path: String, line: Int? = nil, column: Int? = nil,
        containing text: String, severity: Diagnostic.Severity = .error, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let matching = diagnostics.filter { $0.code == code }
        #expect(matching.count == 1, "expected one \(code), got \(diagnostics.map(\.description))", sourceLocation: sourceLocation)
        guard let diagnostic = matching.first else { return }
        #expect(diagnostic.severity == severity, sourceLocation: sourceLocation)
        #expect(diagnostic.location.path.hasSuffix(path), "\(diagnostic.location.path)", sourceLocation: sourceLocation)
        if let line { #expect(diagnostic.location.line == line, "\(diagnostic)", sourceLocation: sourceLocation) }
        if let column { #expect(diagnostic.location.column == column, "\(diagnostic)", sourceLocation: sourceLocation) }
        #expect(diagnostic.message.contains(text), "\(diagnostic.message)", sourceLocation: sourceLocation)
        let rendered = diagnostic.description
        #expect(rendered.hasPrefix(diagnostic.location.description + ": \(severity.rawValue): "), sourceLocation: sourceLocation)
    }

    @Test("malformed JSON names the file, line and column")
    func malformedJSON() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/alice.json", "{\n  \"username\": \"alice\",\n  \"follows\": [\"bob\",]\n}\n")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .malformedJSON, path: "Content/users/alice.json", line: 3, column: 21, containing: "expected a value")
    }

    @Test("malformed YAML front matter names the line in post.md")
    func malformedYAML() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/posts/-K25Fj8qrMAtxXG3QCSn/post.md", "---\nusername: alice\nalt: [unclosed\n---\nHello")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .malformedYAML, path: "posts/-K25Fj8qrMAtxXG3QCSn/post.md", containing: "malformed YAML")
        let line = try #require(diagnostics.first { $0.code == .malformedYAML }?.location.line)
        #expect((3...4).contains(line))
    }

    @Test("a post without front matter")
    func missingFrontMatter() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/posts/-K25Fj8qrMAtxXG3QCSn/post.md", "Just a caption")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .missingFrontMatter, path: "post.md", line: 1, column: 1, containing: "front matter")
    }

    @Test("unknown keys are typos, with a suggestion")
    func unknownKeys() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/alice.json", "{\n  \"username\": \"alice\",\n  \"folows\": []\n}\n")
        try fixture.write("Content/posts/-K25Fj8qrMAtxXG3QCSn/post.md", "---\nusername: alice\nalt: x\ncaption: oops\n---\n")
        let diagnostics = await fixture.failingBuild()
        let unknown = diagnostics.filter { $0.code == .unknownKey }
        #expect(unknown.count == 2)
        let user = try #require(unknown.first { $0.location.path.hasSuffix("alice.json") })
        #expect(user.location.line == 3 && user.location.column == 3)
        #expect(user.message.contains("did you mean 'follows'"))
        let post = try #require(unknown.first { $0.location.path.hasSuffix("post.md") })
        #expect(post.location.line == 4 && post.location.column == 1)
    }

    @Test("a post, comment, like or follow naming an unknown user")
    func unknownUsers() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("alice", follows: ["bob", "nobody"])
        try fixture.post(
            "-K4JKCJcHOnPQ8mBtMK6", by: "ghost",
            comments: "[\n  {\"id\": \"c1\", \"username\": \"phantom\", \"text\": \"hi\"}\n]\n",
            likes: "[\n  {\"id\": \"l1\", \"username\": \"Bob\"}\n]\n")
        let diagnostics = await fixture.failingBuild()
        let unknown = diagnostics.filter { $0.code == .unknownUser }
        #expect(unknown.count == 4, "\(unknown)")
        #expect(unknown.contains { $0.location.path.hasSuffix("users/alice.json") && $0.message.contains("'nobody'") && $0.location.line == 3 })
        #expect(
            unknown.contains { $0.location.path.hasSuffix("post.md") && $0.message.contains("'ghost'") && $0.location.line == 2 && $0.location.column == 11 })
        #expect(unknown.contains { $0.location.path.hasSuffix("comments.json") && $0.message.contains("'phantom'") && $0.location.line == 2 })
        #expect(unknown.contains { $0.location.path.hasSuffix("likes.json") && $0.message.contains("did you mean 'bob'") })
    }

    @Test("a missing photo, an unreadable one, and one that is not what its name says")
    func photoProblems() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", photo: nil)
        try fixture.post("-K5Lhp9bwiE1UlScA0Hc", by: "alice", frontMatter: "image: absent.jpg\n")
        try fixture.post("-K780Yh1KaEBC-aZKWeZ", by: "alice", photo: nil)
        try fixture.write("Content/posts/-K780Yh1KaEBC-aZKWeZ/broken.jpg", "not a jpeg")
        let diagnostics = await fixture.failingBuild()
        let missing = diagnostics.filter { $0.code == .missingPhoto }
        #expect(missing.count == 2)
        #expect(missing.contains { $0.location.path.hasSuffix("-K4JKCJcHOnPQ8mBtMK6/post.md") && $0.message.contains("has no photo") })
        #expect(
            missing.contains {
                $0.location.path.hasSuffix("-K5Lhp9bwiE1UlScA0Hc/post.md") && $0.location.line == 4 && $0.location.column == 8
                    && $0.message.contains("absent.jpg")
            })
        expectDiagnostic(diagnostics, .unreadablePhoto, path: "-K780Yh1KaEBC-aZKWeZ/broken.jpg", containing: "not a readable JPEG")
    }

    @Test("a photo name that does not exist gets the similar name the folder holds, and only a similar one")
    func similarPhotoName() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", frontMatter: "image: rocket.jpeg\n", photo: "rocket.jpg")
        try fixture.post("-K5Lhp9bwiE1UlScA0Hc", by: "alice", frontMatter: "image: sunset.jpg\n", photo: "rocket.jpg")
        let diagnostics = await fixture.failingBuild()
        let messages = diagnostics.filter { $0.code == .missingPhoto }.map {
            "\($0.location.line ?? 0):\($0.location.column ?? 0) " + $0.message.replacingOccurrences(of: fixture.root + "/", with: "")
        }
        #expect(
            messages == [
                "4:8 image file 'rocket.jpeg' does not exist (looked for Content/posts/-K4JKCJcHOnPQ8mBtMK6/rocket.jpeg); did you mean 'rocket.jpg'?",
                "4:8 image file 'sunset.jpg' does not exist (looked for Content/posts/-K5Lhp9bwiE1UlScA0Hc/sunset.jpg)",
            ])
    }

    @Test("a photo whose bytes are not what its name says")
    func mislabelledPhoto() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", photo: "photo.png")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .unreadablePhoto, path: "-K4JKCJcHOnPQ8mBtMK6/photo.png", containing: "holds a JPEG image but its name says PNG")
    }

    @Test("a photo path that leaves its post folder", arguments: ["../../users/alice.json", "/etc/passwd", "sub/../../x.jpg"])
    func photoOutsidePost(reference: String) async throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", frontMatter: "image: \(reference)\n")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .photoOutsidePost, path: "-K4JKCJcHOnPQ8mBtMK6/post.md", line: 4, column: 8, containing: reference)
    }

    @Test("a photo that is a symbolic link out of the content folder")
    func symlinkOut() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", photo: nil)
        try FileManager.default.copyItem(atPath: RepositoryPaths.samplePhoto, toPath: fixture.root + "/outside.jpg")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.content + "/posts/-K4JKCJcHOnPQ8mBtMK6/photo.jpg", withDestinationPath: fixture.root + "/outside.jpg")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .photoOutsidePost, path: "-K4JKCJcHOnPQ8mBtMK6/photo.jpg", containing: "leads out of the content folder")
    }

    @Test("a symbolic link that stays inside the content folder is fine")
    func symlinkInside() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", photo: nil)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.content + "/posts/-K4JKCJcHOnPQ8mBtMK6/photo.jpg",
            withDestinationPath: "../-K25Fj8qrMAtxXG3QCSn/photo.jpg")
        let report = try await fixture.build()
        #expect(report.postCount == 3)
    }

    @Test("an empty comment")
    func emptyComment() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", comments: "[\n  {\"id\": \"c1\", \"username\": \"bob\", \"text\": \"   \"}\n]\n")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .emptyComment, path: "comments.json", line: 2, column: 3, containing: "no text")
    }

    @Test("invalid usernames and IDs")
    func invalidNames() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/bad name.json", "{\"username\": \"bad name\", \"follows\": []}")
        try fixture.post("has.dot", by: "alice")
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", comments: "[{\"id\": \"no/slash\", \"username\": \"bob\", \"text\": \"x\"}]")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .invalidUsername, path: "users/bad name.json", line: 1, column: 14, containing: "invalid username")
        let ids = diagnostics.filter { $0.code == .invalidID }
        #expect(ids.count == 2)
        #expect(ids.contains { $0.location.path.hasSuffix("posts/has.dot") })
        #expect(ids.contains { $0.location.path.hasSuffix("comments.json") && $0.location.column == 9 })
    }

    @Test("duplicate comment and like IDs within a post")
    func duplicateIDs() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post(
            "-K4JKCJcHOnPQ8mBtMK6", by: "alice",
            comments: "[\n {\"id\": \"c1\", \"username\": \"bob\", \"text\": \"a\"},\n {\"id\": \"c1\", \"username\": \"bob\", \"text\": \"b\"}\n]",
            likes: "[\n {\"id\": \"l1\", \"username\": \"bob\"},\n {\"id\": \"l1\", \"username\": \"alice\"}\n]")
        let diagnostics = await fixture.failingBuild()
        let duplicates = diagnostics.filter { $0.code == .duplicateID }
        #expect(duplicates.count == 2)
        #expect(duplicates.contains { $0.location.path.hasSuffix("comments.json") && $0.location.line == 3 })
        #expect(duplicates.contains { $0.location.path.hasSuffix("likes.json") && $0.location.line == 3 })
    }

    @Test("usernames must be unique ignoring case, and match their file")
    func usernameClashes() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("Alice")
        try fixture.write("Content/users/carol.json", "{\"username\": \"caroline\", \"follows\": []}")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .duplicateUsername, path: "users/alice.json", containing: "unique ignoring case")
        expectDiagnostic(diagnostics, .usernameMismatch, path: "users/carol.json", line: 1, column: 14, containing: "does not match")
    }

    @Test("a user's url must be http or https")
    func unsafeURL() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("alice", extra: "\n  \"url\": \"javascript:alert(1)\",")
        let diagnostics = await fixture.failingBuild()
        expectDiagnostic(diagnostics, .unsafeURL, path: "users/alice.json", line: 3, column: 10, containing: "http or https")
    }

    @Test("every problem of a run is reported, not only the first")
    func allProblemsAtOnce() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/alice.json", "{\"username\": \"alice\", \"follows\": [\"zed\"], \"bio\": 3}")
        try fixture.write("Content/posts/-K36oDNVDXuaek0DUCoc/comments.json", "[{]")
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "ghost")
        let diagnostics = await fixture.failingBuild()
        #expect(Set(diagnostics.map(\.code)).isSuperset(of: [.unknownUser, .wrongType, .malformedJSON]))
        #expect(diagnostics.filter { $0.severity == .error }.count >= 4)
        // Sorted by file so the report reads in order.
        let paths = diagnostics.map(\.location)
        #expect(paths == paths.sorted())
    }

    @Test("warnings: self-follow, duplicate like, missing alt; --strict makes them errors")
    func warnings() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("alice", follows: ["bob", "alice"])
        try fixture.post(
            "-K4JKCJcHOnPQ8mBtMK6", by: "alice", alt: nil, likes: "[{\"id\": \"l1\", \"username\": \"bob\"}, {\"id\": \"l2\", \"username\": \"bob\"}]")
        let report = try await fixture.build()
        let codes = Set(report.warnings.map(\.code))
        #expect(codes == [.selfFollow, .duplicateLike, .missingAltText])
        #expect(report.warnings.allSatisfy { $0.severity == .warning })

        try fixture.remove("Output")
        let strict = await fixture.failingBuild(strict: true)
        #expect(Set(strict.map(\.code)) == codes)
        #expect(strict.allSatisfy { $0.severity == .error })
        #expect(!fixture.exists("index.html"))
    }
}
