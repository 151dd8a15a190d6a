import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel
@testable import TimelineSite

@Suite("Relative URLs")
struct RelativeURLTests {
    @Test("A path between folders climbs to the common folder; a folder ends in index.html; a colon never reads as a scheme")
    func paths() {
        let from = { RelativeURL(folder: $0) }
        #expect(from("").path(to: "") == "index.html")
        #expect(from("").path(to: "p/ID/") == "p/ID/index.html")
        #expect(from("u/han/feed/page/2/").path(to: "assets/style.css") == "../../../../../assets/style.css")
        #expect(from("u/han/feed/page/2/").path(to: "u/han/feed/atom.xml") == "../../atom.xml")
        #expect(from("search/").path(to: "search/") == "index.html")
        #expect(from("p/ID/").path(to: "p/ID/rocket-480.jpg") == "rocket-480.jpg")
        #expect(from("p/").path(to: "p/a:b.jpg") == "./a:b.jpg")
        #expect(from("tags/caf%C3%A9/page/2/").path(to: "tags/caf%C3%A9/") == "../../index.html")
    }

    @Test("Only URL attributes that start with the base path change; text, comments, scripts, styles and other sites stay as they are")
    func rewriting() {
        let links = RelativeLinks(basePath: "/photos/")
        let page = """
            <!doctype html><html><head><link rel="stylesheet" href="/photos/assets/style.css">
            <link rel="canonical" href="https://example.org/photos/u/han/"><meta property="og:image" content="/photos/p/x.jpg">
            <style>a[href="/photos/"] { color: red }</style><script>const url = "/photos/search/";</script></head>
            <body><!-- <a href="/photos/">in a comment</a> --><p>Text: href="/photos/u/" stays.</p>
            <a href='/photos/u/han/?q=a&amp;b=c#top'>x</a><a href=/photos/users/>y</a><a href="//cdn.example.org/photos/">z</a>
            <a href="/elsewhere/">w</a><a href="#main">v</a>
            <img src="/photos/p/ID/a-480.jpg" srcset="/photos/p/ID/a-480.jpg 480w, /photos/p/ID/a-960.jpg 960w" alt="">
            <div id="search" data-manifest="/photos/search/manifest.1.json" data-name="/photos/" data-next-url="/photos/page/2/"></div>
            <SCRIPT src="/photos/assets/search.js"></SCRIPT><form action="/photos/search/"></form></body></html>
            """
        let rewritten = String(decoding: links.rewrite(Array(page.utf8), pageFolder: "u/han/"), as: UTF8.self)
        let expected = """
            <!doctype html><html><head><link rel="stylesheet" href="../../assets/style.css">
            <link rel="canonical" href="https://example.org/photos/u/han/"><meta property="og:image" content="/photos/p/x.jpg">
            <style>a[href="/photos/"] { color: red }</style><script>const url = "/photos/search/";</script></head>
            <body><!-- <a href="/photos/">in a comment</a> --><p>Text: href="/photos/u/" stays.</p>
            <a href='index.html?q=a&amp;b=c#top'>x</a><a href=../../users/index.html>y</a><a href="//cdn.example.org/photos/">z</a>
            <a href="/elsewhere/">w</a><a href="#main">v</a>
            <img src="../../p/ID/a-480.jpg" srcset="../../p/ID/a-480.jpg 480w, ../../p/ID/a-960.jpg 960w" alt="">
            <div id="search" data-manifest="../../search/manifest.1.json" data-name="/photos/" data-next-url="../../page/2/index.html"></div>
            <SCRIPT src="../../assets/search.js"></SCRIPT><form action="../../search/index.html"></form></body></html>
            """
        #expect(rewritten == expected)
        let untouched = Array("<p>Nothing to do</p>".utf8)
        #expect(links.rewrite(untouched, pageFolder: "") == untouched)
    }

    @Test("With the base path /, a link to another host (//host/) is left alone")
    func rootBasePath() {
        let links = RelativeLinks(basePath: "/")
        let page = #"<a href="/u/han/">a</a><a href="//example.org/">b</a><img src="/p/1/x.jpg" alt="">"#
        let rewritten = String(decoding: links.rewrite(Array(page.utf8), pageFolder: "p/1/"), as: UTF8.self)
        #expect(rewritten == #"<a href="../../u/han/index.html">a</a><a href="//example.org/">b</a><img src="x.jpg" alt="">"#)
    }

    @Test(
        "The example site built with relativeURLs: no page but the 404 links from the root, canonical URLs and share tags stay absolute, search records are relative to the index, check --links passes"
    )
    func exampleSite() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-relative-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var options = BuildOptions(siteRoot: RepositoryPaths.root, output: output, cache: RepositoryPaths.exampleImageCache)
        options.relativeURLs = true
        _ = try await SiteBuilder.build(options)
        let report = try await SiteBuilder.check(options)
        #expect(report.relativeURLs)
        #expect(report.basePath == "/timeline/")

        let pages = FileSystem.files(below: output).filter { $0.hasSuffix(".html") }
        #expect(pages.count > 50)
        for page in pages where page != SitePaths.notFoundFile {
            let document = try #require(HTMLDocument(data: Data(contentsOf: URL(fileURLWithPath: output + "/" + page))))
            let rooted = document.values("//@href | //@src | //@srcset | //@action | //@data-manifest").filter { $0.hasPrefix("/") }
            #expect(rooted.isEmpty, "\(page) links from the root: \(rooted.prefix(3))")
            #expect(document.values("//link[@rel='canonical']/@href").allSatisfy { $0.hasPrefix("https://example.org/timeline/") }, "\(page)")
            #expect(document.values("//meta[@property='og:image']/@content").allSatisfy { $0.hasPrefix("https://example.org/timeline/") }, "\(page)")
        }
        let notFound = try #require(HTMLDocument(data: Data(contentsOf: URL(fileURLWithPath: output + "/404.html"))))
        #expect(notFound.values("//link[@rel='stylesheet']/@href").allSatisfy { $0.hasPrefix("/timeline/assets/") }, "the 404 page is shown at any address")

        let home = try #require(HTMLDocument(data: Data(contentsOf: URL(fileURLWithPath: output + "/index.html"))))
        #expect(home.values("//nav//a/@href").contains("users/index.html"))
        let records = FileSystem.files(below: output + "/search/posts/r")
        let record = try String(contentsOfFile: output + "/search/posts/r/" + #require(records.first), encoding: .utf8)
        #expect(record.contains(#""url":"../p/"#) && record.contains(#"/index.html""#))

        #expect(await LinkChecker.check(options, basePath: report.basePath, relative: true).isEmpty)

        // A root-relative link or a link to a folder is what breaks a site opened from a folder.
        try FileManager.default.createDirectory(atPath: output + "/extra", withIntermediateDirectories: true)
        try #"<html><body><a href="/timeline/users/">a</a><a href="../users/">b</a><a href="../users/index.html">c</a></body></html>"#
            .write(toFile: output + "/extra/index.html", atomically: false, encoding: .utf8)
        let broken = await LinkChecker.check(options, basePath: report.basePath, relative: true)
        #expect(broken.map(\.message).count == 2)
        #expect(broken.contains { $0.message.contains("root-relative") })
        #expect(broken.contains { $0.message.contains("is a folder") })
    }

    @Test("relativeURLs in site.json turns them on; a wrong type is an error at its line and column; turning it on and off rebuilds the pages")
    func setting() async throws {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "baseURL": "https://example.org/", "relativeURLs": "yes"}"#)
        try fixture.user("alice")
        let errors = await fixture.failingBuild()
        let error = try #require(errors.first { $0.location.path.hasSuffix("site.json") })
        #expect(error.location.line == 1)
        #expect(error.message.contains("relativeURLs"))

        try fixture.write("Content/site.json", #"{"title": "Fixture", "baseURL": "https://example.org/", "relativeURLs": true}"#)
        _ = try await fixture.build()
        #expect(try fixture.read("users/index.html").contains(#"href="../u/alice/index.html""#))
        try fixture.write("Content/site.json", #"{"title": "Fixture", "baseURL": "https://example.org/"}"#)
        _ = try await fixture.build()
        #expect(try fixture.read("users/index.html").contains(#"href="/u/alice/""#))
        var options = fixture.options()
        options.relativeURLs = true
        _ = try await SiteBuilder.build(options)
        #expect(try fixture.read("users/index.html").contains(#"href="../u/alice/index.html""#))
    }
}
