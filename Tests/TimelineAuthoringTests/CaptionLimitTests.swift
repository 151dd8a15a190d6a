import Foundation
import Testing
import TimelineBuild
import TimelineModel
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent

/// A caption's hashtags each make a tag page showing the caption, so a caption is bounded
/// (`CaptionLimits`): over a limit is an error at its place in `post.md`, and the imports skip
/// and report such a post (a case of the hostile-input corpus, `HostileCorpus`).
@Suite("Caption limits")
struct CaptionLimitTests {
    static let id = "-K25Fj8qrMAtxXG3QCSn"
    static let postFile = "Content/posts/\(id)/post.md"

    /// The small site with the first post's caption replaced.
    func site(caption: String) throws -> SiteFixture {
        let fixture = try SiteFixture.small()
        try fixture.write(Self.postFile, "---\nusername: alice\nalt: A rocket\n---\n\(caption)")
        return fixture
    }

    /// The one error of a failing build, with its code and place.
    func expectError(_ fixture: SiteFixture, _ code: DiagnosticCode, line: Int, column: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let errors = await fixture.failingBuild().filter { $0.severity == .error }
        #expect(errors.map(\.code) == [code], "\(errors)", sourceLocation: sourceLocation)
        guard let error = errors.first else { return }
        #expect(error.location.path.hasSuffix("posts/\(Self.id)/post.md"), sourceLocation: sourceLocation)
        #expect(error.location.line == line && error.location.column == column, "\(error)", sourceLocation: sourceLocation)
    }

    @Test("a caption of 40 hashtags is refused at its 31st different one, and one of 4,000 as too long, before any page is made")
    func tooManyHashtags() async throws {
        let tags = (1...40).map { "#t\($0)" }
        // Repeats and case variants count once: 30 different tags, then the 31st on line 2.
        let caption = "#T1 #t1 " + tags.prefix(30).joined(separator: " ") + "\n" + tags.dropFirst(30).joined(separator: " ")
        let fixture = try site(caption: caption)
        await expectError(fixture, .tooManyHashtags, line: 6, column: 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.output))

        let flood = try site(caption: (1...4_000).map { "#t\($0)" }.joined(separator: " "))
        await expectError(flood, .captionTooLong, line: 5, column: 2_201)
        #expect(!FileManager.default.fileExists(atPath: flood.output))
    }

    @Test("30 different hashtags, 20 mentions and 2,200 characters are within the limits")
    func withinLimits() async throws {
        let tags = (1...30).map { "#t\($0)" }.joined(separator: " ")
        let mentions = (1...20).map { "@u\($0)" }.joined(separator: " ")
        let filler = String(repeating: "é", count: 2_200 - tags.count - mentions.count - 2)
        let fixture = try site(caption: "\n\(tags)\n\(mentions)\n\(filler)\n\n")
        #expect(try await fixture.build().postCount == 2)
    }

    @Test("a caption of 2,201 characters is refused at the first one too many")
    func tooLong() async throws {
        let caption = "\n  " + String(repeating: "a", count: 100) + "\n" + String(repeating: "☕", count: 2_101) + "\n"
        await expectError(try site(caption: caption), .captionTooLong, line: 7, column: 2_100)
    }

    @Test("a caption mentioning 21 different users is refused at the 21st")
    func tooManyMentions() async throws {
        let caption = "Hi @alice @ALICE " + (1...21).map { "@u\($0)" }.joined(separator: " ")
        await expectError(try site(caption: caption), .tooManyMentions, line: 5, column: 104)
    }

    @Test("a hashtag longer than 200 bytes, whose tag folder could not be written, is refused")
    func hashtagTooLong() async throws {
        await expectError(try site(caption: "A #" + String(repeating: "é", count: 101)), .hashtagTooLong, line: 5, column: 3)
        let fixture = try site(caption: "A #" + String(repeating: "é", count: 100))
        #expect(try await fixture.build().postCount == 2)
    }
}
