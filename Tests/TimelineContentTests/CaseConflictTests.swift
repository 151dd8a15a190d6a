import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineContent
@testable import TimelineModel

/// Names that are one on a case-insensitive file system (APFS by default, Windows): refused on
/// every system, so that a site that builds on Linux also builds when cloned on a Mac.
@Suite("Names that differ only in case")
struct CaseConflictTests {
    /// The diagnostics `timeline check` gives, which must fail.
    func failingCheck(_ fixture: SiteFixture) async -> [Diagnostic] {
        let diagnostics = await fixture.checkDiagnostics()
        if diagnostics.isEmpty { Issue.record("check passed") }
        return diagnostics
    }

    @Test("two post IDs that differ only in case are a caseConflict at the second post's folder, in check and in build")
    func postIDs() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K25Fj8qrMAtxXG3QCsn", by: "bob", caption: "The same folder on a Mac")
        let problems = await failingCheck(fixture)
        #expect(problems.map(\.code) == [.caseConflict], "\(problems)")
        #expect(problems.first?.location.path.hasSuffix("/Content/posts/-K25Fj8qrMAtxXG3QCsn/") == true)
        #expect(problems.first?.message.contains("-K25Fj8qrMAtxXG3QCSn") == true)
        #expect(await fixture.failingBuild().map(\.code) == [.caseConflict])
    }

    @Test("two files of one post folder whose names differ only in case are a caseConflict at the second file", arguments: ["photos", "image"])
    func photoNames(form: String) async throws {
        let fixture = try SiteFixture.small()
        let id = "-K36oDNVDXuaek0DUCoc"
        let front = form == "photos" ? "photos:\n  - image: photo.jpg\n    alt: A\n  - image: Photo.jpg\n    alt: B\n" : "image: photo.jpg\nalt: A rocket\n"
        try fixture.write("Content/posts/\(id)/post.md", "---\nusername: bob\n\(front)---\nTwo photos\n")
        try FileManager.default.copyItem(atPath: RepositoryPaths.samplePhoto, toPath: fixture.content + "/posts/\(id)/Photo.jpg")
        let problems = await failingCheck(fixture)
        #expect(problems.map(\.code) == [.caseConflict], "\(problems)")
        // Sorted byte by byte, the upper-case name comes first: the lower-case one is the second.
        #expect(problems.first?.location.path.hasSuffix("/Content/posts/\(id)/photo.jpg") == true)
        #expect(problems.first?.message.contains("Photo.jpg") == true)
    }

    @Test("a new post whose ID differs only in case from another's is not added by an edit build: the session's whole pass refuses it")
    func newPostInASession() async throws {
        let fixture = try SiteFixture.small()
        let session = BuildSession(options: fixture.options())
        _ = try await session.build()
        // Newer than every post (byte order), so an edit build would take it as a new post.
        let id = "-K36oDNVDXuaek0DUcoc"
        try fixture.post(id, by: "alice", caption: "The newest, in another case")
        do {
            _ = try await session.build(changes: [fixture.content + "/posts/" + id])
            Issue.record("the session built it")
        } catch {
            #expect(error.diagnostics.map(\.code) == [.caseConflict], "\(error.diagnostics)")
        }
        #expect(NewPost.equalIgnoringASCIICase(id, "-K36oDNVDXuaek0DUCoc"))
        #expect(!NewPost.equalIgnoringASCIICase("-K36-", "-K36\r"))
        #expect(!NewPost.equalIgnoringASCIICase("a@", "A`"))
        #expect(!NewPost.equalIgnoringASCIICase("abc", "abcd"))
    }

    @Test("names equal once lower-cased, or in another Unicode normalization, are pairs; others are not")
    func pairs() {
        #expect(CaseConflicts.pairs(["A.jpg", "a.jpg", "b.jpg"]).map { [$0.name, $0.first] } == [["a.jpg", "A.jpg"]])
        #expect(CaseConflicts.pairs(["caf\u{E9}.jpg", "cafe\u{301}.jpg"]).count == 1)
        #expect(CaseConflicts.pairs(["a.jpg", "a.jpeg", "b.jpg"]).isEmpty)
    }
}
