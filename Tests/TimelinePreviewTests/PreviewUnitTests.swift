import Foundation
import Testing
import TimelineModel
import TimelineSystem
import TimelineTestSupport

@testable import TimelinePreview

@Suite("Preview: safe paths")
struct SafePathTests {
    @Test("ordinary paths decode segment by segment")
    func ordinary() throws {
        let path = try SafePath(requestTarget: "/p/-K25Fj8qr%20x/?q=1#top")
        #expect(path.segments == ["p", "-K25Fj8qr x"])
        #expect(path.endsWithSlash)
        #expect(try SafePath(requestTarget: "/").segments.isEmpty)
        #expect(try SafePath(requestTarget: "//assets//style.css").segments == ["assets", "style.css"])
        #expect(try !SafePath(requestTarget: "/assets/style.css").endsWithSlash)
        #expect(try SafePath(requestTarget: "/u/caf%C3%A9/").segments == ["u", "café"])
    }

    @Test(
        "refusals",
        arguments: [
            ("/../x", SafePath.Refusal.dotSegment), ("/%2e%2e/x", .dotSegment), ("/%2E%2E%2Fx", .encodedSeparator),
            ("/..%2fx", .encodedSeparator), ("/a/..\\x", .backslash), ("/%5cx", .encodedSeparator), ("/a%00.html", .controlCharacter),
            ("/.hidden", .dotSegment), ("/./x", .dotSegment), ("/%zz", .badPercentEncoding), ("/%4", .badPercentEncoding),
            ("x", .notAbsolute), ("/%ff", .invalidUTF8), ("/a%0a", .controlCharacter),
        ])
    func refused(_ target: String, _ refusal: SafePath.Refusal) {
        #expect(throws: refusal) { try SafePath(requestTarget: target) }
    }

    @Test("base paths are removed, and folder URLs are re-encoded")
    func basePath() throws {
        let path = try SafePath(requestTarget: "/photos/u/a%20b")
        let inside = try #require(path.removingPrefix("/photos/"))
        #expect(inside.segments == ["u", "a b"])
        #expect(inside.folderURL(under: "/photos/") == "/photos/u/a%20b/")
        #expect(path.removingPrefix("/other/") == nil)
        #expect(path.removingPrefix("/")?.segments == ["photos", "u", "a b"])
    }
}

@Suite("Preview: pieces")
struct PreviewPieceTests {
    @Test("the script goes before the last </body>, whatever its case, or at the end")
    func injection() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        #expect(String(decoding: ReloadScript.inject("<s>", into: page), as: UTF8.self) == "<html><body><p>&lt;/body&gt;</p><s></BODY></html>")
        #expect(String(decoding: ReloadScript.inject("<s>", into: Array("plain".utf8)), as: UTF8.self) == "plain<s>")
        #expect(String(decoding: ReloadScript.inject("<s>", into: []), as: UTF8.self) == "<s>")
    }

    @Test("the error panel escapes paths and messages")
    func errorPanelEscapes() {
        let failure = BuildFailure([
            .error(.malformedJSON, stage: .load, at: SourceLocation(path: "Content/<b>.json", line: 3, column: 7), "bad \"<script>alert(1)</script>\" & more")
        ])
        let overlay = ErrorPage.overlay(failure)
        #expect(overlay.contains("Content/&lt;b&gt;.json:3:7"))
        #expect(overlay.contains("bad &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; more"))
        #expect(!overlay.contains("<script>"))
        #expect(!overlay.contains("<b>"))
    }

    @Test("content types by extension")
    func contentTypes() {
        #expect(ContentTypes.type(forFileName: "index.html") == "text/html; charset=utf-8")
        #expect(ContentTypes.type(forFileName: "photo.WEBP") == "image/webp")
        #expect(ContentTypes.type(forFileName: "feed.xml") == "application/xml; charset=utf-8")
        #expect(ContentTypes.type(forFileName: "robots.txt") == "text/plain; charset=utf-8")
        #expect(ContentTypes.type(forFileName: "noextension") == ContentTypes.fallback)
    }

    @Test("events in the text/event-stream format")
    func eventFormat() {
        #expect(ReloadEvent.reload(generation: 3).serialized == "event: reload\ndata: 3\n\n")
        #expect(ReloadEvent.stylesheets(generation: 4).serialized == "event: stylesheets\ndata: 4\n\n")
        #expect(ReloadEvent.ping.serialized == ": ping\n\n")
    }
}
