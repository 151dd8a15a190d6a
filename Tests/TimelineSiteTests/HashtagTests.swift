import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineSite

/// Hashtags and mentions in captions: tag pages, links, and what is not a tag or a mention.
@Suite("Hashtags and mentions")
struct HashtagTests {
    static let older = "-K25Fj8qrMAtxXG3QCSn"
    static let newer = "-K36oDNVDXuaek0DUCoc"
    static let newest = "-K3d5SS4ZpLjcbBJ5UIt"

    static func site(_ captions: [(id: String, caption: String)]) throws -> SiteFixture {
        let fixture = try SiteFixture()
        try fixture.user("hansolo", follows: ["leia"])
        try fixture.user("leia", follows: ["hansolo"])
        for (id, caption) in captions { try fixture.post(id, by: "leia", caption: caption) }
        return fixture
    }

    static func links(_ fixture: SiteFixture, _ path: String) throws -> [String] {
        try #require(HTMLDocument(path: fixture.output + "/" + path)).values("//*[contains(concat(' ', @class, ' '), ' caption ')]//a/@href")
    }

    @Test("#Coffee and #coffee are one tag listing both posts newest first, spelt as the newest writes it; #café has its own page")
    func oneTagWhateverTheCase() async throws {
        let fixture = try Self.site([(Self.older, "First cup #coffee"), (Self.newer, "Second cup #Coffee"), (Self.newest, "Terrace #café")])
        _ = try await fixture.build()
        let page = try #require(HTMLDocument(path: fixture.output + "/tags/coffee/index.html"))
        #expect(page.values("//article[@class='card']//a[@class='card-photo']/@href") == ["/p/\(Self.newer)/", "/p/\(Self.older)/"])
        #expect(page.text("//h1") == "#Coffee")
        #expect(fixture.exists("tags/café/index.html"))
        #expect(fixture.exists("tags/café/atom.xml"))
        #expect(try Self.links(fixture, "p/\(Self.newest)/index.html") == ["/tags/caf%C3%A9/"])
        let index = try #require(HTMLDocument(path: fixture.output + "/tags/index.html"))
        #expect(index.values("//ul[@class='tag-list']/li/a") == ["#Coffee", "#café"])
        #expect(index.values("//ul[@class='tag-list']/li/span") == ["2 photos", "1 photo"])
        #expect(try fixture.read("sitemap.xml").contains("https://example.org/tags/caf%C3%A9/"))
    }

    @Test("a # in a code span, a link's URL or a URL's fragment, and an @ in an e-mail address make no tag or mention")
    func notTagsOrMentions() async throws {
        let caption =
            "Code `#notatag` and [a link](https://example.org/#fragment) and https://example.org/page#part, "
            + "mail han@example.org, #1 and a#b but #real and @hansolo."
        let fixture = try Self.site([(Self.older, caption)])
        let report = try await fixture.build()
        #expect(try Self.links(fixture, "p/\(Self.older)/index.html") == ["https://example.org/#fragment", "/tags/real/", "/u/hansolo/"])
        let tags = try FileManager.default.contentsOfDirectory(atPath: fixture.output + "/tags").filter { $0 != "index.html" }
        #expect(tags == ["real"])
        #expect(!report.warnings.contains { $0.message.contains("'@") })
    }

    @Test("@nobody stays text with a warning at its file, line and column; --strict makes it an error")
    func unknownMention() async throws {
        let fixture = try Self.site([(Self.older, "Hello @hansolo,\nand hello @nobody!")])
        let report = try await fixture.build()
        let warning = try #require(report.warnings.first { $0.message.contains("'@nobody'") })
        #expect(warning.location.path.hasSuffix("posts/\(Self.older)/post.md"))
        #expect(warning.location.line == 6 && warning.location.column == 11)
        #expect(try Self.links(fixture, "p/\(Self.older)/index.html") == ["/u/hansolo/"])
        #expect(try fixture.read("p/\(Self.older)/index.html").contains("hello @nobody!"))
        let strict = await fixture.failingBuild(strict: true)
        #expect(strict.contains { $0.severity == .error && $0.message.contains("'@nobody'") })
    }

    @Test("hostile text around # and @ stays inert in every page, feed and search card", arguments: HostilePayloads.all)
    func hostileTextAroundTags(payload: String) async throws {
        let fixture = try Self.site([(Self.older, "#tag\(payload) @hansolo\(payload) \(payload)#x \(payload)@leia #\(payload)")])
        switch await HostileSite.build(fixture) {
        case .failure(let failure): HostileSite.expectClear(failure.diagnostics)
        case .success: try InertOutput.check(fixture.output, payload: nil)
        }
    }

    @Test(
        "adding a tag, respelling it on its newest post and removing it are edit builds, from the command line and in a session: each equals a clean build, and the tag's folder and sitemap part go",
        arguments: [false, true])
    func incrementalTagEdits(throughSession: Bool) async throws {
        let fixture = try Self.site([(Self.older, "First cup #coffee"), (Self.newer, "Second cup")])
        var options = fixture.options()
        // A few URLs per sitemap part, so that a tag's pages add and remove parts.
        options.sitemapURLLimit = 3
        let session = BuildSession(options: options)
        func build(changes: [String]) async throws -> BuildReport {
            throughSession ? try await session.build(changes: changes) : try await SiteBuilder.build(options)
        }
        _ = try await build(changes: [])
        let postFile = fixture.content + "/posts/\(Self.newer)/post.md"
        let original = try String(contentsOfFile: postFile, encoding: .utf8)
        let steps = [("add", "Second cup #coffee #Harbour"), ("respell", "Second cup #COFFEE #Harbour"), ("remove", "Second cup")]
        for (step, (name, caption)) in steps.enumerated() {
            try Data(original.replacingOccurrences(of: "Second cup", with: caption).utf8).write(to: URL(fileURLWithPath: postFile))
            let report = try await build(changes: [postFile])
            #expect(report.files.mode == .edit, "\(name)")
            var cleanOptions = options
            cleanOptions.output = fixture.root + "/Clean\(step)"
            cleanOptions.cache = fixture.root + "/.clean-cache"
            cleanOptions.clean = true
            _ = try await SiteBuilder.build(cleanOptions)
            let incremental = try SiteFixture.snapshot(fixture.output)
            let clean = try SiteFixture.snapshot(cleanOptions.output)
            #expect(Set(incremental.keys) == Set(clean.keys), "\(name): different files")
            for (path, bytes) in clean where incremental[path] != bytes { Issue.record("\(name): \(path) differs from a clean build") }
            #expect(try SiteFixture.folders(fixture.output) == SiteFixture.folders(cleanOptions.output), "\(name): different folders")
            #expect(fixture.exists("tags/harbour/index.html") == (name != "remove"))
        }
        let coffee = try #require(HTMLDocument(path: fixture.output + "/tags/coffee/index.html"))
        #expect(coffee.text("//h1") == "#coffee")
    }

    @Test("the search index finds a tag as #tag (its normalised key) and its word as a word")
    func searchTerms() async throws {
        let fixture = try Self.site([(Self.older, "Terrace #Café")])
        _ = try await fixture.build()
        let site = try await PreparedSite.prepare(fixture.options()).prepared.site
        let terms = SiteSearchCollections.postTerms(ofPost: 0, in: site)
        #expect(terms.contains("#cafe"))
        #expect(terms.contains("cafe"))
    }
}
