import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineContent

/// Hostile text in every field a content author controls must come out inert.
@Suite("Escaping")
struct EscapingTests {
    static let hostile = #"<script>alert('x')</script><img src=x onerror=alert(1)>"&'"#

    @Test("hostile text in every field is escaped, and Markdown cannot smuggle script in")
    func hostileEverywhere() async throws {
        let yamlSafe = Self.hostile.replacingOccurrences(of: "'", with: "''")
        let jsonSafe = Self.hostile.replacingOccurrences(of: "\"", with: "\\\"")
        let fixture = try SiteFixture(
            site: """
                {"title": "\(jsonSafe)", "description": "\(jsonSafe)", "baseURL": "https://example.org/", "pageSize": 5}
                """)
        try fixture.user(
            "mallory",
            extra: """

                  "name": "\(jsonSafe)",
                  "bio": "\(jsonSafe) [click](javascript:alert(1)) <b onmouseover=x>bold</b>",
                  "url": "https://example.org/?a=1&b='x'",
                """)
        try fixture.post(
            "-K25Fj8qrMAtxXG3QCSn", by: "mallory",
            caption:
                "\(Self.hostile)\n\n[link](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) ![img](javascript:x) <iframe src=x></iframe>\n\n# Heading",
            alt: "'\(yamlSafe)'",
            comments: "[{\"id\": \"c1\", \"username\": \"mallory\", \"text\": \"\(jsonSafe) <script>bad()</script> [x](vbscript:msgbox)\"}]")
        _ = try await fixture.build()

        let pages = try SiteFixture.snapshot(fixture.output).filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 5)
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            // The only script is the theme's own search script, by URL, with nothing inline.
            let scripts = html.components(separatedBy: "<script").dropFirst()
            #expect(scripts.allSatisfy { $0.hasPrefix(" src=\"/assets/search.js\" defer></script>") }, "\(path) has another script")
            #expect(!html.contains("<img src=x"), "\(path) contains the raw image tag")
            #expect(!html.lowercased().contains("javascript:"), "\(path) contains a javascript: URL")
            #expect(!html.lowercased().contains("vbscript:"), "\(path) contains a vbscript: URL")
            #expect(!html.contains("data:text/html"), "\(path) contains a data: URL")
            #expect(!html.contains("<iframe"), "\(path) contains an iframe")
            #expect(!html.contains("<b onmouseover"), "\(path) contains raw HTML from a bio")
            let document = try #require(HTMLDocument(data: data))
            #expect(document.values("//script/@src").allSatisfy { $0 == "/assets/search.js" })
            #expect(document.values("//script").allSatisfy { $0.isEmpty }, "\(path) has an inline script")
            #expect(document.count("//*[@onerror or @onmouseover or @onload]") == 0, "\(path) has event handler attributes")
        }
        let post = try #require(HTMLDocument(path: fixture.output + "/p/-K25Fj8qrMAtxXG3QCSn/index.html"))
        // The text survives, as text.
        #expect(post.values("//figcaption").first?.contains("alert('x')") == false)
        #expect(post.values("//*[@class='card-author']").first?.contains(Self.hostile) == true)
        #expect(post.values("//img/@alt").contains(Self.hostile))
        // Caption headings are moved below the page's own.
        #expect(post.count("//figcaption//h4") == 1)
        let profile = try #require(HTMLDocument(path: fixture.output + "/u/mallory/index.html"))
        #expect(profile.values("//title").first?.hasSuffix(Self.hostile) == true)
        #expect(profile.values("//h1").first?.hasPrefix(Self.hostile) == true)
        #expect(profile.values("//a[@rel='me nofollow noopener']/@href").first == "https://example.org/?a=1&b='x'")
    }

    @Test("a user url with quotes or angle brackets is refused, not escaped into a page")
    func hostileURL() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("alice", extra: "\n  \"url\": \"https://example.org/\\\"><script>x</script>\",")
        let diagnostics = await fixture.failingBuild()
        #expect(diagnostics.contains { $0.code == .unsafeURL })
    }

    @Test(
        "Markdown keeps safe links and drops unsafe ones",
        arguments: [
            ("[a](https://example.org)", true),
            ("[a](http://example.org)", true),
            ("[a](mailto:someone@example.org)", true),
            ("[a](/relative/path)", true),
            ("[a](JavaScript:alert(1))", false),
            ("[a](  javascript:alert(1))", false),
            ("[a](ftp://example.org)", false),
            ("[a](tel:123)", false),
        ])
    func markdownLinks(markdown: String, keepsLink: Bool) {
        let html = Markdown.html(markdown)
        #expect(html.contains("<a ") == keepsLink, "\(html)")
        #expect(html.contains(">a<") || html.contains("a</p>"))
    }

    @Test("raw HTML in Markdown is suppressed")
    func rawHTML() {
        let html = Markdown.html("Hello <script>x()</script> <em>ok</em>\n\n<div onclick=x>block</div>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<div"))
        #expect(!html.contains("<em>"))
    }
}
