import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel
@testable import TimelineOutput

/// The images stage end to end: real photos made with libvips' tools, built, and read back
/// with libvips and exiftool.
@Suite("Image pipeline")
struct ImagePipelineTests {
    static let postIDs = [
        "-K25Fj8qrMAtxXG3QCSn", "-K36oDNVDXuaek0DUCoc", "-K3d5SS4ZpLjcbBJ5UIt", "-K4JKCJcHOnPQ8mBtMK6",
        "-K4lrtfwzeJO-XUOJG_k", "-K5Lhp9bwiE1UlScA0Hc", "-K780Yh1KaEBC-aZKWeZ", "-K7LQi47MKB85ExsA49l",
    ]

    func fixture(images: String = "") throws -> SiteFixture {
        let imagesMember = images.isEmpty ? "" : ", \"images\": \(images)"
        let fixture = try SiteFixture(site: #"{"title": "Photos", "baseURL": "https://example.org/photos/", "pageSize": 4"# + imagesMember + "}")
        try fixture.user("alice")
        return fixture
    }

    func post(_ fixture: SiteFixture, _ index: Int, file: String = "photo.jpg") -> String {
        fixture.content + "/posts/\(Self.postIDs[index])/" + file
    }

    func addPost(_ fixture: SiteFixture, _ index: Int, file: String = "photo.jpg", make: (String) throws -> Void) throws {
        try fixture.post(Self.postIDs[index], by: "alice", photo: nil)
        try make(post(fixture, index, file: file))
    }

    /// The post page's `<img>` and `<source>` attributes.
    func pictureOnPostPage(_ fixture: SiteFixture, _ index: Int) throws -> (img: [String: String], webpSrcset: String?) {
        let document = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.postIDs[index])/index.html"))
        var img: [String: String] = [:]
        for attribute in ["src", "srcset", "sizes", "width", "height", "alt", "style", "loading"] {
            img[attribute] = document.values("//figure[@class='post-photo']//img/@\(attribute)").first
        }
        return (img, document.values("//figure[@class='post-photo']//source[@type='image/webp']/@srcset").first)
    }

    /// `/photos/p/<id>/x.jpg` → the file in the output folder.
    func outputFile(_ fixture: SiteFixture, url: String) -> String {
        fixture.output + "/" + url.dropFirst("/photos/".count)
    }

    // MARK: Orientation

    /// The upright picture: four quadrants of different colours, wider than tall.
    static let quadrants: [TestImages.RGB] = [(230, 20, 20), (20, 200, 20), (20, 20, 230), (240, 240, 240)]
    static let uprightWidth = 64, uprightHeight = 48

    static func uprightColor(_ x: Int, _ y: Int) -> TestImages.RGB {
        quadrants[(y < uprightHeight / 2 ? 0 : 2) + (x < uprightWidth / 2 ? 0 : 1)]
    }

    /// Where a stored pixel lands once EXIF orientation `orientation` is applied.
    static func displayed(_ x: Int, _ y: Int, storedWidth w: Int, storedHeight h: Int, orientation: Int) -> (Int, Int) {
        switch orientation {
        case 2: (w - 1 - x, y)
        case 3: (w - 1 - x, h - 1 - y)
        case 4: (x, h - 1 - y)
        case 5: (y, x)
        case 6: (h - 1 - y, x)
        case 7: (h - 1 - y, w - 1 - x)
        case 8: (y, w - 1 - x)
        default: (x, y)
        }
    }

    // Reads the encoded pixels back with a tolerance (distance < 40), so any libvips's JPEG and WebP encoders pass: it
    // expects no platform's image bytes.
    @Test("a photo with each EXIF orientation comes out upright")
    func orientation() async throws {
        let fixture = try fixture()
        for orientation in 1...8 {
            let turned = orientation >= 5
            let (width, height) = turned ? (Self.uprightHeight, Self.uprightWidth) : (Self.uprightWidth, Self.uprightHeight)
            try addPost(fixture, orientation - 1) { path in
                try TestImages.jpeg(at: path, width: width, height: height) { x, y in
                    let (ux, uy) = Self.displayed(x, y, storedWidth: width, storedHeight: height, orientation: orientation)
                    return Self.uprightColor(ux, uy)
                }
                try TestImages.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=\(orientation)", path])
            }
        }
        _ = try await fixture.build()
        for orientation in 1...8 {
            let (img, _) = try pictureOnPostPage(fixture, orientation - 1)
            #expect(img["width"] == "\(Self.uprightWidth)" && img["height"] == "\(Self.uprightHeight)", "orientation \(orientation)")
            let file = outputFile(fixture, url: try #require(img["src"]))
            let size = try TestImages.size(file)
            #expect(size.width == Self.uprightWidth && size.height == Self.uprightHeight, "orientation \(orientation)")
            for (quadrant, point) in [(0, (16, 12)), (1, (48, 12)), (2, (16, 36)), (3, (48, 36))] {
                let pixel = try TestImages.pixel(file, x: point.0, y: point.1)
                let expected = Self.quadrants[quadrant]
                let distance = zip(pixel, [expected.red, expected.green, expected.blue]).map { abs($0 - Double($1)) }.max() ?? 999
                #expect(distance < 40, "orientation \(orientation), quadrant \(quadrant): \(pixel)")
            }
            #expect(try TestImages.metadataTags(file).filter { $0.contains("Orientation") }.isEmpty)
        }
    }

    // MARK: Metadata

    static func photoWithPrivateMetadata(at path: String) throws {
        try TestImages.gradientJPEG(at: path, width: 800, height: 600)
        try TestImages.run(
            "exiftool",
            [
                "-q", "-overwrite_original", "-GPSLatitude=38.7223", "-GPSLatitudeRef=N", "-GPSLongitude=9.1393", "-GPSLongitudeRef=W",
                "-Make=TestCam", "-Model=TC-1", "-ExposureTime=1/250", "-FNumber=5.6", "-Artist=Alice Example",
                "-XMP:Creator=Alice Example", "-IPTC:City=Lisbon", path,
            ])
        #expect(try TestImages.metadataTags(path).contains { $0.contains("GPSLatitude") }, "the fixture itself must carry GPS")
    }

    func publishedImages(_ fixture: SiteFixture) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: fixture.output))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".webp") }.map { fixture.output + "/" + $0 }
    }

    @Test("no metadata at all in any published image by default")
    func metadataStripped() async throws {
        let fixture = try fixture()
        try addPost(fixture, 0, make: Self.photoWithPrivateMetadata)
        try Self.photoWithPrivateMetadata(at: fixture.content + "/users/alice.jpg")
        try fixture.write("Content/users/alice.json", #"{"username": "alice", "avatar": "alice.jpg"}"#)
        _ = try await fixture.build()
        let files = try publishedImages(fixture)
        let expectedCount = 12  // 480, 800 and square 320 in two formats, and three avatar sizes in two
        #expect(files.count == expectedCount)
        for file in files {
            #expect(try TestImages.metadataTags(file) == [], "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.output + "/p/\(Self.postIDs[0])/photo.jpg"), "the original is not published")
    }

    @Test("keepCameraData keeps camera and exposure fields but never location or authorship")
    func cameraDataKept() async throws {
        let fixture = try fixture(images: #"{"keepCameraData": true}"#)
        try addPost(fixture, 0, make: Self.photoWithPrivateMetadata)
        _ = try await fixture.build()
        for file in try publishedImages(fixture) {
            let tags = try TestImages.metadataTags(file)
            if file.hasSuffix(".jpg") {
                #expect(tags.contains { $0.hasSuffix(":Make") } && tags.contains { $0.hasSuffix(":ExposureTime") }, "\(file): \(tags)")
            }
            #expect(!tags.contains { $0.contains("GPS") || $0.contains("Artist") || $0.contains("Creator") || $0.contains("City") }, "\(file): \(tags)")
        }
    }

    // The original is copied, not encoded: the same bytes on every platform.
    @Test("the original is published and linked only when the site asks")
    func originalsOnRequest() async throws {
        let fixture = try fixture(images: #"{"publishOriginals": true}"#)
        try addPost(fixture, 0) { try TestImages.gradientJPEG(at: $0, width: 600, height: 400) }
        _ = try await fixture.build()
        let original = fixture.output + "/p/\(Self.postIDs[0])/photo.jpg"
        #expect(FileManager.default.contents(atPath: original) == FileManager.default.contents(atPath: post(fixture, 0)))
        let page = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.postIDs[0])/index.html"))
        #expect(page.values("//p[@class='original']/a/@href") == ["/photos/p/\(Self.postIDs[0])/photo.jpg"])
    }

    // MARK: Sizes and HTML

    @Test("display sizes up to the original's width, never enlarged, with srcset, sizes, width and height")
    func sizesAndMarkup() async throws {
        let fixture = try fixture()
        try addPost(fixture, 0) { try TestImages.gradientJPEG(at: $0, width: 1200, height: 800) }
        _ = try await fixture.build()
        let (img, webp) = try pictureOnPostPage(fixture, 0)
        let srcset = try #require(img["srcset"])
        let entries = srcset.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ") }
        #expect(entries.map { String($0[1]) } == ["480w", "960w", "1200w"])
        for entry in entries {
            let file = outputFile(fixture, url: String(entry[0]))
            let width = Int(entry[1].dropLast()) ?? 0
            let size = try TestImages.size(file)
            #expect(size.width == width && size.height == width * 2 / 3, "\(file)")
            #expect(file.hasSuffix(".jpg"))
        }
        let webpEntries = try #require(webp).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(webpEntries.map { $0.split(separator: " ")[1] } == ["480w", "960w", "1200w"])
        #expect(webpEntries.allSatisfy { $0.split(separator: " ")[0].hasSuffix(".webp") })
        #expect(img["width"] == "960" && img["height"] == "640")
        #expect(img["src"]?.contains("-960.") == true)
        #expect(img["sizes"]?.isEmpty == false)
        #expect(img["alt"] == "A rocket")
        #expect(img["style"]?.hasPrefix("background-color:#") == true)
        #expect(img["loading"] == "eager")
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.output + "/p/\(Self.postIDs[0])")
        #expect(!files.contains { $0.contains("-1440.") || $0.contains("-2048.") })
        #expect(files.filter { $0.contains("-sq") }.count == 4, "squares 320 and 640 in both formats: \(files)")

        let profile = try #require(HTMLDocument(path: fixture.output + "/u/alice/index.html"))
        #expect(profile.values("//ul[@class='grid']//img/@width") == ["320"])
        #expect(profile.values("//ul[@class='grid']//img/@srcset").first?.contains("640w") == true)
    }

    @Test("a small photo keeps its own width as its only display size")
    func smallPhoto() async throws {
        let fixture = try fixture()
        try addPost(fixture, 0) { try TestImages.gradientJPEG(at: $0, width: 300, height: 200) }
        _ = try await fixture.build()
        let (img, _) = try pictureOnPostPage(fixture, 0)
        #expect(img["srcset"]?.hasSuffix(" 300w") == true && img["srcset"]?.contains(",") == false)
        #expect(img["width"] == "300" && img["height"] == "200")
    }

    // MARK: Cache

    @Test("a warm rebuild decodes and encodes nothing; a changed setting re-encodes only what it affects")
    func cache() async throws {
        let fixture = try fixture()
        for index in 0..<3 {
            try addPost(fixture, index) { try TestImages.gradientJPEG(at: $0, width: 700 + index * 10, height: 500) }
        }
        let cold = try await fixture.build()
        #expect(cold.images.images == 3 && cold.images.decoded == 3)
        #expect(cold.images.encoded == 3 * 2 * 3, "480, original width and square 320, in two formats")
        let before = try SiteFixture.snapshot(fixture.output)

        let warm = try await fixture.build()
        #expect(warm.images.decoded == 0 && warm.images.encoded == 0)
        #expect(try SiteFixture.snapshot(fixture.output) == before)

        try fixture.write("Content/site.json", #"{"title": "Photos", "baseURL": "https://example.org/photos/", "pageSize": 4, "images": {"jpegQuality": 60}}"#)
        let requality = try await fixture.build()
        #expect(requality.images.encoded == 3 * 3, "only the JPEGs")

        try TestImages.gradientJPEG(at: post(fixture, 1), width: 640, height: 480)
        let changed = try await fixture.build()
        #expect(changed.images.decoded == 1 && changed.images.encoded == 6)

        let cleaned = try await ImageCacheCleaner.clean(fixture.options(), everything: false)
        #expect(cleaned.removedFiles == 3 * 3 + 6, "the quality-82 JPEGs and the old photo's files")
        #expect(cleaned.keptFiles == 3 * 6)
        let afterClean = try await fixture.build()
        #expect(afterClean.images.encoded == 0)
    }

    @Test("an image cache inside the output folder is refused: replacing the output would delete it")
    func cacheInsideOutput() async throws {
        let fixture = try fixture()
        try addPost(fixture, 0) { try TestImages.gradientJPEG(at: $0, width: 300, height: 200) }
        var options = fixture.options()
        options.cache = "Output/cache"
        await #expect(throws: BuildFailure.self) { try await SiteBuilder.build(options) }
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }

    // MARK: Bad input

    @Test("a truncated JPEG is an error naming the post and file; the other photos and the old output are unaffected")
    func truncated() async throws {
        let fixture = try fixture()
        try addPost(fixture, 0) { try TestImages.gradientJPEG(at: $0, width: 900, height: 600) }
        _ = try await fixture.build()
        let before = try SiteFixture.snapshot(fixture.output)
        try addPost(fixture, 1) { path in
            try TestImages.gradientJPEG(at: path, width: 900, height: 600)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        }
        let diagnostics = await fixture.failingBuild()
        #expect(diagnostics.count == 1)
        let error = try #require(diagnostics.first)
        #expect(error.code == .undecodablePhoto && error.stage == .images)
        #expect(error.location.path.hasSuffix("Content/posts/\(Self.postIDs[1])/photo.jpg"))
        #expect(error.message.contains(Self.postIDs[1]))
        #expect(try SiteFixture.snapshot(fixture.output) == before)
    }

    @Test("a complete build keeps its record cache; one that fails after loading leaves the previous record cache as it was")
    func recordCacheOnlyFromCompleteBuilds() async throws {
        let fixture = try fixture()
        try addPost(fixture, 0) { try TestImages.gradientJPEG(at: $0, width: 900, height: 600) }
        var options = fixture.options()
        options.racyWindowNanoseconds = 0
        _ = try await SiteBuilder.build(options)
        let state = BuildStateFolder(cacheRoot: fixture.root + "/.timeline-cache", outputRoot: fixture.output)
        let kept = try Data(contentsOf: URL(fileURLWithPath: state.recordsFile))
        #expect(FileSystem.kind(of: state.pendingRecordsFile) == .missing)

        try addPost(fixture, 1) { path in
            try TestImages.gradientJPEG(at: path, width: 900, height: 600)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        }
        await #expect(throws: BuildFailure.self) { try await SiteBuilder.build(options) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: state.recordsFile)) == kept)
        #expect(FileSystem.kind(of: state.pendingRecordsFile) == .missing)
    }

    @Test("empty files, non-images and unsupported formats are clear errors at load, every one reported")
    func unreadableFiles() async throws {
        let fixture = try fixture()
        try addPost(fixture, 0) { try Data().write(to: URL(fileURLWithPath: $0)) }
        try addPost(fixture, 1) { try Data("not a photo".utf8).write(to: URL(fileURLWithPath: $0)) }
        try addPost(fixture, 2, file: "photo.gif") { try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: $0)) }
        let diagnostics = await fixture.failingBuild()
        let paths = Set(diagnostics.map(\.location.path).map { String($0.split(separator: "/").suffix(2).joined(separator: "/")) })
        #expect(paths.isSuperset(of: ["\(Self.postIDs[0])/photo.jpg", "\(Self.postIDs[1])/photo.jpg"]), "\(diagnostics)")
        #expect(
            diagnostics.contains { $0.message.contains(".heic") || $0.message.contains("photo") && $0.location.path.contains(Self.postIDs[2]) },
            "\(diagnostics)")
    }

    /// A PNG whose header claims `width`×`height`: nothing behind it but the header.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(CRC32.checksum(typed))
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
                + chunk("IEND", []))
    }

    @Test("a decompression bomb is refused before decoding, against the pixel limit")
    func decompressionBomb() async throws {
        let fixture = try fixture()
        try addPost(fixture, 0, file: "photo.png") { try Self.pngHeader(width: 60_000, height: 60_000).write(to: URL(fileURLWithPath: $0)) }
        try addPost(fixture, 1) { try TestImages.gradientJPEG(at: $0, width: 400, height: 300) }
        let diagnostics = await fixture.failingBuild()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.code == .photoTooLarge)
        #expect(diagnostics.first?.message.contains("60000×60000") == true)

        let limited = try self.fixture(images: #"{"maxPixels": 100000}"#)
        try addPost(limited, 0) { try TestImages.gradientJPEG(at: $0, width: 400, height: 300) }
        let limitedDiagnostics = await limited.failingBuild()
        #expect(limitedDiagnostics.map(\.code) == [.photoTooLarge])
        #expect(limitedDiagnostics.first?.message.contains("images.maxPixels") == true)
    }

    @Test("HEIC and AVIF photos are read where the installed libvips decodes them")
    func heifInput() async throws {
        let fixture = try fixture()
        try addPost(fixture, 0, file: "photo.avif") { path in
            let jpeg = path + ".jpg"
            try TestImages.gradientJPEG(at: jpeg, width: 640, height: 480)
            try TestImages.run("vips", ["heifsave", jpeg, path, "--compression", "av1"])
            try FileManager.default.removeItem(atPath: jpeg)
        }
        let formats = try TestImages.run("vips", ["-l", "foreign"])
        if formats.contains("heifload") {
            _ = try await fixture.build()
            let (img, _) = try pictureOnPostPage(fixture, 0)
            #expect(img["width"] == "640" && img["height"] == "480")
        } else {
            let diagnostics = await fixture.failingBuild()
            #expect(diagnostics.first?.message.contains("AVIF") == true)
        }
    }

    // The photo is copied, not encoded: the same bytes on every platform.
    @Test("with processing off, photos are published as they are")
    func processingOff() async throws {
        let fixture = try fixture(images: #"{"process": false}"#)
        try addPost(fixture, 0) { try TestImages.gradientJPEG(at: $0, width: 500, height: 300) }
        let report = try await fixture.build()
        #expect(report.images.images == 0)
        let (img, webp) = try pictureOnPostPage(fixture, 0)
        #expect(img["src"] == "/photos/p/\(Self.postIDs[0])/photo.jpg" && webp == nil)
        #expect(
            FileManager.default.contents(atPath: fixture.output + "/p/\(Self.postIDs[0])/photo.jpg") == FileManager.default.contents(atPath: post(fixture, 0)))
    }
}
