import Foundation
import Testing
import TimelineContent
import TimelineSystem
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel
@testable import TimelineSite

/// Video posts end to end: clips FFmpeg makes in the test's folder, built, and read back with
/// ffprobe, libxml2 and Chromium.
@Suite("Video posts")
struct VideoTests {
    static let postID = "-KZvideo00000000001"

    var folder: String { "Content/posts/\(Self.postID)" }

    /// A site with one user and one post of `clip.<extension>`, made by `make`, named by
    /// `front` (the front matter after `username:`).
    func fixture(
        file: String = "clip.mp4", front: String? = nil, videos: String = "{}", language: String = "en", relativeURLs: Bool = false,
        make: (String) throws -> Void = { try TestClips.make(at: $0) }
    ) throws -> SiteFixture {
        let fixture = try SiteFixture(
            site:
                #"{"title": "Fixture", "baseURL": "https://example.org/", "language": "\#(language)", "pageSize": 4, "feedDepth": 2, "relativeURLs": \#(relativeURLs), "videos": \#(videos)}"#
        )
        try fixture.user("hansolo")
        try FileManager.default.createDirectory(atPath: fixture.root + "/" + folder, withIntermediateDirectories: true)
        try make(fixture.root + "/" + folder + "/" + file)
        try fixture.write(folder + "/post.md", "---\nusername: hansolo\n\(front ?? "image: \(file)\nalt: A test pattern\n")---\nA clip.\n")
        return fixture
    }

    func page(_ fixture: SiteFixture) throws -> HTMLDocument {
        try #require(HTMLDocument(path: fixture.output + "/p/\(Self.postID)/index.html"))
    }

    /// The published MP4 the post page plays, probed.
    func published(_ fixture: SiteFixture) throws -> TestClips.Probe {
        let source = try #require(try page(fixture).values("//video/source/@src").first)
        return try TestClips.probe(fixture.output + source)
    }

    @Test("an H.264 and AAC clip is published by copying its streams: played by <video> with its poster and size, stripped of its metadata")
    func streamCopy() async throws {
        let fixture = try fixture()
        let report = try await fixture.build(strict: true)
        #expect(report.warnings.isEmpty)
        let page = try page(fixture)
        #expect(page.count("//video[@controls][@playsinline][@preload='none']") == 1)
        #expect(page.values("//video/@width") == ["320"] && page.values("//video/@height") == ["240"])
        #expect(page.values("//video/@aria-label") == ["A test pattern"])
        #expect(page.values("//video/source/@type") == ["video/mp4"])
        let poster = try #require(page.values("//video/@poster").first)
        #expect(poster.hasSuffix(".jpg") && fixture.exists(String(poster.dropFirst())))
        #expect(page.values("//p[@class='video-link']/a/@href") == page.values("//video/source/@src"))
        #expect(page.values("//video//a") == ["Download the video (MP4)"])
        let clip = try published(fixture)
        #expect(clip.videoCodec == "h264" && clip.audioCodec == "aac" && clip.width == 320 && clip.height == 240)
        #expect(!clip.formatTags.keys.contains { ["location", "title", "com.apple.quicktime.location.ISO6709"].contains($0) }, "\(clip.formatTags)")
        // The poster's sizes come from the image pipeline, as a photo's do.
        #expect(try fixture.read("p/\(Self.postID)/index.html").contains("og:video"))
        #expect(page.values("//meta[@property='og:video:type']/@content") == ["video/mp4"])
        #expect(page.values("//meta[@property='og:image']/@content").first?.hasSuffix(".jpg") == true)
        let home = try #require(HTMLDocument(path: fixture.output + "/index.html"))
        #expect(home.values("//a[@class='card-photo']//span[@class='play-badge']/span[@class='visually-hidden']") == ["Video"])
        #expect(home.count("//a[@class='card-photo']//img[contains(@src, 'clip-')]") == 1)
        let feed = try #require(HTMLDocument(xml: Data(try fixture.read("atom.xml").utf8)))
        #expect(feed.values("//*[local-name()='link'][@rel='enclosure']/@type") == ["video/mp4"])
    }

    @Test("a VP9 WebM portrait clip without sound is transcoded to H.264, upright and silent")
    func transcodeWebM() async throws {
        let fixture = try fixture(file: "clip.webm") { try TestClips.make(at: $0, width: 240, height: 320, codec: .vp9, audio: false) }
        _ = try await fixture.build(strict: true)
        let clip = try published(fixture)
        #expect(clip.videoCodec == "h264" && clip.audioCodec == nil && clip.width == 240 && clip.height == 320)
        #expect(try page(fixture).values("//video/@width") == ["240"])
    }

    @Test("an HEVC clip larger than videos.maxHeight is scaled down to it, even-sided, with AAC sound")
    func transcodeScaled() async throws {
        let fixture = try fixture(videos: #"{"maxHeight": 144}"#) { try TestClips.make(at: $0, codec: .hevc) }
        _ = try await fixture.build(strict: true)
        let clip = try published(fixture)
        #expect(clip.videoCodec == "h264" && clip.audioCodec == "aac" && clip.width == 192 && clip.height == 144)
        #expect(!clip.formatTags.keys.contains("location"))
    }

    @Test("a phone clip stored sideways with a rotation is published upright, with no rotation left")
    func rotatedPhoneClip() async throws {
        // FFmpeg writes the display matrix a phone writes into an MP4 (its QuickTime muxer drops it).
        let fixture = try fixture(file: "clip.mp4") { try TestClips.make(at: $0, width: 320, height: 240, rotation: 90) }
        _ = try await fixture.build(strict: true)
        let clip = try published(fixture)
        #expect(clip.width == 240 && clip.height == 320 && (clip.rotation ?? 0) == 0)
        let page = try page(fixture)
        #expect(page.values("//video/@width") == ["240"] && page.values("//video/@height") == ["320"])
        let poster = try #require(page.values("//video/@poster").first)
        let size = try TestImages.size(fixture.output + poster)
        #expect(size.width == 240 && size.height == 320)
    }

    @Test("an .mp4 that is really an HLS playlist naming a local file is refused where the front matter names it; FFmpeg never reads it as a playlist")
    func playlistRefused() async throws {
        let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n"
        let fixture = try fixture(front: "photos:\n  - image: clip.mp4\n    alt: x\n") { try playlist.write(toFile: $0, atomically: true, encoding: .utf8) }
        let problems = await fixture.failingBuild()
        #expect(problems.map(\.code) == [.notAVideo])
        #expect(problems.first?.location.line == 4 && problems.first?.location.column == 12)
        // Past the first bytes' check (an `ftyp` box, then the playlist): the probe, with the MP4
        // demuxer forced and only the file protocol, still refuses it.
        let disguised = fixture.root + "/disguised.mp4"
        var bytes: [UInt8] = [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0]
        bytes += Array(playlist.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: disguised))
        let outcome = VideoProbe.probe(SitePath(absolute: disguised, shown: "disguised.mp4"), format: .mp4, namedAt: SourceLocation(path: "post.md"))
        guard case .failure(let problem) = outcome else {
            Issue.record("the disguised playlist was read as a video")
            return
        }
        #expect([.brokenVideo, .notAVideo].contains(problem.code))
        #expect(!problem.message.contains(fixture.root), "\(problem.message)")
    }

    @Test("a truncated clip is a located error, whether its index is at the start or the end", arguments: [true, false])
    func truncated(faststart: Bool) async throws {
        let fixture = try fixture { path in
            try TestClips.make(at: path, seconds: 3, faststart: faststart)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        }
        let problems = await fixture.failingBuild()
        #expect(problems.map(\.code) == [.brokenVideo], "\(problems)")
        #expect(problems.first?.location.path.hasSuffix(folder + "/post.md") == true)
        #expect(problems.first?.location.line == 3 && problems.first?.location.column == 8)
    }

    @Test("a file named .mp4 that is no video at all is notAVideo")
    func notAVideo() async throws {
        let fixture = try fixture { try "just text".write(toFile: $0, atomically: true, encoding: .utf8) }
        #expect(await fixture.failingBuild().map(\.code) == [.notAVideo])
    }

    @Test(
        "a clip over videos.maxDuration, maxPixels or maxBytes is videoTooLarge where it is named",
        arguments: [#"{"maxDuration": 1}"#, #"{"maxPixels": 50000}"#, #"{"maxBytes": 1000}"#])
    func overLimits(videos: String) async throws {
        let fixture = try fixture(videos: videos)
        let problems = await fixture.failingBuild()
        #expect(problems.map(\.code) == [.videoTooLarge], "\(problems)")
        #expect(problems.first?.location.line == 3 && problems.first?.location.column == 8)
    }

    @Test("a clip whose headers say 1 s but whose frames last 20 s is over videos.maxDuration: 10 for check and build, where it is named")
    func lyingDuration() async throws {
        let fixture = try fixture(videos: #"{"maxDuration": 10}"#) { try TestClips.lyingDuration(at: $0, seconds: 20, statedSeconds: 1) }
        let checked = await fixture.checkDiagnostics()
        #expect(checked.map(\.code) == [.videoTooLarge], "\(checked)")
        #expect(checked.first?.location.line == 3 && checked.first?.location.column == 8)
        #expect(await fixture.failingBuild().map(\.code) == [.videoTooLarge])
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }

    @Test("the web video is cut at videos.maxDuration and a second: what FFmpeg wrote past the limit is refused, whatever the probe said")
    func writtenDurationBound() throws {
        let fixture = try fixture { try TestClips.lyingDuration(at: $0, seconds: 20, statedSeconds: 1) }
        let source = SitePath(absolute: fixture.root + "/" + folder + "/clip.mp4", shown: folder + "/clip.mp4")
        let format = try #require(VideoFormat.extensions["mp4"])
        // What the probe read of the headers alone, before it measured what FFmpeg reads.
        let stated = VideoDetails(
            container: VideoFormat.mp4.probedFormatName, durationMilliseconds: 1000, codedSize: PixelSize(width: 32, height: 32), rotation: 0,
            videoCodec: "h264", pixelFormat: "yuv420p", audioCodec: nil, audioChannels: 0, namedAt: SourceLocation(path: source.shown))
        var settings = VideoSettings()
        settings.maxDurationSeconds = 10
        let cache = VideoCache(SitePath(absolute: fixture.root + "/.timeline-cache", shown: ".timeline-cache"))
        let transcoder = VideoTranscoder(ffmpeg: try #require(FFmpeg.path(of: .ffmpeg)), cache: cache)
        let plan = VideoPlan.make(stated, settings: settings)
        #expect(throws: VideoTranscoder.Failure.self) {
            _ = try transcoder.make(plan, key: "ab0123", source: source, format: format, video: stated, limits: settings) { _ in }
        }
        do {
            _ = try transcoder.make(plan, key: "ab0123", source: source, format: format, video: stated, limits: settings) { _ in }
        } catch {
            #expect(error.code == .videoTooLarge, "\(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: cache.videoFile(forKey: "ab0123")))
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: cache.filesFolder + "/ab")) ?? []
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a clip whose frames grow from 32×32 to 512×512 mid-stream is over videos.maxPixels: the build refuses what FFmpeg decodes, where it is named")
    func resolutionSwitch() async throws {
        let fixture = try fixture(videos: #"{"maxPixels": 4096}"#) { try TestClips.resolutionSwitch(at: $0, from: 32, to: 512) }
        // The headers state 32×32 only: check, which reads them, cannot see the switch (docs/video.md).
        #expect(await fixture.checkDiagnostics().isEmpty)
        let problems = await fixture.failingBuild()
        #expect(problems.map(\.code) == [.videoTooLarge], "\(problems)")
        #expect(problems.first?.location.line == 3 && problems.first?.location.column == 8)
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }

    @Test("every ffprobe and ffmpeg run bounds FFmpeg's own allocations (-max_alloc) to a quarter of its memory limit, before any other option")
    func allocationLimit() throws {
        let probe = VideoProbe.arguments("/site/clip.mp4", format: .mp4)
        #expect(Array(probe.prefix(2)) == ["-max_alloc", String(FFmpeg.probeLimits.memoryBytes / 4)])
        let limits = ChildProcess.Limits(timeoutSeconds: 60, memoryBytes: 4 << 30)
        let job = FFmpeg.jobArguments(FFmpeg.input("/site/clip.mp4", format: .mp4), ["file:/cache/clip.mp4"], limits: limits)
        #expect(Array(job.prefix(2)) == ["-max_alloc", String(1 << 30)])
        #expect(job.filter { $0 == "-max_alloc" }.count == 1)
    }

    @Test("a video sits in a carousel among photos, its slide named a video, and a video the list leaves out is unnamedPhoto")
    func carousel() async throws {
        let items = "photos:\n  - image: photo.jpg\n    alt: A photo\n  - image: clip.mp4\n    alt: A clip\n"
        let fixture = try fixture(front: items)
        try TestImages.jpeg(at: fixture.root + "/" + folder + "/photo.jpg", width: 64, height: 48) { _, _ in (200, 30, 30) }
        _ = try await fixture.build(strict: true)
        let page = try page(fixture)
        #expect(page.count("//div[@aria-roledescription='slide'][1]//img") == 1)
        #expect(page.count("//div[@aria-roledescription='slide'][2]//video") == 1)
        #expect(page.values("//div[@aria-roledescription='slide']/@aria-label") == ["Photo 1 of 2", "Video, 2 of 2"])
        try TestClips.make(at: fixture.root + "/" + folder + "/other.mp4")
        #expect(await fixture.failingBuild().map(\.code) == [.unnamedPhoto])
    }

    @Test(
        "the same input builds byte for byte the same site, the cache emptied between; a warm build makes no video; clean --cache removes a replaced one's files"
    )
    func deterministicAndCached() async throws {
        let fixture = try fixture(front: "photos:\n  - image: clip.mp4\n    alt: a\n  - image: other.webm\n    alt: b\n") { path in
            try TestClips.make(at: path, codec: .hevc)
            try TestClips.make(at: Path.parent(of: path) + "/other.webm", width: 160, height: 120, codec: .vp9)
        }
        _ = try await fixture.build(strict: true)
        let first = try SiteFixture.snapshot(fixture.output)
        let cache = fixture.root + "/.timeline-cache/videos/files"
        let cached = FileSystem.files(below: cache)
        #expect(cached.count == 4, "\(cached)")
        let stamps = cached.map { FileSystem.stamp(of: cache + "/" + $0) }
        _ = try await fixture.build(strict: true)
        #expect(cached.map { FileSystem.stamp(of: cache + "/" + $0) } == stamps)

        try FileManager.default.removeItem(atPath: fixture.root + "/.timeline-cache")
        try FileManager.default.removeItem(atPath: fixture.output)
        var options = fixture.options(strict: true)
        options.clean = true
        _ = try await SiteBuilder.build(options)
        #expect(try SiteFixture.snapshot(fixture.output) == first)

        try TestClips.make(at: fixture.root + "/" + folder + "/clip.mp4", seconds: 1, codec: .hevc)
        _ = try await fixture.build(strict: true)
        #expect(FileSystem.files(below: cache).count == 6)
        _ = try await ImageCacheCleaner.clean(fixture.options(), everything: false)
        #expect(FileSystem.files(below: cache).count == 4)
    }

    @Test(
        "the build report counts the videos, copied and transcoded, made and cached: in its summary line and JSON, up to date, after an edit build and a clean one"
    )
    func reported() async throws {
        let fixture = try fixture(front: "photos:\n  - image: clip.mp4\n    alt: a\n  - image: other.webm\n    alt: b\n") { path in
            try TestClips.make(at: path, seconds: 1)
            try TestClips.make(at: Path.parent(of: path) + "/other.webm", width: 160, height: 120, seconds: 1, codec: .vp9)
        }
        let first = try await fixture.build(strict: true)
        #expect(first.videos == VideoPipeline.Statistics(videos: 2, copied: 1, transcoded: 1, made: 2, cached: 0))
        #expect(first.summary.contains("; 2 videos (1 copied, 1 transcoded), 2 made, 0 cached;"), "\(first.summary)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(BuildReportJSON.success(first).utf8)) as? [String: Any])
        #expect(json["videos"] as? [String: Int] == ["videos": 2, "copied": 1, "transcoded": 1, "made": 2, "cached": 0])

        // Up to date and edit builds report what the site publishes from the state they keep;
        // they make nothing and read no cache.
        let kept = VideoPipeline.Statistics(videos: 2, copied: 1, transcoded: 1)
        let again = try await fixture.build(strict: true)
        #expect(again.files.mode == .upToDate && again.videos == kept, "\(again.summary)")
        try fixture.write(
            folder + "/post.md", "---\nusername: hansolo\nphotos:\n  - image: clip.mp4\n    alt: a\n  - image: other.webm\n    alt: b\n---\nEdited.\n")
        let edited = try await fixture.build(strict: true)
        #expect(edited.files.mode == .edit && edited.videos == kept, "\(edited.summary)")

        var options = fixture.options(strict: true)
        options.clean = true
        let clean = try await SiteBuilder.build(options)
        #expect(clean.videos == VideoPipeline.Statistics(videos: 2, copied: 1, transcoded: 1, made: 0, cached: 2))

        // A site without videos says nothing of them.
        let photos = try SiteFixture.small()
        let report = try await photos.build()
        #expect(report.videos == VideoPipeline.Statistics() && !report.summary.contains("video"), "\(report.summary)")
    }

    @Test(
        "a video added, replaced and removed: every build after it, from the command line and in a live session, is byte-identical to a clean build",
        arguments: [false, true])
    func videoChanges(inSession: Bool) async throws {
        let fixture = try fixture()
        let session = BuildSession(options: fixture.options())
        func build(_ changed: [String]) async throws -> BuildReport {
            let paths = changed.map { fixture.root + "/" + $0 }
            return inSession ? try await session.build(changes: paths) : try await fixture.build()
        }
        _ = inSession ? try await session.build() : try await fixture.build()

        let second = "Content/posts/-KZvideo00000000002"
        try FileManager.default.createDirectory(atPath: fixture.root + "/" + second, withIntermediateDirectories: true)
        try TestClips.make(at: fixture.root + "/" + second + "/walk.webm", width: 160, height: 120, codec: .vp9, audio: false)
        try fixture.write(second + "/post.md", "---\nusername: hansolo\nimage: walk.webm\nalt: A walk\n---\nAnother clip.\n")
        let added = try await build([second])
        try await IncrementalProperty.expectSameAsClean(fixture, report: added, context: "added")

        try TestClips.make(at: fixture.root + "/" + folder + "/clip.mp4", seconds: 1, codec: .hevc)
        let replaced = try await build([folder + "/clip.mp4"])
        try await IncrementalProperty.expectSameAsClean(fixture, report: replaced, context: "replaced")

        try FileManager.default.removeItem(atPath: fixture.root + "/" + second)
        let removed = try await build([second])
        try await IncrementalProperty.expectSameAsClean(fixture, report: removed, context: "removed")
        #expect(FileSystem.kind(of: fixture.output + "/p/-KZvideo00000000002") == .missing)
    }

    @Test("every shipped language has the video's texts", arguments: ["ar", "de", "en", "es", "fr", "ja", "pt"])
    func everyLanguage(language: String) async throws {
        let fixture = try fixture(language: language)
        _ = try await fixture.build(strict: true)
        let page = try page(fixture)
        let link = try #require(page.values("//p[@class='video-link']/a").first)
        #expect(!link.isEmpty)
        #expect((language == "en") == (link == "Download the video (MP4)"))
        let home = try #require(HTMLDocument(path: fixture.output + "/index.html"))
        #expect(home.values("//span[@class='play-badge']/span[@class='visually-hidden']").first?.isEmpty == false)
    }

    @Test("a video post passes the Nu HTML checker")
    func validHTML() async throws {
        let fixture = try fixture()
        _ = try await fixture.build()
        let result = try await Subprocess.run(RepositoryPaths.root + "/scripts/nu-check.sh", [fixture.output])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("no errors or warnings"))
    }

    @Test("axe-core finds no violation on a video post, the home page and the profile", .enabled(if: Browser.shouldRun))
    func axe() async throws {
        let fixture = try fixture(relativeURLs: true)
        _ = try await fixture.build()
        let located = try await Subprocess.run(RepositoryPaths.root + "/scripts/axe-core.sh", [])
        #expect(located.status == 0, "\(located.standardError)")
        let script = located.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.copyItem(atPath: script, toPath: fixture.output + "/assets/axe.min.js")
        for page in ["p/\(Self.postID)/index.html", "index.html", "u/hansolo/index.html"] {
            #expect(try await axeViolations(fixture, page) == [], "\(page)")
        }
    }

    @Test(
        "in Chromium the poster shows before play, nothing of the video is loaded, and the video plays: its currentTime advances",
        .enabled(if: Browser.shouldRun))
    func plays() async throws {
        let fixture = try fixture(relativeURLs: true)
        _ = try await fixture.build()
        let executable = try #require(Browser.executable, "Chromium is not installed")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-chromium-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let result = try await Subprocess.run(
            "/usr/bin/env",
            ["python3", RepositoryPaths.root + "/scripts/chromium-play.py", executable, profile, "file://" + fixture.output + "/p/\(Self.postID)/index.html"],
            timeout: .seconds(120))
        #expect(result.status == 0, "\(result.standardError.suffix(2000))")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: [String: Any]], "\(result.standardOutput)")
        let before = try #require(json["before"])
        let after = try #require(json["after"])
        #expect(before["readyState"] as? Int == 0)
        #expect(before["posterLoaded"] as? Bool == true && before["posterWidth"] as? Int == 320)
        #expect((after["currentTime"] as? Double ?? 0) > 0.3, "\(after)")
        #expect(after["videoWidth"] as? Int == 320)
    }
}
