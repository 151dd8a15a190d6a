import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild

/// End to end: the repository's own Content/ and Templates/, built into a temporary folder.
@Suite("Example site", .serialized)
struct ExampleSiteTests {
    let output: String
    let report: BuildReport

    init() async throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-example-\(UUID().uuidString)").path
        report = try await SiteBuilder.build(BuildOptions(siteRoot: RepositoryPaths.root, output: output, cache: RepositoryPaths.exampleImageCache))
    }

    func page(_ path: String) throws -> HTMLDocument {
        try #require(HTMLDocument(path: output + "/" + path), "missing page \(path)")
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: output + "/" + path) }

    var usernames: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.content + "/users"))?
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() ?? []
    }

    var postIDs: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.content + "/posts"))?.sorted() ?? []
    }

    @Test("every page the site promises exists")
    func everyPageExists() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        #expect(usernames.count >= 5)
        #expect(postIDs.count >= 12)
        for path in ["index.html", "404.html", "users/index.html", "assets/style.css", "page/2/index.html"] {
            #expect(exists(path), "missing \(path)")
        }
        for user in usernames {
            for path in ["", "feed/", "following/", "followers/"] {
                #expect(exists("u/\(user)/\(path)index.html"), "missing u/\(user)/\(path)")
            }
        }
        for id in postIDs {
            #expect(exists("p/\(id)/index.html"), "missing post \(id)")
        }
        #expect(report.warnings.allSatisfy { $0.severity == .warning })
    }

    @Test("the original sample post: photo, author, both comments oldest first, two likes")
    func samplePost() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let post = try page("p/-K25Fj8qrMAtxXG3QCSn/index.html")
        let source = try #require(post.values("//figure[@class='post-photo']//img/@src").first)
        #expect(source.hasPrefix("/timeline/p/-K25Fj8qrMAtxXG3QCSn/rocket-640.") && source.hasSuffix(".jpg"))
        #expect(exists(String(source.dropFirst("/timeline/".count))))
        #expect(!exists("p/-K25Fj8qrMAtxXG3QCSn/rocket.jpg"), "originals are not published by default")
        #expect(post.text("//*[@class='card-author']")?.contains("Han Solo") == true)
        #expect(post.text("//h2[@id='likes-heading']") == "2 likes")
        #expect(post.text("//h2[@id='comments-heading']") == "2 comments")
        let comments = post.values("//li[@class='comment']//div[@class='comment-text']").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(comments == ["I'd love to cliff dive off that.", "Who wants in?"])
        #expect(post.values("//li[@class='comment']//p[@class='comment-meta']/a[1]") == ["calebhicks", "calebhicks"])
        #expect(post.count("//figcaption") == 0, "the sample post has no caption")
        #expect(post.values("//time/@datetime").first == "2015-11-02T03:34:47.670Z")
    }

    @Test("a user's timeline merges their posts with those they follow, newest first")
    func timelineMerge() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let following = try page("u/hansolo/following/index.html").values(
            "//ul[@class='user-list']//span[@class='username'] | //ul[@class='user-list']//span[@class='display-name']")
        #expect(!following.isEmpty)
        var ids: [String] = []
        var pageNumber = 1
        while true {
            let path = pageNumber == 1 ? "u/hansolo/feed/index.html" : "u/hansolo/feed/page/\(pageNumber)/index.html"
            guard exists(path) else { break }
            ids += try page(path).values("//article[@class='card']/@aria-labelledby").map { String($0.dropFirst("card-".count)) }
            pageNumber += 1
        }
        #expect(ids.count > 6)
        #expect(ids == ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.reversed(), "feed not newest first")
        #expect(Set(ids).count == ids.count)
    }

    @Test("profiles: no empty labels without a bio or url; counts and grid")
    func profiles() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let quiet = try page("u/quietfox/index.html")
        #expect(quiet.count("//*[@class='bio']") == 0)
        #expect(quiet.count("//*[@class='homepage']") == 0)
        let caleb = try page("u/calebhicks/index.html")
        #expect(caleb.text("//*[@class='bio']") == "I wear fancy pants.")
        #expect(caleb.values("//*[@class='homepage']/a/@href") == ["http://calebhicks.com/"])
        #expect(caleb.count("//ul[@class='grid']/li") >= 1)
    }

    @Test("the example's sideways photo with GPS data is published upright, in every size, without metadata")
    func uprightPhotoWithoutMetadata() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let post = try page("p/-KCtVIR9x3ibaIZDy3K7/index.html")
        let srcset = try #require(post.values("//figure[@class='post-photo']//img/@srcset").first)
        let files = srcset.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0].dropFirst("/timeline/".count)) }
        #expect(files.count == 4, "480, 960, 1440 and 2048 from a 2400 px original")
        for file in files {
            let size = try TestImages.size(output + "/" + file)
            #expect(size.width > size.height, "\(file) is \(size.width)×\(size.height)")
            #expect(try TestImages.metadataTags(output + "/" + file) == [], "\(file)")
        }
        #expect(try TestImages.metadataTags(RepositoryPaths.content + "/posts/-KCtVIR9x3ibaIZDy3K7/rocket.jpg").contains { $0.contains("GPS") })
    }

    @Test("feed cards show photo, author, likes and comments; the home page paginates")
    func homePage() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let home = try page("index.html")
        let cards = home.count("//article[@class='card']")
        #expect(cards == 6)
        #expect(home.count("//article[@class='card']//a[@class='card-photo']//img[@width and @height and @alt and @srcset and @sizes]") == cards)
        #expect(home.count("//article[@class='card']//a[@class='card-photo']/picture/source[@type='image/webp' and @srcset]") == cards)
        #expect(home.values("//article[@class='card']//footer").allSatisfy { $0.contains("like") && $0.contains("comment") })
        #expect(home.values("//a[@rel='next']/@href") == ["/timeline/page/2/"])
        #expect(home.values("/html/@lang") == ["en"])
        #expect(home.count("//main") == 1 && home.count("//nav") >= 1 && home.count("//header") >= 1)
    }

    @Test("a comment with the word water is on its post's page")
    func waterComment() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        var found = false
        for id in postIDs {
            let comments = try page("p/\(id)/index.html").values("//div[@class='comment-text']")
            if comments.contains(where: { $0.lowercased().contains("water") }) { found = true }
        }
        #expect(found)
    }
}
