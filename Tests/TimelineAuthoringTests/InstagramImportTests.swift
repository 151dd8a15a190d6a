import Foundation
import Testing
import TimelineBuild
import TimelineModel
import TimelineTestSupport
import ZIPFoundation

@testable import TimelineAuthoring
@testable import TimelineContent

/// `timeline import instagram` as a library call: an export built here (as a folder and as a
/// zip, its text escaped as Instagram escapes it) becomes a user, posts with their photos (a
/// carousel among them) and videos (a reel among them) and follows; what cannot be imported is
/// reported by file and JSON path; importing again changes nothing.
@Suite("Instagram import")
struct InstagramImportTests {
    enum Form: String, Sendable, CaseIterable, CustomStringConvertible {
        case folder, zip
        var description: String { rawValue }
    }

    static let postsFile = InstagramExportFixture.postsFile
    static let reelsFile = InstagramExportFixture.reelsFile
    static let followingFile = InstagramExportFixture.followingFile

    /// Writes `files` as an export folder or zip under `root`; its path.
    static func writeExport(_ files: [String: Data], as form: Form, under root: String) throws -> String {
        let folder = root + "/instagram-export"
        switch form {
        case .folder:
            try InstagramExportFixture.writeFolder(files, at: folder)
            return folder
        case .zip:
            let path = folder + ".zip"
            let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
            for (name, data) in files.sorted(by: { $0.key < $1.key }) {
                try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            return path
        }
    }

    /// A site with one user, `hansolo`, and no posts.
    func site() throws -> SiteFixture {
        let fixture = try SiteFixture(site: #"{"title": "Imported", "baseURL": "https://example.org/", "images": {"process": false}}"#)
        try fixture.write("Content/users/hansolo.json", #"{"username": "hansolo"}"#)
        return fixture
    }

    func runImport(_ export: String, into fixture: SiteFixture) throws -> (ImportSummary, [InstagramIssue]) {
        var issues: [InstagramIssue] = []
        let summary = try InstagramImport(exportPath: export, folder: ContentFolder(.folder(fixture.content, shownAs: "Content/"))).run { issues.append($0) }
        return (summary, issues)
    }

    @Test("a follow left out is reported in the file that names it and at its own JSON index, whatever the layout and the entries before it")
    func followPlaces() throws {
        let fixture = try site()
        var files = try InstagramExportFixture.files()
        files[Self.followingFile] = nil
        // The older layout; a repeated follow and an entry with no username come first.
        files["followers_and_following/following.json"] = Data(
            #"""
            {"relationships_following": [
              {"title": "hansolo"}, {"title": "hansolo"}, {"string_list_data": []}, {"title": "nobody_here"}]}
            """#.utf8)
        let (_, issues) = try runImport(try Self.writeExport(files, as: .folder, under: fixture.root), into: fixture)
        let follows = issues.filter { $0.skipped == "this follow" }.map { "\($0.file) \($0.path)" }
        #expect(
            Set(follows)
                == [
                    "followers_and_following/following.json /relationships_following/1", "followers_and_following/following.json /relationships_following/2",
                    "followers_and_following/following.json /relationships_following/3",
                ], "\(issues)")
    }

    @Test(
        "a folder or zip export becomes the user, their posts (a carousel and a reel among them) and follows; the content loads, links and builds; a second import changes nothing",
        arguments: Form.allCases)
    func importsAnExport(form: Form) async throws {
        let fixture = try site()
        let export = try Self.writeExport(try InstagramExportFixture.files(), as: form, under: fixture.root)
        let (summary, issues) = try runImport(export, into: fixture)

        #expect(summary.usersAdded == 1 && summary.postsAdded == 4 && summary.followsAdded == 1)
        let reported = Set(issues.map { "\($0.file) \($0.path) \($0.skipped)" })
        #expect(!reported.contains { $0.contains("this video") }, "the carousel's video is imported: \(issues)")
        #expect(reported.contains("\(Self.followingFile) /relationships_following/1 this follow"), "\(issues)")
        #expect(issues.contains { $0.file == Self.postsFile && $0.path.description.hasPrefix("/3") }, "the missing photo: \(issues)")
        #expect(
            reported.isSuperset(of: ["\(Self.reelsFile) /ig_reels_media/1/media/0/uri this media item", "\(Self.reelsFile) /ig_reels_media/1 this reel"]),
            "the reel whose clip is missing: \(issues)")
        #expect(!reported.contains { $0.hasPrefix("\(Self.reelsFile) /ig_reels_media/0") }, "\(issues)")
        #expect(summary.skipped == issues.count)

        let content = fixture.content
        let user = try ContentChecks.text(content + "/users/ines_duarte.json")
        #expect(user.contains(#""name": "Inês Duarte""#) && user.contains(#""bio": "Café & Lisboa""#), "\(user)")
        #expect(user.contains(#""avatar": "ines_duarte.jpg""#) && user.contains(#""hansolo""#), "\(user)")
        #expect(FileManager.default.fileExists(atPath: content + "/users/ines_duarte.jpg"))

        let folders = try FileManager.default.contentsOfDirectory(atPath: content + "/posts").sorted()
        #expect(folders.count == 4)
        let read = try InstagramExportReader(exportAt: export).read().posts
        let carouselPost = try #require(read.first { $0.file == Self.postsFile && $0.media.count == 3 })
        let carouselID = try #require(InstagramImport.postID(of: carouselPost, username: "ines_duarte"))
        let carousel = content + "/posts/" + carouselID.rawValue
        #expect(try FileManager.default.contentsOfDirectory(atPath: carousel).sorted() == ["a.jpg", "b.jpg", "c.mp4", "post.md"])
        let markdown = try ContentChecks.text(carousel + "/post.md")
        #expect(markdown.contains("photos:\n  - image: a.jpg\n  - image: b.jpg\n  - image: c.mp4\n"), "\(markdown)")
        #expect(markdown.hasSuffix("Três fotos do #Porto\n"), "\(markdown)")
        #expect(carouselID.pushMilliseconds == 1_650_000_000_000)

        // The reel: a post of its one clip, captioned with its title, mojibake repaired.
        let reel = try #require(read.first { $0.file == Self.reelsFile })
        let reelID = try #require(InstagramImport.postID(of: reel, username: "ines_duarte"))
        #expect(reelID.pushMilliseconds == 1_672_531_200_000)
        let reelFolder = content + "/posts/" + reelID.rawValue
        #expect(try FileManager.default.contentsOfDirectory(atPath: reelFolder).sorted() == ["post.md", "praia.mp4"])
        let reelMarkdown = try ContentChecks.text(reelFolder + "/post.md")
        #expect(reelMarkdown.contains("image: praia.mp4\n") && reelMarkdown.hasSuffix("Um reel na praia 🌊\n"), "\(reelMarkdown)")

        // The imported content loads without an error (the videos probed); each photo and video
        // lacks alt text, which the build's warning asks for.
        let (loaded, diagnostics) = await ContentLoader(contentFolder: .folder(content, shownAs: "Content/")).load()
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        #expect(loaded?.posts.count == 4)
        let (_, linking) = SiteLinker.link(try #require(loaded))
        #expect(!linking.hasErrors, "\(linking.all)")
        #expect(linking.all.filter { $0.code == .missingAltText }.count == 6, "one per photo and video")
        #expect(loaded?.posts.first { $0.id == carouselID }?.photos.last?.video != nil)
        let reelVideo = try #require(loaded?.posts.first { $0.id == reelID }?.photos.first?.video)
        #expect(reelVideo.displaySize == PixelSize(width: 120, height: 160))

        // The site builds, publishing both videos; the reel's page plays its clip.
        let report = try await fixture.build()
        #expect(report.videos.videos == 2 && report.videos.copied == 2 && report.videos.made == 2, "\(report.videos)")
        let reelPage = try fixture.read("p/\(reelID.rawValue)/index.html")
        #expect(reelPage.contains("<video") && reelPage.contains("praia."), "\(reelPage)")

        let before = try SiteFixture.snapshot(content)
        let (again, againIssues) = try runImport(export, into: fixture)
        #expect(again.changedNothing && again.usersUnchanged == 1 && again.postsUnchanged == 4, "\(again)")
        #expect(againIssues.map(\.description) == issues.map(\.description))
        #expect(try SiteFixture.snapshot(content) == before)
    }

    @Test("importing again after a followed person joined the site adds that follow")
    func laterFollows() throws {
        let fixture = try site()
        let export = try Self.writeExport(try InstagramExportFixture.files(), as: .folder, under: fixture.root)
        _ = try runImport(export, into: fixture)
        try fixture.write("Content/users/nobody_here.json", #"{"username": "nobody_here"}"#)
        let (again, issues) = try runImport(export, into: fixture)
        #expect(again.followsAdded == 1 && again.postsAdded == 0)
        #expect(!issues.contains { $0.skipped == "this follow" })
        #expect(try ContentChecks.text(fixture.content + "/users/ines_duarte.json").contains(#""nobody_here""#))
    }

    @Test("an export without a profile is refused, and nothing is written")
    func noProfile() throws {
        let fixture = try site()
        var files = try InstagramExportFixture.files()
        files["personal_information/personal_information/personal_information.json"] = nil
        let export = try Self.writeExport(files, as: .zip, under: fixture.root)
        let before = try SiteFixture.snapshot(fixture.content)
        #expect(throws: ImportFailure.self) { try runImport(export, into: fixture) }
        #expect(try SiteFixture.snapshot(fixture.content) == before)
    }

    @Test("a post's ID is its time and a digest of its author and media: the same every time, distinct within one second")
    func postIDs() throws {
        func post(_ timestamp: Int64, _ uris: [String]) -> InstagramPost {
            InstagramPost(
                caption: nil, timestamp: timestamp,
                media: uris.map {
                    InstagramMedia(
                        uri: InstagramEntryPath(segments: $0.split(separator: "/").map(String.init)), kind: .photo, timestamp: nil, title: nil, path: .root)
                },
                file: Self.postsFile, path: .root)
        }
        let first = InstagramImport.postID(of: post(1_600_000_000, ["media/a.jpg"]), username: "ines")
        #expect(first == InstagramImport.postID(of: post(1_600_000_000, ["media/a.jpg"]), username: "ines"))
        #expect(first != InstagramImport.postID(of: post(1_600_000_000, ["media/b.jpg"]), username: "ines"))
        #expect(first != InstagramImport.postID(of: post(1_600_000_000, ["media/a.jpg"]), username: "other"))
        #expect(first?.pushMilliseconds == 1_600_000_000_000)
        #expect(InstagramImport.postID(of: post(0, ["media/a.jpg"]), username: "ines") == nil)
    }
}
