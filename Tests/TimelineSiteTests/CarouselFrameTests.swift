import Foundation
import Testing
import TimelineTestSupport

/// How a carousel of photos of different shapes looks in Chromium: one frame shaped by the
/// first photo, every photo fitted inside it, and a way through it without script.
@Suite("The carousel's frame")
struct CarouselFrameTests {
    static let page = "p/\(UndescribedSite.carouselPost)/index.html"

    /// What a probe script finds once the page has loaded: the first slide's box and the
    /// carousel row's, in CSS pixels of the viewport, the colour behind the first photo (of
    /// the nearest element that paints a background), and how far the row is scrolled.
    static let probe = """
        <script>
        // Decoded as they are painted: an image decoded apart may miss the screenshot.
        for (const image of document.images) image.decoding = "sync";
        addEventListener("load", () => {
          const box = (element) => { const rect = element.getBoundingClientRect(); return [rect.left, rect.top, rect.width, rect.height]; };
          const row = document.querySelector(".carousel-slides");
          let behind = document.querySelector("#photo-1 img").parentElement;
          while (behind && getComputedStyle(behind).backgroundColor.replace(/\\s/g, "") === "rgba(0,0,0,0)") behind = behind.parentElement;
          const colour = getComputedStyle(behind || document.documentElement).backgroundColor.match(/[\\d.]+/g).slice(0, 3).map(Number);
          document.documentElement.dataset.probe = JSON.stringify({
            slide: box(document.querySelector("#photo-1")), row: box(row), scrollbar: row.offsetHeight - row.clientHeight,
            scrolled: Math.abs(row.scrollLeft) / row.clientWidth, background: colour });
        })</script>
        </body>
        """

    struct Probe {
        let slide: [Double]
        let row: [Double]
        let scrollbar: Double
        let scrolled: Double
        let background: [Int]
    }

    /// The built post page with the probe, opened in a Chromium window of 800×1300. Motion is
    /// reduced, so that the row scrolls at once: a smooth scroll does not run in virtual time.
    func open(_ fixture: SiteFixture, page: String = Self.page, fragment: String = "", screenshot: String? = nil) async throws -> Probe {
        let probed = fixture.output + "/" + page + ".probe.html"
        try fixture.read(page).replacingOccurrences(of: "</body>", with: Self.probe).write(toFile: probed, atomically: true, encoding: .utf8)
        let executable = try #require(Browser.executable, "Chromium is not installed")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-chromium-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let url = "file://" + probed + fragment
        let common = Browser.arguments(profile: profile) + ["--window-size=800,1300", "--virtual-time-budget=10000", "--force-prefers-reduced-motion"]
        let dumped = try await Subprocess.run(executable, common + ["--dump-dom", url], timeout: .seconds(120))
        #expect(dumped.status == 0, "\(dumped.standardError.suffix(2000))")
        if let screenshot {
            let shot = try await Subprocess.run(executable, common + ["--screenshot=" + screenshot, url], timeout: .seconds(120))
            #expect(shot.status == 0 && FileManager.default.fileExists(atPath: screenshot), "\(shot.standardError.suffix(2000))")
        }
        let document = try #require(HTMLDocument(data: Data(dumped.standardOutput.utf8)))
        let json = try #require(document.values("/html/@data-probe").first, "the probe did not run")
        let values = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return Probe(
            slide: values["slide"] as? [Double] ?? [], row: values["row"] as? [Double] ?? [], scrollbar: values["scrollbar"] as? Double ?? -1,
            scrolled: values["scrolled"] as? Double ?? -1, background: (values["background"] as? [Double] ?? []).map { Int($0) })
    }

    /// The pixels of `box` (left, top, width, height in CSS pixels, which are the screenshot's)
    /// whose colour is within 3 of `colour` in each channel: where the frame shows no photo.
    func blankPixels(_ screenshot: String, in box: [Double], colour: [Int]) throws -> (blank: Int, total: Int) {
        let (left, top) = (Int(box[0].rounded(.up)), Int(box[1].rounded(.up)))
        let (width, height) = (Int((box[0] + box[2]).rounded(.down)) - left, Int((box[1] + box[3]).rounded(.down)) - top)
        let cropped = screenshot + ".ppm"
        try TestImages.run("vips", ["crop", screenshot, cropped, "\(left)", "\(top)", "\(width)", "\(height)"])
        // A binary PPM ends with its pixels, three bytes each.
        let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cropped))).suffix(width * height * 3)
        var blank = 0
        var index = pixels.startIndex
        while index + 2 < pixels.endIndex {
            if (0..<3).allSatisfy({ abs(Int(pixels[index + $0]) - colour[$0]) <= 3 }) { blank += 1 }
            index += 3
        }
        return (blank, width * height)
    }

    @Test(
        "in Chromium the first photo (640×427) fills the carousel's frame: no blank band below it though later photos are taller, and no scrollbar under it",
        .enabled(if: Browser.shouldRun))
    func firstPhotoFillsTheFrame() async throws {
        let fixture = try UndescribedSite.make()
        _ = try await fixture.build()
        let screenshot = fixture.root + "/carousel.png"
        let probe = try await open(fixture, screenshot: screenshot)
        let slide = probe.slide
        try #require(slide.count == 4 && probe.background.count == 3, "\(probe)")
        #expect(abs(slide[2] / slide[3] - 640.0 / 427.0) < 0.01, "the frame's shape is the first photo's: \(slide)")
        #expect(slide[1] + slide[3] <= 1300, "the frame is in the window: \(slide)")
        let (blank, total) = try blankPixels(screenshot, in: slide, colour: probe.background)
        #expect(Double(blank) < 0.01 * Double(total), "\(blank) of the frame's \(total) pixels show no photo")
        #expect(probe.scrollbar == 0, "no scrollbar takes room under the frame")
        #expect(abs(probe.row[3] - slide[3]) < 1, "the row is the frame: \(probe.row), \(slide)")
    }

    @Test(
        "in Chromium the frame keeps within 1.91:1 and 4:5 however wide or tall the first photo is",
        .enabled(if: Browser.shouldRun), arguments: [(1000, 300, 1.91), (400, 1000, 0.8)])
    func clamped(width: Int, height: Int, ratio: Double) async throws {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "relativeURLs": true}"#)
        try fixture.user("hansolo")
        let id = UndescribedSite.carouselPost
        let folder = fixture.content + "/posts/\(id)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestImages.gradientJPEG(at: folder + "/first.jpg", width: width, height: height)
        try TestImages.gradientJPEG(at: folder + "/second.jpg", width: 512, height: 512)
        try fixture.write("Content/posts/\(id)/post.md", "---\nusername: hansolo\nphotos:\n  - first.jpg\n  - second.jpg\n---\n")
        _ = try await fixture.build()
        let slide = try await open(fixture, page: "p/\(id)/index.html").slide
        try #require(slide.count == 4)
        #expect(abs(slide[2] / slide[3] - ratio) < 0.01, "\(slide)")
    }

    @Test(
        "without the carousel's script, links under the frame lead to each photo, and following one shows it",
        .enabled(if: Browser.shouldRun))
    func linksWithoutScript() async throws {
        let fixture = try UndescribedSite.make()
        _ = try await fixture.build()
        let page = try #require(HTMLDocument(path: fixture.output + "/" + Self.page))
        #expect(page.values("//div[@data-carousel]//a[starts-with(@href, '#photo-')]/@href") == ["#photo-1", "#photo-2", "#photo-3"])
        #expect(page.values("//div[@data-carousel]//a[starts-with(@href, '#photo-')]") == ["Photo 1 of 3", "Photo 2 of 3", "Photo 3 of 3"])
        try FileManager.default.removeItem(atPath: fixture.output + "/assets/carousel.js")
        let probe = try await open(fixture, fragment: "#photo-3")
        #expect(abs(probe.scrolled - 2) < 0.05, "\(probe)")
    }
}
