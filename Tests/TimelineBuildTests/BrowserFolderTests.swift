import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel

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

    /// Opens a copy of `page` with the probe in the same folder, so every link resolves as
    /// the page's own.
    static func open(_ page: String, in output: String) async throws -> PageProbe {
        let probe = (page as NSString).deletingLastPathComponent + "/probe-\(UUID().uuidString).html"
        defer { try? FileManager.default.removeItem(atPath: output + "/" + probe) }
        return try await PageProbe.open(URL(fileURLWithPath: output + "/" + probe).absoluteString, page: output + "/" + page, probeFile: output + "/" + probe)
    }

    @Test("Home, a deep timeline page, a post and a tag page: the stylesheet applies, every photo and avatar loads, every site link is a file that exists")
    func pagesLoad() async throws {
        let output = try await Self.example.value
        let deepTimeline = try #require(FileSystem.files(below: output).filter { $0.hasPrefix("u/") && $0.contains("/feed/page/") }.sorted().first)
        let post = try #require(FileSystem.files(below: output).filter { $0.hasPrefix("p/") && $0.hasSuffix("index.html") }.sorted().first)
        for page in ["index.html", deepTimeline, post, "tags/space/index.html", "users/index.html"] {
            let loaded = try await Self.open(page, in: output)
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
        let search = try #require(HTMLDocument(data: Data(await Browser.dom(URL(fileURLWithPath: output + "/search/index.html").absoluteString).utf8)))
        #expect(search.values("/html/@data-search-state") == ["unavailable"])
        #expect(search.text("//p[@id='search-status']")?.contains("needs the site to be served by a web server") == true)
        #expect(search.count("//input[@id='search-query'][@disabled]") == 1)

        let users = try #require(HTMLDocument(data: Data(await Browser.dom(URL(fileURLWithPath: output + "/users/index.html").absoluteString + "?q=han").utf8)))
        #expect(users.values("/html/@data-filter-state") == ["done"])
        #expect(users.values("//ul[@id='user-list']/li[not(@hidden)]/a/@href") == ["../u/hansolo/index.html"])
    }
}
