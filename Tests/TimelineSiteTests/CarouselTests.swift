import Foundation
import Testing
import TimelineModel
import TimelineTestSupport

/// Posts of several photos: the `photos:` list, its errors, and the carousel, the cards' count,
/// the share tags and the feed entry they make.
@Suite("Posts of several photos")
struct CarouselTests {
    static let postID = "-KZcarousel000000001"

    /// A site with one user, and a post of `count` photos of distinct colours named
    /// `photo1.jpg`…; `items` replaces the `photos:` list written for them.
    func fixture(count: Int = 3, items: String? = nil, language: String = "en", relativeURLs: Bool = false, camera: Bool = false) throws -> SiteFixture {
        let fixture = try SiteFixture(
            site:
                #"{"title": "Fixture", "baseURL": "https://example.org/", "language": "\#(language)", "pageSize": 4, "feedDepth": 2, "relativeURLs": \#(relativeURLs), "showCameraDetails": \#(camera)}"#
        )
        try fixture.user("hansolo")
        let folder = fixture.content + "/posts/\(Self.postID)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for number in 1...count {
            try TestImages.jpeg(at: folder + "/photo\(number).jpg", width: 64 + number, height: 48) { _, _ in
                (UInt8(number * 40 % 256), 90, UInt8(255 - number * 30 % 256))
            }
        }
        let list = items ?? (1...count).map { "  - image: photo\($0).jpg\n    alt: Photo number \($0)\n" }.joined()
        try fixture.write("Content/posts/\(Self.postID)/post.md", "---\nusername: hansolo\nphotos:\n\(list)---\nThree views of one day.\n")
        return fixture
    }

    func page(_ fixture: SiteFixture) throws -> HTMLDocument {
        try #require(HTMLDocument(path: fixture.output + "/p/\(Self.postID)/index.html"))
    }

    @Test("the post page shows every photo in the author's order, the first eagerly, as a labelled carousel")
    func carousel() async throws {
        let fixture = try fixture()
        let report = try await fixture.build(strict: true)
        #expect(report.warnings.isEmpty)
        let page = try page(fixture)
        #expect(page.values("//div[@role='region'][@aria-roledescription='carousel']/@aria-label") == ["Photos"])
        #expect(page.values("//div[@aria-roledescription='slide']/@aria-label") == ["Photo 1 of 3", "Photo 2 of 3", "Photo 3 of 3"])
        #expect(page.values("//div[@aria-roledescription='slide']//img/@alt") == ["Photo number 1", "Photo number 2", "Photo number 3"])
        #expect(page.values("//div[@aria-roledescription='slide']//img/@loading") == ["eager", "lazy", "lazy"])
        #expect(page.values("//div[@aria-roledescription='slide']//img/@src").map { $0.contains("/photo1-") } == [true, false, false])
        #expect(page.count("//div[@class='carousel-controls'][@hidden]//button") == 2)
        #expect(page.values("//script/@src").contains { $0.hasSuffix("assets/carousel.js") })
        #expect(page.values("//meta[@property='og:image:alt']/@content") == ["Photo number 1"])
        #expect(fixture.exists("assets/carousel.js"))
    }

    @Test("with showCameraDetails each photo has its own camera details, headed by its place")
    func cameraPerPhoto() async throws {
        let fixture = try fixture(count: 2, camera: true)
        let folder = fixture.content + "/posts/\(Self.postID)/"
        try TestImages.run("exiftool", ["-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS 5D Mark III", folder + "photo1.jpg"])
        try TestImages.run("exiftool", ["-q", "-overwrite_original", "-Make=FUJIFILM", "-Model=X100V", "-ISO=400", folder + "photo2.jpg"])
        _ = try await fixture.build()
        let page = try page(fixture)
        #expect(page.values("//section[@class='camera-details']/h2") == ["Camera details"])
        #expect(page.values("//section[@class='camera-details']/h3") == ["Photo 1 of 2", "Photo 2 of 2"])
        #expect(page.values("//dl[@class='camera']//dt[.='Camera']/following-sibling::dd") == ["Canon EOS 5D Mark III", "FUJIFILM X100V"])
        #expect(page.count("//dl[@class='camera'][2]//dt[.='ISO speed']") == 1)
        #expect(page.count("//dl[@class='camera'][1]//dt[.='ISO speed']") == 0)
    }

    @Test("a photo's alt text is text wherever it shows: no markup of it reaches a page or the feed")
    func hostileAlt() async throws {
        let payload = #"\"><script>alert(1)</script><img src=x onerror=alert(2)>"#
        let fixture = try fixture(count: 2, items: "  - image: photo1.jpg\n  - image: photo2.jpg\n    alt: '\(payload)'\n")
        _ = try await fixture.build()
        let page = try page(fixture)
        #expect(page.values("//div[@aria-roledescription='slide']//img/@alt") == ["", payload])
        #expect(page.values("//script/@src").count == page.count("//script"))
        #expect(page.count("//img[@onerror]") == 0)
        let feed = try #require(HTMLDocument(data: Data(Self.unescaped(try fixture.read("u/hansolo/atom.xml")).utf8)))
        #expect(feed.count("//img[@onerror]") == 0)
    }

    @Test("cards show the first photo with the count; the profile grid too")
    func cards() async throws {
        let fixture = try fixture()
        _ = try await fixture.build()
        for path in ["index.html", "u/hansolo/index.html"] {
            let page = try #require(HTMLDocument(path: fixture.output + "/" + path))
            #expect(page.values("//span[@class='photo-count']/span") == ["3 photos"], "\(path)")
            #expect(page.values("//a[span[@class='photo-count']]//img/@alt") == ["Photo number 1"], "\(path)")
        }
    }

    @Test("the Atom entry shows every photo, the enclosure is the first")
    func feedEntry() async throws {
        let fixture = try fixture()
        _ = try await fixture.build()
        let feed = try fixture.read("u/hansolo/atom.xml")
        let entryHTML = try #require(HTMLDocument(data: Data(Self.unescaped(feed).utf8)))
        #expect(entryHTML.values("//img/@alt") == ["Photo number 1", "Photo number 2", "Photo number 3"])
        #expect(feed.components(separatedBy: "rel=\"enclosure\"").count == 2)
    }

    static func unescaped(_ xml: String) -> String {
        xml.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("a list of one photo builds the very page the single-photo form does")
    func oneElementList() async throws {
        let list = try fixture(count: 1, items: "  - image: photo1.jpg\n    alt: Photo number 1\n")
        _ = try await list.build()
        let single = try fixture(count: 1)
        try single.write(
            "Content/posts/\(Self.postID)/post.md", "---\nusername: hansolo\nimage: photo1.jpg\nalt: Photo number 1\n---\nThree views of one day.\n")
        _ = try await single.build()
        for path in ["p/\(Self.postID)/index.html", "index.html", "u/hansolo/atom.xml"] {
            #expect(try list.read(path) == single.read(path), "\(path)")
        }
        #expect(try !list.read("p/\(Self.postID)/index.html").contains("data-carousel"))
    }

    @Test(
        "each mistake in 'photos' is an error of its own at its line and column",
        arguments: [
            // A photo of the folder the list does not name.
            (3, "  - image: photo1.jpg\n  - image: photo2.jpg\n", DiagnosticCode.unnamedPhoto),
            // A file named twice.
            (2, "  - image: photo1.jpg\n  - image: photo2.jpg\n  - photo1.jpg\n", .duplicatePhoto),
            // No such file.
            (1, "  - image: photo1.jpg\n  - image: photo9.jpg\n", .missingPhoto),
            // An item without its file.
            (1, "  - image: photo1.jpg\n  - alt: Nothing\n", .missingKey),
            // An unknown key in an item.
            (1, "  - image: photo1.jpg\n    atl: Typo\n", .unknownKey),
            // An empty list.
            (1, "  []\n", .missingPhoto),
        ])
    func listErrors(count: Int, items: String, code: DiagnosticCode) async throws {
        let fixture = try fixture(count: count, items: items)
        let diagnostics = await fixture.failingBuild()
        let problem = try #require(diagnostics.first { $0.code == code }, "\(diagnostics)")
        #expect(problem.location.path.hasSuffix("\(Self.postID)/post.md"))
        #expect(problem.location.line != nil && problem.location.column != nil)
    }

    @Test("more than 20 photos is an error at the 21st")
    func tooMany() async throws {
        let fixture = try fixture(count: 21)
        let diagnostics = await fixture.failingBuild()
        let problem = try #require(diagnostics.first { $0.code == .tooManyPhotos }, "\(diagnostics)")
        #expect(problem.location.line == 4 + 2 * PostPhoto.limit)
    }

    @Test("'image' or 'alt' beside 'photos' is an error")
    func mixedForms() async throws {
        let fixture = try fixture(count: 1, items: "  - image: photo1.jpg\nalt: Which one?\n")
        let diagnostics = await fixture.failingBuild()
        #expect(diagnostics.contains { $0.code == .invalidValue && $0.location.line == 5 }, "\(diagnostics)")
    }

    @Test("a photo without alt text is a warning that names it")
    func missingAlt() async throws {
        let fixture = try fixture(count: 2, items: "  - image: photo1.jpg\n    alt: First\n  - photo2.jpg\n")
        let report = try await fixture.build()
        #expect(report.warnings.map(\.code) == [.missingAltText])
        #expect(await fixture.failingBuild(strict: true).map(\.code) == [.missingAltText])
    }

    @Test("the carousel passes the Nu HTML checker, left to right and right to left", arguments: ["en", "ar"])
    func validHTML(language: String) async throws {
        let fixture = try fixture(language: language)
        _ = try await fixture.build()
        let result = try await Subprocess.run(RepositoryPaths.root + "/scripts/nu-check.sh", [fixture.output])
        #expect(result.status == 0, "\(language): \(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("no errors or warnings"))
    }

    @Test("every shipped language names the carousel, its slides and its buttons")
    func everyLanguage() async throws {
        for language in ["ar", "de", "en", "es", "fr", "ja", "pt"] {
            let fixture = try fixture(language: language)
            let report = try await fixture.build(strict: true)
            #expect(report.warnings.isEmpty, "\(language): \(report.warnings)")
            let page = try page(fixture)
            let labels = page.values("//div[@aria-roledescription]/@aria-roledescription") + page.values("//button//span[@class='visually-hidden']")
            #expect(labels.count == 6 && labels.allSatisfy { !$0.isEmpty }, "\(language)")
            if language != "en" {
                #expect(!page.values("//div[@aria-roledescription='slide']/@aria-label").contains("Photo 1 of 3"), "\(language)")
            }
        }
    }

    @Test(
        "in Chromium: without the carousel's script the photos are a row and no buttons show; with it the buttons, the arrow keys, Home, End and the dots move it and the status follows",
        .enabled(if: Browser.shouldRun))
    func inBrowser() async throws {
        // Opened from the folder: the links must be relative.
        let fixture = try fixture(relativeURLs: true)
        _ = try await fixture.build()
        let url = "file://" + fixture.output + "/p/\(Self.postID)/index.html"
        let first = try #require(HTMLDocument(data: Data(try await Browser.dumpedDOM(url).utf8)))
        #expect(first.count("//div[@class='carousel-controls'][@hidden]") == 0)
        #expect(first.text("//p[@class='carousel-status']") == "Photo 1 of 3")
        #expect(first.count("//button[@class='carousel-previous'][@disabled]") == 1)
        #expect(first.count("//button[@class='carousel-next'][@disabled]") == 0)

        let last = try #require(HTMLDocument(data: Data(try await Browser.dumpedDOM(url + "#photo-3").utf8)))
        #expect(last.text("//p[@class='carousel-status']") == "Photo 3 of 3")
        #expect(last.count("//button[@class='carousel-next'][@disabled]") == 1)
        #expect(last.count("//button[@class='carousel-previous'][@disabled]") == 0)

        // The buttons and keys, driven by a script run after the page's: each step's status and
        // which buttons are off.
        let driver = """
            <script>addEventListener("load", () => {
              const row = document.querySelector(".carousel-slides");
              const status = () => document.querySelector(".carousel-status").textContent + (document.querySelector(".carousel-next").disabled ? " (last)" : "");
              const key = (name) => row.dispatchEvent(new KeyboardEvent("keydown", {key: name, bubbles: true, cancelable: true}));
              const steps = [];
              document.querySelector(".carousel-next").click(); steps.push(status());
              key("ArrowRight"); steps.push(status());
              key("ArrowRight"); steps.push(status());
              document.querySelector(".carousel-previous").click(); steps.push(status());
              key("Home"); steps.push(status());
              key("End"); steps.push(status());
              key("ArrowLeft"); steps.push(status());
              document.querySelectorAll(".carousel-dots a")[2].click();
              steps.push(status() + " " + document.querySelector(".carousel-dots a[aria-current='true']").hash + (location.hash ? " (followed)" : ""));
              document.documentElement.setAttribute("data-steps", steps.join("|"));
            })</script>
            </body>
            """
        let driven = fixture.output + "/p/\(Self.postID)/driven.html"
        try fixture.read("p/\(Self.postID)/index.html").replacingOccurrences(of: "</body>", with: driver).write(
            toFile: driven, atomically: true, encoding: .utf8)
        let steps = try #require(HTMLDocument(data: Data(try await Browser.dumpedDOM("file://" + driven).utf8))?.values("/html/@data-steps").first)
        #expect(
            steps.split(separator: "|")
                == [
                    "Photo 2 of 3", "Photo 3 of 3 (last)", "Photo 3 of 3 (last)", "Photo 2 of 3", "Photo 1 of 3", "Photo 3 of 3 (last)", "Photo 2 of 3",
                    "Photo 3 of 3 (last) #photo-3",
                ])

        // Chromium dumps no DOM with script turned off, so the script is taken away instead.
        try FileManager.default.removeItem(atPath: fixture.output + "/assets/carousel.js")
        let withoutScript = try #require(HTMLDocument(data: Data(try await Browser.dumpedDOM(url).utf8)))
        #expect(withoutScript.count("//div[@class='carousel-controls'][@hidden]") == 1)
        #expect(withoutScript.values("//div[@aria-roledescription='slide']//img/@alt") == ["Photo number 1", "Photo number 2", "Photo number 3"])
    }

    @Test(
        "axe-core finds no violation on a carousel post, the home page and the profile, the carousel's script run; and finds the one planted",
        .enabled(if: Browser.shouldRun), arguments: ["en", "ar"])
    func axe(language: String) async throws {
        let fixture = try fixture(language: language, relativeURLs: true)
        _ = try await fixture.build()
        let located = try await Subprocess.run(RepositoryPaths.root + "/scripts/axe-core.sh", [])
        #expect(located.status == 0, "\(located.standardError)")
        let script = located.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.copyItem(atPath: script, toPath: fixture.output + "/assets/axe.min.js")
        let pages = ["p/\(Self.postID)/index.html", "index.html", "u/hansolo/index.html"]
        for page in pages {
            #expect(try await axeViolations(fixture, page) == [], "\(language): \(page)")
        }
        let main = #"<main id="main" tabindex="-1">"#
        let planted = try await axeViolations(fixture, "index.html") { $0.replacingOccurrences(of: main, with: main + #"<img src="x.png">"#) }
        #expect(planted == ["image-alt"])
    }
}
