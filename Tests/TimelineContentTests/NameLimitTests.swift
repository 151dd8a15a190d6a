import Foundation
import Testing
import TimelineBuild
import TimelineModel
import TimelineTestSupport

@testable import TimelineContent

/// What `check` passes, `build` can write: a name that would make a published file's name too
/// long for the file system is refused at load, where it is written.
@Suite("Name limits")
struct NameLimitTests {
    func errors(_ fixture: SiteFixture) async -> [Diagnostic] {
        await fixture.checkDiagnostics().filter { $0.severity == .error }
    }

    @Test("a photo file name of 240 bytes is refused at the line that names it; one of 100 builds")
    func longPhotoName() async throws {
        let fixture = try SiteFixture.small()
        let long = String(repeating: "a", count: 236) + ".jpg"
        try fixture.post("-K25Fj8qrMAtxXG3QCSn", by: "alice", caption: "Hi", frontMatter: "image: \(long)\n", photo: long)
        let found = await errors(fixture)
        #expect(found.map(\.code) == [.fileNameTooLong], "\(found)")
        #expect(found.first?.location.line == 4, "\(found)")

        let fits = String(repeating: "b", count: 96) + ".jpg"
        try FileManager.default.removeItem(atPath: fixture.content + "/posts/-K25Fj8qrMAtxXG3QCSn/" + long)
        try fixture.post("-K25Fj8qrMAtxXG3QCSn", by: "alice", caption: "Hi", frontMatter: "image: \(fits)\n", photo: fits)
        #expect(try await fixture.build().postCount == 2)
    }

    @Test("a hashtag of 300 characters is refused at load")
    func longHashtag() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/posts/-K25Fj8qrMAtxXG3QCSn/post.md", "---\nusername: alice\nalt: A rocket\n---\nA #\(String(repeating: "x", count: 300))")
        #expect(await errors(fixture).map(\.code) == [.hashtagTooLong])
    }
}
