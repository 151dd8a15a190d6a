import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineContent
@testable import TimelineSite

/// Hostile text in feeds: every feed stays well-formed, and what content authors wrote comes
/// back as text, never as elements.
@Suite("Feed escaping")
struct FeedEscapingTests {
    /// JSON-escaped: a script, the end of a CDATA section, an ampersand, quotes and control characters.
    static let hostileJSON = #"<script>alert(1)</script> ]]> & \"double\" 'single' \u0001\u000b end"#
    static let hostile = "<script>alert(1)</script> ]]> & \"double\" 'single' \u{1}\u{b} end"
    static let caption = "`<script>alert(1)</script>` ]]> & \"double\" 'single' \u{7}bell <script>alert(2)</script>\n\n[link](javascript:alert(3))"
    static let alt = "<script>alert(4)</script> ]]> & \"double\" 's'"

    @Test("hostile names, captions, alt text and comments are escaped in every feed")
    func hostileFeeds() async throws {
        let fixture = try SiteFixture(site: #"{"title": "\#(Self.hostileJSON)", "baseURL": "https://example.org/"}"#)
        try fixture.user("mallory", extra: "\n  \"name\": \"\(Self.hostileJSON)\",")
        let id = "-K25Fj8qrMAtxXG3QCSn"
        try fixture.post(
            id, by: "mallory", caption: Self.caption, alt: "'\(Self.alt.replacingOccurrences(of: "'", with: "''"))'",
            comments: #"[{"id": "c1", "username": "mallory", "text": "`<b>code</b>` \#(Self.hostileJSON)"}]"#)
        _ = try await fixture.build()

        let files = ["atom.xml", "u/mallory/atom.xml", "u/mallory/feed/atom.xml", "p/\(id)/comments.xml"]
        for file in files {
            let bytes = try #require(FileManager.default.contents(atPath: fixture.output + "/" + file))
            #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, "\(file) holds a control character")
            #expect(!String(decoding: bytes, as: UTF8.self).contains("<script"), "\(file) holds a script tag")
            let feed = try #require(HTMLDocument(xml: bytes), "\(file) is not well-formed")
            #expect(feed.count("//atom:title/* | //atom:content/* | //atom:name/* | //atom:subtitle/*") == 0, "\(file) has elements inside text")
            #expect(feed.count("/atom:feed/atom:entry") == 1)
            #expect(feed.values("/atom:feed/atom:entry/atom:author/atom:name") == [XMLWriter.legal(Self.hostile)])
            let content = try #require(feed.values("/atom:feed/atom:entry/atom:content").first)
            let html = try #require(HTMLDocument(data: Data(content.utf8)))
            #expect(html.count("//script") == 0, "\(file): the content's HTML holds a script")
            #expect(!content.lowercased().contains("javascript:"))
        }
        let site = try #require(HTMLDocument(xmlPath: fixture.output + "/atom.xml"))
        #expect(site.values("/atom:feed/atom:title") == [XMLWriter.legal(Self.hostile)])
        let title = try #require(site.values("/atom:feed/atom:entry/atom:title").first)
        #expect(title == XMLWriter.legal(Markdown.plainText(Self.caption)))
        #expect(title.hasPrefix("<script>alert(1)</script> ]]> & \"double\" 'single' bell"), "\(title)")

        let contentText = try #require(site.values("//atom:entry/atom:content").first)
        let content = try #require(HTMLDocument(data: Data(contentText.utf8)))
        #expect(content.values("//img/@alt") == [Self.alt])
        #expect(content.values("//code") == ["<script>alert(1)</script>"])
        #expect(content.count("//a") == 0, "the javascript: link is dropped")

        let comments = try #require(HTMLDocument(xmlPath: fixture.output + "/p/\(id)/comments.xml"))
        let commentText = try #require(comments.values("//atom:entry/atom:content").first)
        let comment = try #require(HTMLDocument(data: Data(commentText.utf8)))
        #expect(comment.values("//code") == ["<b>code</b>"])
        #expect(comment.count("//b") == 0)
    }

    @Test("the XML writer removes the characters XML cannot carry and keeps the rest")
    func legalCharacters() throws {
        #expect(XMLWriter.legal("a\u{0}b\u{1}c\u{8}d\u{b}e\u{c}f\u{1f}g\u{fffe}h\u{ffff}i") == "abcdefghi")
        #expect(XMLWriter.legal("tab\tnewline\ncr\r é 😀 \u{7f}") == "tab\tnewline\ncr\r é 😀 \u{7f}")
        let bytes = XMLWriter.document { xml in
            xml.element("root", [("attribute", "\"<&>'\u{1}\n")], text: "]]> <a> & \u{0}")
        }
        let document = try #require(HTMLDocument(xml: Data(bytes)))
        #expect(document.values("/root") == ["]]> <a> & "])
        #expect(document.values("/root/@attribute") == ["\"<&>'\n"])
    }
}
