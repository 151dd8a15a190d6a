import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineModel

/// One photo, one job: a source file used by many posts (hard links and plain copies alike) is
/// decoded and encoded once per recipe, and every post still gets its own files, byte for byte
/// those a site with that post alone gets. It compares the image bytes of two builds made on the same machine, with the same
/// libvips: no platform's encoder output is written in, so it expects Debian 12's libvips 8.14 bytes no more than Homebrew's.
@Suite("Image deduplication")
struct ImageDeduplicationTests {
    static let sharingPosts = 30
    static let referencePost = "post-ref"

    static func postID(_ index: Int) -> String {
        "post-" + (index < 10 ? "0" : "") + "\(index)"
    }

    func fixture() throws -> SiteFixture {
        let fixture = try SiteFixture(site: #"{"title": "Photos", "baseURL": "https://example.org/photos/", "pageSize": 4}"#)
        try fixture.user("alice")
        return fixture
    }

    func photo(_ fixture: SiteFixture, _ id: String, file: String = "photo.jpg") -> String {
        fixture.content + "/posts/\(id)/" + file
    }

    /// Post `post-00` gets a new photo; the others get it as hard links (odd indexes) or as
    /// copies (even ones). The last post names its copy `launch.jpg`.
    func addSharingPosts(_ fixture: SiteFixture, count: Int, make: (String) throws -> Void) throws -> [(id: String, file: String)] {
        var posts: [(id: String, file: String)] = []
        for index in 0..<count {
            let id = Self.postID(index)
            let file = index == count - 1 ? "launch.jpg" : "photo.jpg"
            try fixture.post(id, by: "alice", photo: nil)
            let path = photo(fixture, id, file: file)
            if index == 0 {
                try make(path)
            } else if index % 2 == 1 {
                try FileManager.default.linkItem(atPath: photo(fixture, posts[0].id), toPath: path)
            } else {
                try FileManager.default.copyItem(atPath: photo(fixture, posts[0].id), toPath: path)
            }
            posts.append((id, file))
        }
        return posts
    }

    /// The images in one output folder, by name, with their bytes.
    func images(in folder: String) throws -> [String: Data] {
        try SiteFixture.snapshot(folder).filter { $0.key.hasSuffix(".jpg") || $0.key.hasSuffix(".webp") }
    }

    /// What a post page says of its photo, its own ID put back to `post-ref`.
    func picture(_ fixture: SiteFixture, _ id: String) throws -> [String] {
        let document = try #require(HTMLDocument(path: fixture.output + "/p/\(id)/index.html"))
        let attributes = ["src", "srcset", "width", "height", "style"].map { "//figure[@class='post-photo']//img/@" + $0 }
        let values = (attributes + ["//figure[@class='post-photo']//source/@srcset"]).flatMap { document.values($0) }
        return values.map { $0.replacingOccurrences(of: "/p/\(id)/", with: "/p/\(Self.referencePost)/") }
    }

    @Test("30 posts sharing one photo file decode it once and encode one recipe's files; each post's files are a lone post's")
    func sharedPhoto() async throws {
        let reference = try fixture()
        try reference.post(Self.referencePost, by: "alice", photo: nil)
        try TestImages.gradientJPEG(at: photo(reference, Self.referencePost), width: 700, height: 500)
        let alone = try await reference.build()
        #expect(alone.images.images == 1 && alone.images.decoded == 1)
        #expect(alone.images.encoded == 2 * 3, "480, 700 and square 320, in two formats")
        let referenceImages = try images(in: reference.output + "/p/\(Self.referencePost)")
        #expect(referenceImages.count == alone.images.encoded)
        let referencePicture = try picture(reference, Self.referencePost)
        #expect(referencePicture.count == 6)

        let shared = try fixture()
        let posts = try addSharingPosts(shared, count: Self.sharingPosts) { path in
            try FileManager.default.copyItem(atPath: photo(reference, Self.referencePost), toPath: path)
        }
        // The same file as alice's avatar too: another recipe, so one more decode.
        try FileManager.default.linkItem(atPath: photo(shared, posts[0].id), toPath: shared.content + "/users/alice.jpg")
        try shared.write("Content/users/alice.json", #"{"username": "alice", "avatar": "alice.jpg"}"#)
        let report = try await shared.build()
        #expect(report.images.images == Self.sharingPosts + 1)
        #expect(report.images.decoded == 2, "once as a post photo, once as an avatar")
        #expect(report.images.encoded == alone.images.encoded + 2 * 3, "one post's files, and avatar squares 64, 128 and 256 in two formats")

        for (id, file) in posts {
            let expected = Dictionary(
                uniqueKeysWithValues: referenceImages.map { name, bytes in
                    (file == "photo.jpg" ? name : "launch" + name.dropFirst("photo".count), bytes)
                })
            #expect(try images(in: shared.output + "/p/\(id)") == expected, "post \(id)")
            let expectedPicture = referencePicture.map { file == "photo.jpg" ? $0 : $0.replacingOccurrences(of: "/photo-", with: "/launch-") }
            #expect(try picture(shared, id) == expectedPicture, "post \(id)")
        }
        let avatars = try images(in: shared.output + "/u/alice")
        #expect(
            avatars.keys.sorted().map { String($0.prefix(while: { $0 != "." })) } == [
                "avatar-sq128", "avatar-sq128", "avatar-sq256", "avatar-sq256", "avatar-sq64", "avatar-sq64",
            ])

        let before = try SiteFixture.snapshot(shared.output)
        let warm = try await shared.build()
        #expect(warm.images.decoded == 0 && warm.images.encoded == 0)
        #expect(try SiteFixture.snapshot(shared.output) == before)
    }

    @Test("a bad photo shared by several posts is reported at each post's own file")
    func sharedBadPhoto() async throws {
        let fixture = try fixture()
        try fixture.post("good", by: "alice", photo: nil)
        try TestImages.gradientJPEG(at: photo(fixture, "good"), width: 300, height: 200)
        let posts = try addSharingPosts(fixture, count: 5) { path in
            try TestImages.gradientJPEG(at: path, width: 900, height: 600)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        }
        let diagnostics = await fixture.failingBuild()
        #expect(diagnostics.count == posts.count, "\(diagnostics)")
        for (id, file) in posts {
            let reported = diagnostics.filter { $0.location.path.hasSuffix("Content/posts/\(id)/\(file)") }
            #expect(reported.count == 1, "post \(id): \(diagnostics)")
            #expect(reported.first?.code == .undecodablePhoto && reported.first?.message.contains(id) == true, "post \(id)")
        }
    }
}
