import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineSite

/// Every feed of the example site read by a real feed reader's parser: Python's feedparser
/// (`python3 -m pip install feedparser`; `make deps` and `.ci/run` install it).
@Suite("Feeds through feedparser")
struct FeedParserTests {
    struct Parsed: Decodable {
        let bozo: Int
        let exception: String
        let version: String
        let ids: [String]
        let selfLinks: [String]
        let enclosures: [Int]
    }

    static let script = """
        import json, sys
        import feedparser
        result = {}
        for path in sys.argv[1:]:
            d = feedparser.parse(path)
            result[path] = {
                "bozo": int(bool(d.bozo)),
                "exception": str(d.get("bozo_exception", "")),
                "version": d.version or "",
                "ids": [e.get("id", "") for e in d.entries],
                "selfLinks": [l.get("href", "") for l in d.feed.get("links", []) if l.get("rel") == "self"],
                "enclosures": [len(e.get("enclosures", [])) for e in d.entries],
            }
        json.dump(result, sys.stdout)
        """

    static func python(_ arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.runBlocking("/usr/bin/env", ["python3"] + arguments)
    }

    @Test("feedparser reads every feed of the example site without error, with the expected entries in order")
    func exampleSiteFeeds() async throws {
        let check = try Self.python(["-c", "import feedparser"])
        try #require(
            check.status == 0,
            "Python's feedparser is not installed, so the feeds cannot be checked: run `python3 -m pip install feedparser` (or `make deps`). \(check.standardError)"
        )

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-feedparser-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let options = BuildOptions(siteRoot: RepositoryPaths.root, output: output, cache: RepositoryPaths.exampleImageCache)
        _ = try await SiteBuilder.build(options)
        let site = try await PreparedSite.prepare(options).prepared.site
        let timelines = await Timelines.build(for: site)
        let baseURL = try #require(site.settings.baseURL)
        let limit = site.settings.feedEntries

        // What each feed should hold, from the linked site: newest first, at most feedEntries.
        func postURLs(_ indices: some Collection<Int>) -> [String] { indices.prefix(limit).map { baseURL + "p/\(site.posts[$0].id.rawValue)/" } }
        var expected: [String: [String]] = ["atom.xml": postURLs(site.posts.indices)]
        for (index, user) in site.users.enumerated() {
            expected["u/\(user.username)/atom.xml"] = postURLs(site.postsByUser[index])
            expected["u/\(user.username)/feed/atom.xml"] = postURLs(timelines.feeds[index])
        }
        for post in site.posts {
            let url = baseURL + "p/\(post.id.rawValue)/"
            expected["p/\(post.id.rawValue)/comments.xml"] = post.comments.reversed().prefix(limit).map { url + "#comment-\($0.id.rawValue)" }
        }
        for tag in site.tags.tags {
            expected["tags/\(tag.key)/atom.xml"] = postURLs(tag.posts)
        }
        #expect(!site.tags.tags.isEmpty, "the example site uses hashtags")
        let written = try SiteFixture.snapshot(output).keys.filter { $0.hasSuffix("atom.xml") || $0.hasSuffix("comments.xml") }
        #expect(Set(written) == Set(expected.keys))
        #expect(expected.values.contains { $0.count > 1 })

        let files = expected.keys.sorted()
        let run = try Self.python(["-c", Self.script] + files.map { output + "/" + $0 })
        try #require(run.status == 0, "feedparser failed: \(run.standardError)")
        let parsed = try JSONDecoder().decode([String: Parsed].self, from: run.output)
        for file in files {
            let feed = try #require(parsed[output + "/" + file], "\(file) was not parsed")
            #expect(feed.bozo == 0, "\(file): \(feed.exception)")
            #expect(feed.version == "atom10", "\(file)")
            #expect(feed.ids == expected[file], "\(file)")
            #expect(feed.selfLinks == [baseURL + file])
            #expect(feed.enclosures == Array(repeating: file.hasSuffix("comments.xml") ? 0 : 1, count: feed.ids.count), "\(file)")
        }
    }
}
