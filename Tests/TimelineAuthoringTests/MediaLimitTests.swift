import Foundation
import Testing
import TimelineBuild
import TimelineModel
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent

/// A photo or avatar is at most `AssetReader.maximumPhotoBytes`: a valid JPEG followed by a
/// gigabyte of zeros is refused where it is named, before any stage reads it.
@Suite("Media limits")
struct MediaLimitTests {
    /// The sample photo followed by zeros up to `size` bytes (a sparse file: no disk is used).
    static func plantPhoto(at path: String, size: Int) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.samplePhoto)).write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    static let oversize = AssetReader.maximumPhotoBytes + 1

    @Test("check refuses a photo and an avatar of more than 64 MiB where they are named; 64 MiB is fine")
    func photoAndAvatar() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/alice.json", "{\n  \"username\": \"alice\",\n  \"avatar\": \"alice.jpg\",\n  \"follows\": [\"bob\"]\n}\n")
        try Self.plantPhoto(at: fixture.content + "/users/alice.jpg", size: Self.oversize)
        try Self.plantPhoto(at: fixture.content + "/posts/-K25Fj8qrMAtxXG3QCSn/photo.jpg", size: Self.oversize)
        let errors = await fixture.checkDiagnostics().filter { $0.severity == .error }
        #expect(errors.map(\.code) == [.photoTooLarge, .photoTooLarge], "\(errors)")
        #expect(errors.contains { $0.location.path.hasSuffix("users/alice.json") && $0.location.line == 3 }, "\(errors)")
        #expect(errors.contains { $0.location.path.contains("posts/-K25Fj8qrMAtxXG3QCSn") }, "\(errors)")

        try Self.plantPhoto(at: fixture.content + "/users/alice.jpg", size: AssetReader.maximumPhotoBytes)
        try Self.plantPhoto(at: fixture.content + "/posts/-K25Fj8qrMAtxXG3QCSn/photo.jpg", size: AssetReader.maximumPhotoBytes)
        await ContentChecks.checkPasses(fixture)
    }

    @Test("the Instagram import skips and reports a photo of more than 64 MiB, and imports the rest")
    func instagramPhoto() throws {
        let fixture = try SiteFixture(site: #"{"title": "Imported", "baseURL": "https://example.org/", "images": {"process": false}}"#)
        let export = fixture.root + "/export"
        let posts = """
            [{"title": "Huge", "creation_timestamp": 1650000000, "media": [{"uri": "media/huge.jpg"}]},
             {"title": "Fine", "creation_timestamp": 1650000100, "media": [{"uri": "media/fine.jpg"}]}]
            """
        try InstagramExportFixture.writeFolder(
            [
                "personal_information/personal_information/personal_information.json": Data(
                    #"{"profile_user": [{"string_map_data": {"Username": {"value": "ines"}}}]}"#.utf8),
                InstagramExportFixture.postsFile: Data(posts.utf8),
                "media/fine.jpg": try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.samplePhoto)),
            ], at: export)
        try Self.plantPhoto(at: export + "/media/huge.jpg", size: Self.oversize)
        var issues: [InstagramIssue] = []
        let summary = try InstagramImport(exportPath: export, folder: ContentFolder(.folder(fixture.content, shownAs: "Content/"))).run {
            issues.append($0)
        }
        #expect(summary.postsAdded == 1)
        let skipped = issues.filter { $0.skipped == "this post" }
        #expect(skipped.map(\.path.description) == ["/0/media/0/uri"], "\(issues)")
        #expect(skipped.first?.reason.contains("larger than 64 MiB") == true, "\(issues)")
    }
}
