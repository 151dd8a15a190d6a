import Foundation
import Testing
import TimelineContent
import TimelineModel
import TimelineTestSupport

@testable import TimelineAuthoring

/// `timeline new post` and `timeline edit post --add-photo` with videos: clips FFmpeg makes in
/// the test's folder are taken as photos are; a file that is no whole video is refused with the
/// probe's code, before anything is written.
@Suite("Authoring posts with videos")
struct VideoAuthoringTests {
    /// A one-second clip at `name` in the fixture's folder, outside the content; its path.
    func clip(_ fixture: SiteFixture, _ name: String = "clip.mp4", width: Int = 160, height: Int = 120) throws -> String {
        let path = fixture.root + "/" + name
        try TestClips.make(at: path, width: width, height: height, seconds: 1)
        return path
    }

    @Test("new post takes a video alone, and a photo and a video together; the content checks and the video is probed")
    func newPostWithVideo() async throws {
        let fixture = try SiteFixture.small()
        let video = try clip(fixture)
        var author = fixture.author
        let alone = try author.newPost(.init(username: "alice", photo: video, alt: "A test pattern"))
        let aloneID = try #require(alone.id)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/posts/" + aloneID).sorted() == ["clip.mp4", "post.md"])
        // The folder's only file needs no `image:`, as for a photo.
        #expect(try ContentChecks.text(fixture.content + "/posts/\(aloneID)/post.md") == "---\nusername: alice\nalt: A test pattern\n---\n")
        #expect(alone.warnings.isEmpty)

        let mixed = try author.newPost(.init(username: "alice", photos: [RepositoryPaths.samplePhoto, video], caption: "Both"))
        let mixedID = try #require(mixed.id)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/posts/" + mixedID).sorted() == ["clip.mp4", "post.md", "rocket.jpg"])
        #expect(try ContentChecks.text(fixture.content + "/posts/\(mixedID)/post.md").contains("photos:\n  - image: rocket.jpg\n  - image: clip.mp4\n"))
        #expect(mixed.warnings.map(\.code) == [.missingAltText, .missingAltText])

        let (loaded, diagnostics) = await ContentLoader(contentFolder: .folder(fixture.content, shownAs: "Content/")).load()
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        let post = try #require(loaded?.posts.first { $0.id.rawValue == mixedID })
        #expect(post.photos.map { $0.video != nil } == [false, true])
        await ContentChecks.checkPasses(fixture)
    }

    @Test("a text file, a JPEG and an HLS playlist behind an ftyp box named .mp4, and a clip cut short, are refused with the probe's code; nothing is written")
    func refusesWhatIsNoVideo() throws {
        let fixture = try SiteFixture.small()
        let text = fixture.root + "/notes.mp4"
        try Data("not a video\n".utf8).write(to: URL(fileURLWithPath: text))
        let jpeg = fixture.root + "/photo.mov"
        try FileManager.default.copyItem(atPath: RepositoryPaths.samplePhoto, toPath: jpeg)
        let disguised = fixture.root + "/playlist.mp4"
        let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n"
        try Data([0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array(playlist.utf8)).write(to: URL(fileURLWithPath: disguised))
        let whole = try Data(contentsOf: URL(fileURLWithPath: try clip(fixture, "whole.mp4", width: 320, height: 240)))
        let cut = fixture.root + "/cut.mp4"
        try whole.prefix(whole.count * 2 / 3).write(to: URL(fileURLWithPath: cut))

        var author = fixture.author
        // The playlist passes the first bytes' check; FFmpeg, forced to read it as MP4, finds no
        // whole video there (its exact finding depends on the FFmpeg version).
        let cases: [(String, Set<DiagnosticCode>)] = [
            (text, [.notAVideo]), (jpeg, [.notAVideo]), (disguised, [.notAVideo, .brokenVideo]), (cut, [.brokenVideo]),
        ]
        for (file, codes) in cases {
            let error = try ContentChecks.refused(fixture.content) {
                _ = try author.newPost(.init(username: "alice", photos: [RepositoryPaths.samplePhoto, file]))
            }
            #expect(error.reason == .invalidArgument, "\(file): \(error)")
            #expect(error.location?.path == file)
            #expect(error.diagnostics.count == 1 && error.diagnostics.allSatisfy { codes.contains($0.code) }, "\(file): \(error)")
        }
        let added = try ContentChecks.refused(fixture.content) {
            _ = try author.editPost(.init(postID: "-K25Fj8qrMAtxXG3QCSn", photos: .init(add: [text])))
        }
        #expect(added.reason == .invalidArgument && added.diagnostics.map(\.code) == [.notAVideo])
    }

    @Test("edit post --add-photo adds a video after the photos")
    func editPostAddsVideo() async throws {
        let fixture = try SiteFixture.small()
        var author = fixture.author
        _ = try author.editPost(.init(postID: "-K25Fj8qrMAtxXG3QCSn", photos: .init(add: [try clip(fixture)], addAlts: ["A test pattern"])))
        let markdown = try ContentChecks.text(fixture.content + "/posts/-K25Fj8qrMAtxXG3QCSn/post.md")
        #expect(markdown.contains("  - image: clip.mp4\n    alt: A test pattern\n"), "\(markdown)")
        await ContentChecks.checkPasses(fixture)
    }
}
