import Foundation
import Testing
import TimelineModel
import ZIPFoundation

@testable import TimelineAuthoring
@testable import TimelineContent

/// The reader of Instagram's "Download your information" export: exports built here, as
/// folders and as zip archives, in the layouts public parsers document, mojibake included;
/// what cannot be read is reported with its file and JSON path; hostile paths and entries are
/// refused.
@Suite("Instagram export reader")
struct InstagramExportTests {
    /// How an export reaches the reader.
    enum Form: String, Sendable, CaseIterable, CustomStringConvertible {
        case folder, zip
        var description: String { rawValue }
    }

    // MARK: - The export as Instagram makes it

    @Test(
        "reads the profile, a carousel, a caption-less post, a video, a one-post file and the follows, the same from a folder and a zip",
        arguments: Form.allCases)
    func readsACompleteExport(form: Form) throws {
        let workspace = try Workspace()
        let export = try workspace.export(Self.completeExport, as: form)
        let result = try InstagramExportReader(exportAt: export).read()

        #expect(result.issues.map(\.description) == [])
        let profile = try #require(result.profile)
        #expect(profile.username == "ines_duarte")
        #expect(profile.name == "Inês Duarte")
        #expect(profile.bio == "Café, film 📷 & Lisboa")
        #expect(profile.avatar?.description == "media/other/avatar.jpg")
        #expect(profile.file == "personal_information/personal_information/personal_information.json")

        #expect(result.posts.map(\.timestamp) == [1_600_000_000, 1_650_000_000, 1_650_000_500, 1_700_000_000])
        let carousel = result.posts[1]
        #expect(carousel.caption == "Três fotos 🇵🇹 do Porto")
        #expect(carousel.media.map(\.uri.description) == ["media/posts/202204/a.jpg", "media/posts/202204/b.jpg", "media/posts/202204/c.mp4"])
        #expect(carousel.media.map(\.kind) == [.photo, .photo, .video])
        #expect(carousel.media.map(\.timestamp) == [1_650_000_001, 1_650_000_002, 1_650_000_003])
        #expect(carousel.file == "your_instagram_activity/content/posts_1.json")
        #expect(carousel.path.description == "/1")
        #expect(carousel.media[2].path.description == "/1/media/2")

        let captionless = result.posts[2]
        #expect(captionless.caption == nil)
        // The post has no time of its own: its first media item's.
        #expect(captionless.timestamp == 1_650_000_500)
        #expect(captionless.media.count == 1)

        // A single media item's title is the caption.
        #expect(result.posts[0].caption == "Sunset, first post")
        #expect(result.posts[0].path.description == "/0")

        // posts_2.json holds one post as an object, not a list.
        let single = result.posts[3]
        #expect(single.file == "your_instagram_activity/content/posts_2.json")
        #expect(single.path == .root)
        #expect(single.media.map(\.kind) == [.video])
        #expect(single.caption == "Um vídeo")

        #expect(result.following.map(\.username) == ["hansolo", "calebhicks", "ana.maria", "zoë_b"])
    }

    @Test("older layouts: content/posts_1.json, personal_information/personal_information.json, followers_and_following/following.json")
    func readsOlderLayout() throws {
        let workspace = try Workspace()
        let export = try workspace.export(
            [
                "content/posts_1.json": #"[{"media": [{"uri": "media/posts/201901/x.jpg", "creation_timestamp": 1546300800, "title": "Old"}]}]"#,
                "personal_information/personal_information.json": #"{"profile_user": [{"string_map_data": {"Username": {"value": "old_account"}}}]}"#,
                "followers_and_following/following.json": #"{"relationships_following": [{"string_list_data": [{"value": "friend"}]}]}"#,
                "media/posts/201901/x.jpg": Self.photoBytes,
            ], as: .folder)
        let result = try InstagramExportReader(exportAt: export).read()
        #expect(result.issues.isEmpty)
        #expect(result.profile?.username == "old_account")
        #expect(result.profile?.name == nil)
        #expect(result.posts.map(\.caption) == ["Old"])
        #expect(result.posts.first?.file == "content/posts_1.json")
        #expect(result.following.map(\.username) == ["friend"])
    }

    @Test("an export zipped again with its top folder is read through that folder")
    func readsAnExportUnderOneTopFolder() throws {
        let workspace = try Workspace()
        let wrapped = Dictionary(uniqueKeysWithValues: Self.completeExport.map { ("instagram-ines-2024/" + $0.key, $0.value) })
        let result = try InstagramExportReader(exportAt: try workspace.export(wrapped, as: .zip)).read()
        #expect(result.issues.isEmpty)
        #expect(result.posts.count == 4)
        #expect(result.posts[1].media.first?.uri.description == "instagram-ines-2024/media/posts/202204/a.jpg")
        #expect(result.profile?.avatar?.description == "instagram-ines-2024/media/other/avatar.jpg")
    }

    @Test("posts are ordered by time, then by file and place in it; posts_10.json comes after posts_2.json")
    func ordersPosts() throws {
        let workspace = try Workspace()
        func post(_ name: String, _ time: Int) -> String {
            #"{"title": "\#(name)", "creation_timestamp": \#(time), "media": [{"uri": "media/p.jpg"}]}"#
        }
        let export = try workspace.export(
            [
                "your_instagram_activity/content/posts_1.json": "[\(post("late", 300)), \(post("tie-1a", 200)), \(post("tie-1b", 200))]",
                "your_instagram_activity/content/posts_2.json": "[\(post("tie-2", 200))]",
                "your_instagram_activity/content/posts_10.json": "[\(post("tie-10", 200)), \(post("early", 100))]",
                "media/p.jpg": Self.photoBytes,
            ], as: .zip)
        let result = try InstagramExportReader(exportAt: export).read()
        #expect(result.posts.map(\.caption) == ["early", "tie-1a", "tie-1b", "tie-2", "tie-10", "late"])
    }

    @Test("the newest layout your_instagram_activity/media/ is read first; posts files elsewhere are reported")
    func prefersTheNewestPostsFolder() throws {
        let workspace = try Workspace()
        let one = #"[{"media": [{"uri": "media/p.jpg", "creation_timestamp": 1}]}]"#
        let export = try workspace.export(
            ["your_instagram_activity/media/posts_1.json": one, "content/posts_1.json": one, "media/p.jpg": Self.photoBytes], as: .folder)
        let result = try InstagramExportReader(exportAt: export).read()
        #expect(result.posts.map(\.file) == ["your_instagram_activity/media/posts_1.json"])
        #expect(result.issues.map(\.file).contains("content/posts_1.json"))
    }

    // MARK: - Reels and IGTV videos

    @Test(
        "reels and IGTV videos are posts: read from reels.json and igtv_videos.json beside posts_N.json, mojibake repaired, hostile paths refused, one also among the posts read once",
        arguments: Form.allCases)
    func readsVideoPosts(form: Form) throws {
        let workspace = try Workspace()
        try Data("secret".utf8).write(to: URL(fileURLWithPath: workspace.root + "/secret.mp4"))
        let reels = #"""
            {"ig_reels_media": [
              {"media": [{"uri": "media/reels/202301/praia.mp4", "creation_timestamp": 1672531200,
                "title": "Praia \u00f0\u009f\u008c\u008a ver\u00c3\u00a3o", "media_metadata": {"video_metadata": {}}, "cross_post_source": {"source_app": "FB"}}]},
              {"media": [{"uri": "../secret.mp4", "creation_timestamp": 1672531300, "title": "Hostile"}]},
              {"title": "Also a post", "media": [{"uri": "media/posts/202201/both.mp4", "creation_timestamp": 1641000000}]}
            ]}
            """#
        let export = try workspace.export(
            [
                "your_instagram_activity/media/posts_1.json":
                    #"[{"title": "Also a post", "media": [{"uri": "media/posts/202201/both.mp4", "creation_timestamp": 1641000000}]}]"#,
                "your_instagram_activity/media/reels.json": reels,
                "your_instagram_activity/media/igtv_videos.json":
                    #"{"ig_igtv_media": [{"title": "Um document\u00c3\u00a1rio", "creation_timestamp": 1600000000, "media": [{"uri": "media/tv/doc.MOV"}]}]}"#,
                "content/reels.json": #"{"ig_reels_media": []}"#,
                "media/reels/202301/praia.mp4": Array("a video".utf8),
                "media/posts/202201/both.mp4": Array("a video".utf8),
                "media/tv/doc.MOV": Array("a video".utf8),
            ], as: form)
        let result = try InstagramExportReader(exportAt: export).read()

        #expect(result.posts.map(\.timestamp) == [1_600_000_000, 1_641_000_000, 1_672_531_200])
        let igtv = result.posts[0]
        #expect(igtv.file == "your_instagram_activity/media/igtv_videos.json" && igtv.path.description == "/ig_igtv_media/0")
        #expect(igtv.caption == "Um documentário" && igtv.media.map(\.kind) == [.video])
        // The reel that is also a post is that post, read once, from posts_1.json.
        #expect(result.posts[1].file == "your_instagram_activity/media/posts_1.json")
        let reel = result.posts[2]
        #expect(reel.file == "your_instagram_activity/media/reels.json" && reel.path.description == "/ig_reels_media/0")
        #expect(reel.caption == "Praia 🌊 verão")
        #expect(reel.media.map(\.uri.description) == ["media/reels/202301/praia.mp4"] && reel.media.map(\.kind) == [.video])
        #expect(reel.media.first?.path.description == "/ig_reels_media/0/media/0")

        // The reels file of an older layout is reported (the newest layout's is read) first.
        #expect(
            result.issues.filter { $0.file != export }.map { "\($0.file) \($0.path) \($0.skipped)" } == [
                "content/reels.json / the reels file",
                "your_instagram_activity/media/reels.json /ig_reels_media/1/media/0/uri this media item",
                "your_instagram_activity/media/reels.json /ig_reels_media/1 this reel",
            ], "\(result.issues)")
    }

    @Test("a reels file that is a bare list is read; one without ig_reels_media, or with it not a list, is reported at its JSON path")
    func readsVideoPostShapes() throws {
        let workspace = try Workspace()
        let entry = #"{"media": [{"uri": "media/r.mp4", "creation_timestamp": 5}]}"#
        let bare = try InstagramExportReader(
            exportAt: try workspace.export(
                [
                    "content/posts_1.json": Self.minimalPosts, "content/reels.json": "[\(entry)]", "media/p.jpg": Self.photoBytes,
                    "media/r.mp4": Array("a video".utf8),
                ],
                as: .folder)
        ).read()
        #expect(bare.posts.map(\.file) == ["content/posts_1.json", "content/reels.json"])
        #expect(bare.posts.last?.path.description == "/0")

        // An account with reels only: no posts file, and none is reported missing.
        let reelsOnly = try Workspace()
        let onlyReels = try reelsOnly.export(
            ["your_instagram_activity/media/reels.json": #"{"ig_reels_media": [\#(entry)]}"#, "media/r.mp4": Array("a video".utf8)], as: .folder)
        let reels = try InstagramExportReader(exportAt: onlyReels).read()
        #expect(reels.posts.map(\.file) == ["your_instagram_activity/media/reels.json"])
        #expect(reels.issues.map(\.skipped).sorted() == ["the follows", "the profile"])

        let wrong = try Workspace()
        let wrongExport = try wrong.export(
            [
                "content/posts_1.json": Self.minimalPosts, "content/reels.json": #"{"ig_reels": [\#(entry)]}"#,
                "content/igtv_videos.json": #"{"ig_igtv_media": {"media": []}}"#, "media/p.jpg": Self.photoBytes,
            ], as: .zip)
        let shapes = try InstagramExportReader(exportAt: wrongExport).read()
        #expect(shapes.posts.count == 1)
        #expect(
            Set(shapes.issues.filter { $0.file != wrongExport }.map { "\($0.file) \($0.path) \($0.skipped)" }) == [
                "content/reels.json / the reels file", "content/igtv_videos.json /ig_igtv_media the IGTV videos file",
            ])
    }

    // MARK: - Mojibake

    @Test("Instagram's byte-per-escape text is repaired: accents, emoji (four bytes), flags; correct text and Latin-1 text stay")
    func repairsMojibake() {
        func mangled(_ text: String) -> String {
            String(String.UnicodeScalarView(text.utf8.map { Unicode.Scalar($0) }))
        }
        for text in ["café", "😀 ok", "🇵🇹 Lisboa", "日本語", "Ação — “aspas”"] {
            #expect(InstagramText.repaired(mangled(text)) == text)
        }
        // Already correct: a scalar above U+00FF, or bytes that are not UTF-8.
        #expect(InstagramText.repaired("café ☕") == "café ☕")
        #expect(InstagramText.repaired("café") == "café")
        #expect(InstagramText.repaired("naïve Ångström, señor") == "naïve Ångström, señor")
        #expect(InstagramText.repaired("plain ASCII") == "plain ASCII")
        #expect(InstagramText.repaired("") == "")
    }

    @Test("mojibake in the JSON itself, as \\u00XX escapes, is repaired in captions, names and usernames")
    func repairsEscapedJSON() throws {
        let workspace = try Workspace()
        let export = try workspace.export(
            [
                "your_instagram_activity/content/posts_1.json":
                    #"[{"media": [{"uri": "media/p.jpg", "creation_timestamp": 5, "title": "Bom dia \u00e2\u0098\u0080\u00ef\u00b8\u008f \u00f0\u009f\u0098\u0080"}]}]"#,
                "media/p.jpg": Self.photoBytes,
            ], as: .zip)
        let result = try InstagramExportReader(exportAt: export).read()
        #expect(result.posts.first?.caption == "Bom dia ☀️ 😀")
    }

    // MARK: - What cannot be read is reported with its file and path

    @Test("an empty export: the posts, the profile and the follows are each reported missing", arguments: Form.allCases)
    func reportsMissingFiles(form: Form) throws {
        let workspace = try Workspace()
        let export = try workspace.export(["README.txt": "not an export"], as: form)
        let result = try InstagramExportReader(exportAt: export).read()
        #expect(result.profile == nil && result.posts.isEmpty && result.following.isEmpty)
        #expect(result.issues.map(\.skipped).sorted() == ["the follows", "the posts", "the profile"])
        #expect(result.issues.allSatisfy { $0.file == export })
    }

    @Test("a folder that is no export (a file system's root) is not walked: only the folders an export keeps its files in are, and the import finds no profile")
    func noWalkWithoutAProfile() throws {
        let workspace = try Workspace()
        // What `/` looks like: several folders, one of them named as an export's top folder.
        let export = try workspace.export(
            ["etc/hosts": "127.0.0.1 localhost", "usr/lib/libc.so": "ELF", "home/ines/media/posts/a.jpg": Self.photoBytes, "media/x.jpg": Self.photoBytes],
            as: .folder)
        let reader = try InstagramExportReader(exportAt: export)
        #expect(reader.listing.files.map(\.description) == ["media/x.jpg"] && reader.listing.refused.isEmpty, "\(reader.listing.files)")
        let content = workspace.root + "/Content"
        #expect(throws: ImportFailure.self) {
            _ = try InstagramImport(exportPath: export, folder: ContentFolder(.folder(content, shownAs: "Content/"))).run { _ in }
        }
        #expect(!FileManager.default.fileExists(atPath: content))
    }

    @Test("JSON that is not well-formed is reported at its file, line and column; the other files are read", arguments: Form.allCases)
    func reportsMalformedJSON(form: Form) throws {
        let workspace = try Workspace()
        var files = Self.completeExport
        files["your_instagram_activity/content/posts_1.json"] = "[\n  {\"media\": [}\n]"
        let result = try InstagramExportReader(exportAt: try workspace.export(files, as: form)).read()
        let issue = try #require(result.issues.first)
        #expect(result.issues.count == 1)
        #expect(issue.file == "your_instagram_activity/content/posts_1.json")
        #expect(issue.line == 2 && issue.column == 14)
        #expect(issue.description.hasPrefix("your_instagram_activity/content/posts_1.json:2:14: "))
        #expect(result.posts.map(\.file) == ["your_instagram_activity/content/posts_2.json"])
        #expect(result.profile != nil && result.following.count == 4)
    }

    @Test("wrong shapes, a post without media, media missing from the export, a post without time: each reported at its JSON path")
    func reportsWrongShapes() throws {
        let workspace = try Workspace()
        let posts = #"""
            [
              "not a post",
              {"title": "no media"},
              {"title": "empty media", "media": []},
              {"title": "media not a list", "media": {"uri": "media/p.jpg"}},
              {"title": "one missing, one kept", "creation_timestamp": 10,
               "media": [{"uri": "media/gone.jpg"}, 7, {"title": "no uri"}, {"uri": 5}, {"uri": "media/p.jpg", "creation_timestamp": "soon"}]},
              {"title": "no time", "media": [{"uri": "media/p.jpg"}]},
              {"title": "all missing", "creation_timestamp": 1, "media": [{"uri": "media/gone.jpg"}]}
            ]
            """#
        let export = try workspace.export(
            [
                "your_instagram_activity/content/posts_1.json": posts,
                "your_instagram_activity/content/posts_2.json": #""a string""#,
                "personal_information/personal_information/personal_information.json":
                    #"{"profile_user": [{"string_map_data": {"Name": {"value": "No Username"}}}]}"#,
                "connections/followers_and_following/following.json":
                    #"{"relationships_following": [{"string_list_data": [{}]}, "x", {"title": "ok"}, {"string_list_data": [{"href": "https://www.instagram.com/"}]}, {"title": "ok"}]}"#,
                "media/p.jpg": Self.photoBytes,
            ], as: .folder)
        let result = try InstagramExportReader(exportAt: export).read()

        let postsFile = "your_instagram_activity/content/posts_1.json"
        #expect(result.posts.map(\.caption) == ["one missing, one kept"])
        #expect(result.posts.first?.media.map(\.path.description) == ["/4/media/4"])
        #expect(result.posts.first?.media.first?.timestamp == nil)
        let located = Set(result.issues.filter { $0.file == postsFile }.map { "\($0.path) \($0.skipped)" })
        #expect(
            located == [
                "/0 this post", "/1 this post", "/2 this post", "/3/media this post", "/4/media/0/uri this media item", "/4/media/1 this media item",
                "/4/media/2 this media item", "/4/media/3/uri this media item", "/4/media/4/creation_timestamp this key", "/5 this post",
                "/6/media/0/uri this media item", "/6 this post",
            ])
        #expect(result.issues.contains { $0.file == "your_instagram_activity/content/posts_2.json" && $0.path == .root })
        #expect(result.profile == nil)
        #expect(result.issues.contains { $0.skipped == "the profile" && $0.path.description == "/profile_user/0/string_map_data/Username" })
        #expect(result.following.map(\.username) == ["ok"])
        let follows = result.issues.filter { $0.file == "connections/followers_and_following/following.json" }.map(\.path.description)
        #expect(follows == ["/relationships_following/0", "/relationships_following/1", "/relationships_following/3", "/relationships_following/4"])
    }

    @Test("a username from href is its last path segment")
    func followsFromHref() {
        #expect(InstagramFollowingReader.lastSegment(ofURL: "https://www.instagram.com/_u/name") == "name")
        #expect(InstagramFollowingReader.lastSegment(ofURL: "https://www.instagram.com/name/?hl=en") == "name")
        #expect(InstagramFollowingReader.lastSegment(ofURL: "https://www.instagram.com/") == nil)
    }

    // MARK: - Hostile exports

    @Test("a uri that leads outside the export (.., absolute, a URL) is reported and never read", arguments: Form.allCases)
    func refusesURIsOutsideTheExport(form: Form) throws {
        let workspace = try Workspace()
        try Data("secret".utf8).write(to: URL(fileURLWithPath: workspace.root + "/secret.jpg"))
        let posts = #"""
            [{"creation_timestamp": 1, "media": [
              {"uri": "../secret.jpg"}, {"uri": "media/../../secret.jpg"}, {"uri": "\#(workspace.root)/secret.jpg"},
              {"uri": "https://example.org/x.jpg"}, {"uri": "media/p.jpg"}]}]
            """#
        let export = try workspace.export(["your_instagram_activity/content/posts_1.json": posts, "media/p.jpg": Self.photoBytes], as: form)
        let result = try InstagramExportReader(exportAt: export).read()
        #expect(result.posts.first?.media.map(\.uri.description) == ["media/p.jpg"])
        #expect(
            result.issues.filter { $0.skipped == "this media item" }.map(\.path.description) == [
                "/0/media/0/uri", "/0/media/1/uri", "/0/media/2/uri", "/0/media/3/uri",
            ])
        #expect(InstagramEntryPath.checked("../secret.jpg") == .failure(.leavesTheExport))
        #expect(InstagramEntryPath.checked("/etc/passwd") == .failure(.absolute))
        #expect(InstagramEntryPath.checked("C:/x.jpg") == .failure(.absolute))
        #expect(InstagramEntryPath.checked("./media//p.jpg").map(\.description) == .success("media/p.jpg"))
    }

    @Test("a symbolic link in an export folder, to a file or a folder outside it, is listed as refused and never followed")
    func refusesSymbolicLinksInAFolder() throws {
        let workspace = try Workspace()
        let outside = workspace.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside + "/secret.jpg"))
        let export = try workspace.export(
            [
                "your_instagram_activity/content/posts_1.json":
                    #"[{"creation_timestamp": 1, "media": [{"uri": "media/link.jpg"}, {"uri": "media/linked/secret.jpg"}, {"uri": "media/p.jpg"}]}]"#,
                "media/p.jpg": Self.photoBytes,
            ], as: .folder)
        try FileManager.default.createSymbolicLink(atPath: export + "/media/link.jpg", withDestinationPath: outside + "/secret.jpg")
        try FileManager.default.createSymbolicLink(atPath: export + "/media/linked", withDestinationPath: outside)
        let reader = try InstagramExportReader(exportAt: export)
        let result = reader.read()
        #expect(result.posts.first?.media.map(\.uri.description) == ["media/p.jpg"])
        #expect(result.issues.filter { $0.skipped == "this entry" }.map(\.file).sorted() == ["media/link.jpg", "media/linked"])
        #expect(result.issues.filter { $0.skipped == "this media item" }.map(\.path.description) == ["/0/media/0/uri", "/0/media/1/uri"])
        // Asked directly, the source refuses them too.
        #expect(throws: InstagramEntryError.missing) {
            try reader.copyMedia(InstagramEntryPath(segments: ["media", "link.jpg"]), to: workspace.root + "/copy.jpg")
        }
        #expect(throws: InstagramEntryError.missing) {
            try reader.source.read(InstagramEntryPath(segments: ["media", "linked", "secret.jpg"]))
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.root + "/copy.jpg"))
    }

    @Test("zip entries with an absolute path, a '..' or a symbolic link are listed as refused; the rest is read")
    func refusesHostileZipEntries() throws {
        let workspace = try Workspace()
        let path = workspace.root + "/hostile.zip"
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        try Self.add(Array(Self.minimalPosts.utf8), as: "your_instagram_activity/content/posts_1.json", to: archive)
        try Self.add(Self.photoBytes, as: "media/p.jpg", to: archive)
        try Self.add(Array("evil".utf8), as: "../evil.jpg", to: archive)
        try Self.add(Array("evil".utf8), as: "media/../../evil.jpg", to: archive)
        try Self.add(Array("evil".utf8), as: "/tmp/evil.jpg", to: archive)
        try Self.add(Array("other".utf8), as: "media/p.jpg", to: archive)
        let target = Data("/etc/passwd".utf8)
        try archive.addEntry(with: "media/link.jpg", type: .symlink, uncompressedSize: Int64(target.count)) { _, _ in target }

        let result = try InstagramExportReader(exportAt: path).read()
        #expect(result.posts.first?.media.map(\.uri.description) == ["media/p.jpg"])
        #expect(
            result.issues.filter { $0.skipped == "this entry" }.map(\.file) == [
                "../evil.jpg", "media/../../evil.jpg", "/tmp/evil.jpg", "media/p.jpg", "media/link.jpg",
            ])
        // The first of two entries with one path is the one read.
        let copy = workspace.root + "/p.jpg"
        #expect(try InstagramExportReader(exportAt: path).copyMedia(InstagramEntryPath(segments: ["media", "p.jpg"]), to: copy) == Self.photoBytes.count)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: copy))) == Self.photoBytes)
    }

    @Test("a zip entry that decompresses to more than it declares (a zip bomb) is stopped and leaves no file")
    func stopsAZipBomb() throws {
        let workspace = try Workspace()
        let path = workspace.root + "/bomb.zip"
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        try Self.add(Array(Self.minimalPosts.utf8), as: "your_instagram_activity/content/posts_1.json", to: archive)
        try Self.add(Self.photoBytes, as: "media/p.jpg", to: archive)
        try Self.add([UInt8](repeating: 0, count: 4 << 20), as: "media/bomb.jpg", to: archive)
        // The central directory now says 1,000 bytes for what inflates to 4 MiB.
        try Self.patchDeclaredSize(of: "media/bomb.jpg", to: 1000, inArchiveAt: path)

        let reader = try InstagramExportReader(exportAt: path)
        let destination = workspace.root + "/bomb-copy.jpg"
        #expect {
            try reader.copyMedia(InstagramEntryPath(segments: ["media", "bomb.jpg"]), to: destination)
        } throws: { error in
            guard case .unreadable = error as? InstagramEntryError else { return false }
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: destination))
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.root).sorted() == ["bomb.zip"])
        // The rest of the archive reads as before.
        #expect(reader.read().posts.count == 1)
    }

    @Test("a JSON file over the limit is refused before it is read, from a folder and a zip", arguments: Form.allCases)
    func refusesLargeJSON(form: Form) throws {
        let workspace = try Workspace()
        let reader = try InstagramExportReader(exportAt: try workspace.export(Self.completeExport, as: form))
        let file = InstagramEntryPath(segments: ["your_instagram_activity", "content", "posts_1.json"])
        #expect(throws: InstagramEntryError.tooLarge(limit: 10)) { try reader.source.read(file, limit: 10) }
        #expect(try reader.source.read(file).count > 10)
    }

    // MARK: - Streaming media

    @Test("a media file is streamed to its destination byte for byte, replacing what was there; a missing one is reported", arguments: Form.allCases)
    func copiesMedia(form: Form) throws {
        let workspace = try Workspace()
        // Several chunks of bytes that do not compress, and a few more.
        var state: UInt32 = 1
        let large = (0..<(3 << 20) + 12_345).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        var files = Self.completeExport
        files["media/posts/202204/c.mp4"] = large
        let reader = try InstagramExportReader(exportAt: try workspace.export(files, as: form))
        let video = try #require(reader.read().posts[1].media.last)
        let destination = workspace.root + "/out.mp4"
        try Data("old".utf8).write(to: URL(fileURLWithPath: destination))
        #expect(try reader.copyMedia(video.uri, to: destination) == large.count)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: destination))) == large)
        #expect(throws: InstagramEntryError.missing) {
            try reader.copyMedia(InstagramEntryPath(segments: ["media", "nothing.jpg"]), to: workspace.root + "/none.jpg")
        }
        #expect(throws: (any Error).self) {
            try reader.copyMedia(video.uri, to: workspace.root + "/no/such/folder/out.mp4")
        }
    }

    @Test("an export that is neither a folder nor a zip archive is a failure naming it")
    func refusesANonExport() throws {
        let workspace = try Workspace()
        let path = workspace.root + "/export.zip"
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ImportFailure.self) { try InstagramExportReader(exportAt: path) }
        #expect(throws: ImportFailure.self) { try InstagramExportReader(exportAt: workspace.root + "/missing") }
    }

    // MARK: - Fixtures

    static let photoBytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array("a photo".utf8)

    static let minimalPosts = #"[{"creation_timestamp": 1, "media": [{"uri": "media/p.jpg"}]}]"#

    /// An export in the newest layout documented by public parsers, its text escaped the way
    /// Instagram escapes it (each UTF-8 byte as `\u00XX`).
    static let completeExport: [String: any ExportFileContents] = [
        "personal_information/personal_information/personal_information.json": #"""
        {"profile_user": [{
          "media_map_data": {"Profile Photo": {"uri": "media/other/avatar.jpg", "creation_timestamp": 1500000000, "title": ""}},
          "string_map_data": {
            "Email": {"href": "", "value": "ines@example.org", "timestamp": 0},
            "Username": {"href": "", "value": "ines_duarte", "timestamp": 0},
            "Name": {"href": "", "value": "In\u00c3\u00aas Duarte", "timestamp": 0},
            "Bio": {"href": "", "value": "Caf\u00c3\u00a9, film \u00f0\u009f\u0093\u00b7 & Lisboa", "timestamp": 0}
          }
        }]}
        """#,
        "your_instagram_activity/content/posts_1.json": #"""
        [
          {"media": [{"uri": "media/posts/202009/sunset.jpg", "creation_timestamp": 1600000000, "title": "Sunset, first post"}]},
          {"title": "Tr\u00c3\u00aas fotos \u00f0\u009f\u0087\u00b5\u00f0\u009f\u0087\u00b9 do Porto", "creation_timestamp": 1650000000, "media": [
            {"uri": "media/posts/202204/a.jpg", "creation_timestamp": 1650000001, "title": ""},
            {"uri": "media/posts/202204/b.jpg", "creation_timestamp": 1650000002, "title": ""},
            {"uri": "media/posts/202204/c.mp4", "creation_timestamp": 1650000003, "title": "", "media_metadata": {"video_metadata": {}}}
          ]},
          {"media": [{"uri": "media/posts/202204/quiet.jpg", "creation_timestamp": 1650000500, "title": ""}]}
        ]
        """#,
        "your_instagram_activity/content/posts_2.json": #"""
        {"media": [{"uri": "media/posts/202311/v.MOV", "creation_timestamp": 1700000000, "title": "Um v\u00c3\u00addeo"}]}
        """#,
        "connections/followers_and_following/following.json": #"""
        {"relationships_following": [
          {"title": "", "media_list_data": [], "string_list_data": [{"href": "https://www.instagram.com/hansolo", "value": "hansolo", "timestamp": 1}]},
          {"title": "calebhicks", "string_list_data": [{"href": "https://www.instagram.com/_u/calebhicks", "timestamp": 2}]},
          {"string_list_data": [{"href": "https://www.instagram.com/_u/ana.maria", "timestamp": 3}]},
          {"string_list_data": [{"value": "zo\u00c3\u00ab_b", "timestamp": 4}]}
        ]}
        """#,
        "media/other/avatar.jpg": InstagramExportTests.photoBytes,
        "media/posts/202009/sunset.jpg": InstagramExportTests.photoBytes,
        "media/posts/202204/a.jpg": InstagramExportTests.photoBytes,
        "media/posts/202204/b.jpg": InstagramExportTests.photoBytes,
        "media/posts/202204/c.mp4": Array("a video".utf8),
        "media/posts/202204/quiet.jpg": InstagramExportTests.photoBytes,
        "media/posts/202311/v.MOV": Array("a video".utf8),
    ]

    static func add(_ bytes: [UInt8], as name: String, to archive: Archive) throws {
        let data = Data(bytes)
        try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    /// Rewrites the uncompressed size that the central directory gives for `name`.
    static func patchDeclaredSize(of name: String, to size: UInt32, inArchiveAt path: String) throws {
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let nameBytes = Array(name.utf8)
        var index = 0
        var patched = false
        while index + 46 <= bytes.count {
            if Array(bytes[index..<index + 4]) == signature {
                let nameLength = Int(bytes[index + 28]) | Int(bytes[index + 29]) << 8
                if Array(bytes[(index + 46)..<(index + 46 + nameLength)]) == nameBytes {
                    for offset in 0..<4 { bytes[index + 24 + offset] = UInt8((size >> (8 * UInt32(offset))) & 0xFF) }
                    patched = true
                }
            }
            index += 1
        }
        try #require(patched)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A temporary folder for one test, removed when it ends.
    final class Workspace {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-instagram-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
        }

        /// Writes `files` as an export folder or a zip archive of it; its path.
        func export(_ files: [String: any ExportFileContents], as form: Form) throws -> String {
            let sorted = files.sorted { $0.key < $1.key }
            switch form {
            case .folder:
                let folder = root + "/export"
                for (name, contents) in sorted {
                    let path = folder + "/" + name
                    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try Data(contents.exportBytes).write(to: URL(fileURLWithPath: path))
                }
                return folder
            case .zip:
                let path = root + "/export.zip"
                let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
                for (name, contents) in sorted {
                    try InstagramExportTests.add(contents.exportBytes, as: name, to: archive)
                }
                return path
            }
        }
    }
}

/// What a fixture file holds: text or bytes.
protocol ExportFileContents: Sendable {
    var exportBytes: [UInt8] { get }
}

extension String: ExportFileContents {
    var exportBytes: [UInt8] { Array(utf8) }
}

extension Array: ExportFileContents where Element == UInt8 {
    var exportBytes: [UInt8] { self }
}
