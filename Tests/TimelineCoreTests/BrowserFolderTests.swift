import Foundation
import Testing
@testable import TimelineCore

/// The example site built with `relativeURLs`, opened straight from the file system in headless
/// Chromium (`file://`), as someone opens an album copied to a USB stick.
@Suite("A relative build opened from a folder", .serialized, .enabled(if: Browser.shouldRun, "needs Chromium (apt-get install chromium)"))
struct BrowserFolderTests {
    static let example = Task {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-folder-\(UUID().uuidString)").path
        var options = BuildOptions(siteRoot: RepositoryPaths.root, output: output, cache: RepositoryPaths.exampleImageCache)
        options.relativeURLs = true
        _ = try await SiteBuilder.build(options)
        return output
    }

    /// What a page looked like once loaded: whether the theme's stylesheet applies, and each
    /// image with the width it decoded to (0 when it did not load).
    struct Loaded {
        let styled: Bool
        let images: [(source: String, width: Int)]
        let links: [String]
    }

    /// Opens a copy of `page` with a probe script added at its end, in the same folder so every
    /// link resolves as the page's own. The probe makes lazy images load, waits for the load
    /// event and writes what it saw into the DOM.
    static func open(_ page: String, in output: String) throws -> Loaded {
        let original = try String(contentsOfFile: output + "/" + page, encoding: .utf8)
        let script = """
            <script>
            for (const image of document.images) image.loading = "eager";
            addEventListener("load", () => {
              const root = getComputedStyle(document.documentElement);
              const styled = root.getPropertyValue("--accent").trim() !== "" && getComputedStyle(document.body).marginTop === "0px";
              const images = Array.from(document.images, (image) => [image.currentSrc, image.naturalWidth]);
              document.documentElement.dataset.probe = JSON.stringify({ styled, images });
            });
            </script>
            """
        let probed = (page as NSString).deletingLastPathComponent + "/probe-\(UUID().uuidString).html"
        try original.replacingOccurrences(of: "</body>", with: script + "</body>").write(toFile: output + "/" + probed, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: output + "/" + probed) }
        let html = try Browser.dom(URL(fileURLWithPath: output + "/" + probed).absoluteString)
        let document = try #require(HTMLDocument(data: Data(html.utf8)))
        let probe = try #require(document.values("/html/@data-probe").first, "the probe did not run: \(html.prefix(300))")
        let values = try #require(JSONSerialization.jsonObject(with: Data(probe.utf8)) as? [String: Any])
        let images = (values["images"] as? [[Any]] ?? []).map { ($0[0] as? String ?? "", $0[1] as? Int ?? 0) }
        return Loaded(styled: values["styled"] as? Bool ?? false, images: images, links: document.values("//a/@href"))
    }

    @Test("Home, a deep timeline page, a post and a tag page: the stylesheet applies, every photo and avatar loads, every site link is a file that exists")
    func pagesLoad() async throws {
        let output = try await Self.example.value
        let deepTimeline = try #require(FileSystem.files(below: output).filter { $0.hasPrefix("u/") && $0.contains("/feed/page/") }.sorted().first)
        let post = try #require(FileSystem.files(below: output).filter { $0.hasPrefix("p/") && $0.hasSuffix("index.html") }.sorted().first)
        for page in ["index.html", deepTimeline, post, "tags/space/index.html", "users/index.html"] {
            let loaded = try Self.open(page, in: output)
            #expect(loaded.styled, "\(page): the stylesheet did not apply")
            #expect(!loaded.images.isEmpty || page == "users/index.html", "\(page) shows no image")
            for image in loaded.images {
                #expect(image.source.hasPrefix("file://") && image.width > 0, "\(page): \(image.source) did not load")
            }
            let folder = URL(fileURLWithPath: output + "/" + page).deletingLastPathComponent()
            for link in loaded.links where !link.contains(":") && !link.hasPrefix("#") {
                let target = URL(fileURLWithPath: String(link.split(separator: "#")[0].split(separator: "?").first ?? ""), relativeTo: folder)
                var isFolder: ObjCBool = false
                #expect(FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) && !isFolder.boolValue, "\(page): \(link)")
            }
        }
    }

    @Test("The search page says search needs a web server; the people list's filter box still works")
    func searchAndFilter() async throws {
        let output = try await Self.example.value
        let search = try #require(HTMLDocument(data: Data(Browser.dom(URL(fileURLWithPath: output + "/search/index.html").absoluteString).utf8)))
        #expect(search.values("/html/@data-search-state") == ["unavailable"])
        #expect(search.text("//p[@id='search-status']")?.contains("needs the site to be served by a web server") == true)
        #expect(search.count("//input[@id='search-query'][@disabled]") == 1)

        let users = try #require(HTMLDocument(data: Data(Browser.dom(URL(fileURLWithPath: output + "/users/index.html").absoluteString + "?q=han").utf8)))
        #expect(users.values("/html/@data-filter-state") == ["done"])
        #expect(users.values("//ul[@id='user-list']/li[not(@hidden)]/a/@href") == ["../u/hansolo/index.html"])
    }
}
