import Foundation
import Testing
import TimelineContent
import TimelineModel
import TimelineTestSupport

@testable import TimelineAuthoring

/// `timeline new post` with several photos, and `timeline edit post`'s photo changes.
@Suite("Authoring posts of several photos")
struct PhotoAuthoringTests {
    /// Three distinct photos outside the content: `a.jpg`, `b.jpg`, `c.jpg`.
    func photos(_ fixture: SiteFixture) throws -> [String] {
        try ["a", "b", "c"].enumerated().map { index, name in
            let path = fixture.root + "/\(name).jpg"
            try TestImages.jpeg(at: path, width: 40 + index, height: 30) { _, _ in (UInt8(index * 80), 100, 150) }
            return path
        }
    }

    func photoList(_ fixture: SiteFixture, _ id: String) throws -> [String] {
        let text = try ContentChecks.text(fixture.content + "/posts/\(id)/post.md")
        return text.split(separator: "\n").filter {
            $0.hasPrefix("  - image: ") || $0.hasPrefix("    alt: ") || $0.hasPrefix("image: ") || $0.hasPrefix("alt: ")
        }
        .map(String.init)
    }

    @Test("new post takes several photos and an alt text for each, in their order")
    func newPost() async throws {
        let fixture = try SiteFixture.small()
        let files = try photos(fixture)
        var author = fixture.author
        let result = try author.newPost(.init(username: "alice", photos: files, caption: "Three", alts: ["First", "Second: with a colon"]))
        let id = try #require(result.id)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/posts/" + id).sorted() == ["a.jpg", "b.jpg", "c.jpg", "post.md"])
        #expect(
            try photoList(fixture, id) == ["  - image: a.jpg", "    alt: First", "  - image: b.jpg", "    alt: \"Second: with a colon\"", "  - image: c.jpg"])
        #expect(result.warnings.map(\.code) == [.missingAltText])
        await ContentChecks.checkPasses(fixture)
    }

    @Test("new post refuses no photo, more than 20, more alt texts than photos, and gives photos of one name names of their own")
    func newPostLimits() throws {
        let fixture = try SiteFixture.small()
        let files = try photos(fixture)
        var author = fixture.author
        for request in [
            ContentAuthor.NewPost(username: "alice", photos: []),
            ContentAuthor.NewPost(username: "alice", photos: Array(repeating: files[0], count: PostPhoto.limit + 1)),
            ContentAuthor.NewPost(username: "alice", photos: [files[0]], alts: ["One", "Two"]),
        ] {
            let error = try ContentChecks.refused(fixture.content) { _ = try author.newPost(request) }
            #expect(error.reason == .invalidArgument)
        }
        let twice = try author.newPost(.init(username: "alice", photos: [files[0], files[0]], alts: ["Once", "Twice"]))
        #expect(try photoList(fixture, #require(twice.id)) == ["  - image: a.jpg", "    alt: Once", "  - image: a-2.jpg", "    alt: Twice"])
    }

    @Test("edit post adds, removes and reorders photos and changes one photo's alt text, and the site builds")
    func editPhotos() async throws {
        let fixture = try SiteFixture.small()
        let files = try photos(fixture)
        var author = fixture.author
        let id = try #require(try author.newPost(.init(username: "alice", photos: [files[0], files[1]], alts: ["A", "B"])).id)

        _ = try author.editPost(.init(postID: id, photos: .init(add: [files[2]], addAlts: ["C"])))
        #expect(try photoList(fixture, id) == ["  - image: a.jpg", "    alt: A", "  - image: b.jpg", "    alt: B", "  - image: c.jpg", "    alt: C"])

        _ = try author.editPost(.init(postID: id, photos: .init(order: [3, 1, 2])))
        #expect(try photoList(fixture, id) == ["  - image: c.jpg", "    alt: C", "  - image: a.jpg", "    alt: A", "  - image: b.jpg", "    alt: B"])

        _ = try author.editPost(.init(postID: id, alt: "Now B", photo: 3))
        #expect(try photoList(fixture, id).last == "    alt: Now B")

        _ = try author.editPost(.init(postID: id, caption: "Kept", photos: .init(remove: [2])))
        #expect(try photoList(fixture, id) == ["  - image: c.jpg", "    alt: C", "  - image: b.jpg", "    alt: Now B"])
        #expect(!FileManager.default.fileExists(atPath: fixture.content + "/posts/\(id)/a.jpg"))
        #expect(try ContentChecks.text(fixture.content + "/posts/\(id)/post.md").hasSuffix("---\nKept\n"))

        _ = try author.editPost(.init(postID: id, photos: .init(remove: [1])))
        #expect(try photoList(fixture, id) == ["image: b.jpg", "alt: Now B"])
        await ContentChecks.checkPasses(fixture)
    }

    @Test("--photo 1 --alt on a single-photo post is the plain alt edit; an edit that changes nothing writes nothing")
    func plainEdits() throws {
        let fixture = try SiteFixture.small()
        let files = try photos(fixture)
        var author = fixture.author
        let single = "-K25Fj8qrMAtxXG3QCSn"
        _ = try author.editPost(.init(postID: single, alt: "A new alt", photo: 1))
        #expect(try ContentChecks.text(fixture.content + "/posts/\(single)/post.md") == "---\nusername: alice\nalt: A new alt\n---\nFirst *post*")
        let id = try #require(try author.newPost(.init(username: "alice", photos: [files[0], files[1]], alts: ["A", "B"])).id)
        let before = try SiteFixture.snapshot(fixture.content)
        #expect(try author.editPost(.init(postID: id, alt: "B", photo: 2)).changed == false)
        #expect(try author.editPost(.init(postID: id, photos: .init(order: [1, 2]))).changed == false)
        #expect(try SiteFixture.snapshot(fixture.content) == before)
    }

    @Test("a single-photo post gains a second photo: its photo is named in the new list with its alt text")
    func singleBecomesSeveral() async throws {
        let fixture = try SiteFixture.small()
        let files = try photos(fixture)
        var author = fixture.author
        _ = try author.editPost(.init(postID: "-K25Fj8qrMAtxXG3QCSn", photos: .init(add: [files[0]], addAlts: ["Added"])))
        #expect(try photoList(fixture, "-K25Fj8qrMAtxXG3QCSn") == ["  - image: photo.jpg", "    alt: A rocket", "  - image: a.jpg", "    alt: Added"])
        await ContentChecks.checkPasses(fixture)
    }

    @Test("edit post refuses numbers the post lacks, an order that leaves one out, an alt text without --photo, and no photo left")
    func editRefusals() throws {
        let fixture = try SiteFixture.small()
        let files = try photos(fixture)
        var author = fixture.author
        let id = try #require(try author.newPost(.init(username: "alice", photos: [files[0], files[1]], alts: ["A", "B"])).id)
        for request in [
            ContentAuthor.EditPost(postID: id, photos: .init(remove: [3])),
            ContentAuthor.EditPost(postID: id, photos: .init(order: [2])),
            ContentAuthor.EditPost(postID: id, alt: "Which?"),
            ContentAuthor.EditPost(postID: id, photos: .init(remove: [1, 2])),
            ContentAuthor.EditPost(postID: id, alt: "Gone", photo: 1, photos: .init(remove: [1])),
        ] {
            let error = try ContentChecks.refused(fixture.content) { _ = try author.editPost(request) }
            #expect(error.reason == .invalidArgument, "\(request)")
        }
    }
}
