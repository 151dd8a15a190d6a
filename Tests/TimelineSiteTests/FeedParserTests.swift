import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineSite

/// Every feed of the example site read by a real feed reader's parser: Python's feedparser, in
/// the `python3` on the PATH or in the virtual environment `scripts/feedparser.sh --install`
/// (run by `make deps`) puts it in where that `python3` has none.
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
        let python = interpreter()
        return try Subprocess.runBlocking(python[0], Array(python.dropFirst()) + arguments)
    }

    /// The command that runs the Python to read the feeds with: the virtual environment's,
    /// where scripts/feedparser.sh installs feedparser ($FEEDPARSER_VENV, else
    /// $XDG_CACHE_HOME/timeline/feedparser-venv, else ~/.cache/timeline/feedparser-venv), when
    /// there is one; else the `python3` first on the PATH.
    static func interpreter(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let venv =
            environment["FEEDPARSER_VENV"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? "") + "/.cache") + "/timeline/feedparser-venv")
        let venvPython = venv + "/bin/python3"
        return FileManager.default.isExecutableFile(atPath: venvPython) ? [venvPython] : ["/usr/bin/env", "python3"]
    }

    @Test("the feeds are read with the virtual environment's Python when scripts/feedparser.sh made one, else with python3 on the PATH")
    func interpreterChoice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-feedparser-venv-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Self.interpreter(environment: ["FEEDPARSER_VENV": folder, "HOME": folder]) == ["/usr/bin/env", "python3"])
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder + "/bin/python3", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        #expect(Self.interpreter(environment: ["FEEDPARSER_VENV": folder]) == [folder + "/bin/python3"])
        #expect(Self.interpreter(environment: ["HOME": "/nonexistent", "XDG_CACHE_HOME": folder + "/cache"]) == ["/usr/bin/env", "python3"])
        try FileManager.default.createDirectory(atPath: folder + "/cache/timeline/feedparser-venv", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder + "/bin", toPath: folder + "/cache/timeline/feedparser-venv/bin")
        #expect(Self.interpreter(environment: ["XDG_CACHE_HOME": folder + "/cache"]) == [folder + "/cache/timeline/feedparser-venv/bin/python3"])
    }

    @Test("feedparser reads every feed of the example site without error, with the expected entries in order")
    func exampleSiteFeeds() async throws {
        let check = try Self.python(["-c", "import feedparser"])
        try #require(
            check.status == 0,
            "Python's feedparser is not installed, so the feeds cannot be checked: run `scripts/feedparser.sh --install` (or `make deps`). \(check.standardError)"
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
        for index in site.albums.indices {
            let album = site.albums[index]
            expected["u/\(album.owner.username)/albums/\(album.slug)/atom.xml"] = postURLs(site.postIndexes(ofAlbum: index).sorted())
        }
        #expect(!site.albums.isEmpty, "the example site has albums")
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
