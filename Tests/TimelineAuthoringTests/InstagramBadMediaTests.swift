import Foundation
import Testing
import TimelineModel
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent

/// One bad media file of an Instagram export is one post (or the avatar) skipped and reported
/// with its file and reason; the import goes on and writes nothing by halves.
@Suite("Instagram import of bad media")
struct InstagramBadMediaTests {

    @Test("a photo that is no photo, a playlist named .mp4 and an avatar that is no image are each skipped and reported; the rest is imported")
    func badMediaAreSkipped() throws {
        let fixture = try SiteFixture(site: #"{"title": "Imported", "baseURL": "https://example.org/", "images": {"process": false}}"#)
        let photo = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.samplePhoto))
        let posts = """
            [
              {"title": "Not a photo", "creation_timestamp": 1650000000, "media": [{"uri": "media/bad.jpg"}]},
              {"title": "A playlist", "creation_timestamp": 1650000100, "media": [{"uri": "media/clip.mp4"}]},
              {"title": "Fine", "creation_timestamp": 1650000200, "media": [{"uri": "media/good.jpg"}]}
            ]
            """
        let export = fixture.root + "/export"
        try InstagramExportFixture.writeFolder(
            [
                "personal_information/personal_information/personal_information.json": Data(
                    #"{"profile_user": [{"media_map_data": {"Profile Photo": {"uri": "media/avatar.jpg"}}, "string_map_data": {"Username": {"value": "ines"}}}]}"#
                        .utf8),
                InstagramExportFixture.postsFile: Data(posts.utf8),
                "media/avatar.jpg": Data("not an image".utf8),
                "media/bad.jpg": Data("not a JPEG at all".utf8),
                "media/clip.mp4": Data("#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n".utf8),
                "media/good.jpg": photo,
            ], at: export)
        var reported: [InstagramIssue] = []
        let summary = try InstagramImport(exportPath: export, folder: ContentFolder(.folder(fixture.content, shownAs: "Content/"))).run {
            reported.append($0)
        }
        // The export has no following.json, which is reported too.
        let issues = reported.filter { $0.skipped != "the follows" }
        #expect(summary.usersAdded == 1 && summary.postsAdded == 1 && summary.skipped == 4, "\(reported)")
        #expect(issues.map(\.skipped) == ["the avatar", "this post", "this post"], "\(issues)")
        #expect(issues.map(\.file).suffix(2) == [InstagramExportFixture.postsFile, InstagramExportFixture.postsFile])
        #expect(issues.map(\.path.description).suffix(2) == ["/0/media/0/uri", "/1/media/0/uri"], "\(issues)")
        #expect(issues.allSatisfy { $0.reason.contains("'media/") }, "\(issues)")
        // Nothing half-written: the user without an avatar, one post folder, no hidden leftovers.
        let files = try SiteFixture.snapshot(fixture.content).keys.sorted()
        #expect(files.count == 4 && files.allSatisfy { !$0.contains("/.") }, "\(files)")
        #expect(!(try ContentChecks.text(fixture.content + "/users/ines.json")).contains("avatar"))
    }
}
