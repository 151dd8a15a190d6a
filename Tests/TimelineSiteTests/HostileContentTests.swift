import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel
@testable import TimelineSite

/// The security rule, tested with hostile content: everything that came from content is escaped
/// or sanitised, nothing a content author wrote runs as script in a built page, and bad input is
/// a content error that names the file (and line and column where the format has them), never a
/// crash. Every case is a real build of a site in a temporary folder.
@Suite("Hostile content")
struct HostileContentTests {
    static let firstPost = "-K25Fj8qrMAtxXG3QCSn"
    static let secondPost = "-K36oDNVDXuaek0DUCoc"
    static let thirdPost = "-K4JKCJcHOnPQ8mBtMK6"

    // MARK: 1. Filter-evasion payloads in every field

    @Test("a payload in every text field builds and every page, feed and search card is inert", arguments: HostilePayloads.all)
    func textFields(payload: String) async throws {
        let fixture = try SiteFixture(
            site: """
                {"title": \(HostileText.quoted(payload)), "description": \(HostileText.quoted(payload)), "baseURL": "https://example.org/", "pageSize": 2, "feedDepth": 2}
                """)
        func writeMallory(url: String) throws {
            try fixture.user(
                "mallory", follows: ["alice"],
                extra: """

                      "name": \(HostileText.quoted(payload)),
                      "bio": \(HostileText.quoted(payload)),\(url)
                      "avatar": "mallory.jpg",
                    """)
        }
        try writeMallory(url: "")
        try FileManager.default.copyItem(atPath: RepositoryPaths.samplePhoto, toPath: fixture.content + "/users/mallory.jpg")
        try fixture.user("alice", follows: ["mallory"])
        try fixture.post(
            Self.firstPost, by: "mallory", caption: payload, alt: HostileText.quoted(payload),
            comments: """
                [{"id": "c1", "username": "alice", "text": \(HostileText.quoted(payload))},
                 {"id": "c2", "username": "mallory", "text": \(HostileText.quoted("> " + payload))}]
                """,
            likes: #"[{"id": "l1", "username": "alice"}, {"id": "l2", "username": "mallory"}]"#)
        try fixture.post(Self.secondPost, by: "alice", caption: "An ordinary caption")
        try await Self.expectInertOrRefused(fixture, payload: payload)

        // A url that is not http(s) is refused (see `ruledFields`); one that starts like an
        // http(s) address is either refused there or kept, and then must link safely.
        guard HostileText.looksLikeWebAddress(payload) else { return }
        try writeMallory(url: "\n  \"url\": \(HostileText.quoted(payload)),")
        try await Self.expectInertOrRefused(fixture, payload: payload, refusal: ([.unsafeURL], "users/mallory.json", 5, 10))
    }

    /// Builds: a failed build must name what it refused (`refusal`, when given: codes, file, line and
    /// column); a site that builds must be inert and show the payload as text.
    static func expectInertOrRefused(
        _ fixture: SiteFixture, payload: String, refusal: (Set<DiagnosticCode>, String, Int, Int)? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        switch await HostileSite.build(fixture) {
        case .failure(let failure):
            HostileSite.expectClear(failure.diagnostics, sourceLocation: sourceLocation)
            if let (codes, path, line, column) = refusal {
                HostileSite.expect(failure.diagnostics, codes, at: path, line: line, column: column, sourceLocation: sourceLocation)
            }
        case .success:
            try InertOutput.check(fixture.output, payload: payload, sourceLocation: sourceLocation)
            try expectShownAsText(payload, in: fixture, sourceLocation: sourceLocation)
        }
    }

    /// What the author wrote comes back as text where the theme shows it as text.
    static func expectShownAsText(_ payload: String, in fixture: SiteFixture, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let folded = HostileText.folded(payload)
        let home = try #require(HTMLDocument(path: fixture.output + "/index.html"), sourceLocation: sourceLocation)
        #expect(home.text("//title") == folded, "the site title", sourceLocation: sourceLocation)
        let post = try #require(HTMLDocument(path: fixture.output + "/p/\(firstPost)/index.html"), sourceLocation: sourceLocation)
        #expect(post.values("//figure//img/@alt").map(HostileText.folded) == [folded], "the alt text", sourceLocation: sourceLocation)
        let profile = try #require(HTMLDocument(path: fixture.output + "/u/mallory/index.html"), sourceLocation: sourceLocation)
        #expect(profile.text("//h1") == folded + " @mallory", "the user's name", sourceLocation: sourceLocation)
        let feed = try #require(HTMLDocument(xmlPath: fixture.output + "/atom.xml"), sourceLocation: sourceLocation)
        #expect(feed.values("/atom:feed/atom:title") == [XMLWriter.legal(payload)], "the feed's title", sourceLocation: sourceLocation)
        let sitemap = try #require(HTMLDocument(xmlPath: fixture.output + "/sitemap.xml"), "the sitemap", sourceLocation: sourceLocation)
        #expect(sitemap.values("//sitemap:loc").contains("https://example.org/u/mallory/"), sourceLocation: sourceLocation)
        let userCards = try InertOutput.searchObjects(fixture.output).filter { $0["user"] as? String == "mallory" && $0["posts"] != nil }
        #expect(userCards.map { $0["name"] as? String } == [payload], "the user's search card", sourceLocation: sourceLocation)
    }

    @Test("a username that the rules allow, however it looks, stays a path segment")
    func allowedUsername() async throws {
        let username = "JaVaScRiPt.alert-1_"
        let fixture = try SiteFixture()
        try fixture.user(username, follows: ["bob"])
        try fixture.user("bob", follows: [username])
        try fixture.post(
            Self.firstPost, by: username, comments: #"[{"id": "c1", "username": "\#(username)", "text": "hi"}]"#,
            likes: #"[{"id": "l1", "username": "\#(username)"}]"#)
        _ = try await HostileSite.build(fixture).get()
        try InertOutput.check(fixture.output, payload: username)
        let post = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.firstPost)/index.html"))
        #expect(post.values("//a[@class='card-author']/@href") == ["/u/\(username)/"])
        #expect(post.values("//ol[@class='comment-list']//a[text()='\(username)']/@href") == ["/u/\(username)/"])
    }

    @Test("the checks catch a theme that does not escape a name")
    func checksHaveTeeth() async throws {
        let payload =
            #"<script>alert(1)</script><img src=x onerror=alert(1)><a href=" jav&#x09;ascript:alert(1)">x</a>"#
            + #"<iframe src=x></iframe><form action=/x></form><meta http-equiv=refresh content=0>"#
            + #"<b style="background:url(javascript:alert(1))">b</b><link rel=stylesheet href=//evil.example/x.css>"#
        let fixture = try SiteFixture.small()
        try fixture.user("alice", follows: ["bob"], extra: "\n  \"name\": \(HostileText.quoted(payload)),")
        let partial = fixture.root + "/Templates/partials/user-row.mustache"
        let row = try String(contentsOfFile: partial, encoding: .utf8)
        try row.replacingOccurrences(of: "{{displayName}}", with: "{{{displayName}}}").write(toFile: partial, atomically: true, encoding: .utf8)
        _ = try await HostileSite.build(fixture).get()
        let found = try InertOutput.problems(in: fixture.output, payload: payload).filter { $0.hasPrefix("users/index.html: ") }
        let expected = [
            "a script without src", "an inline script", "event handlers", "links to  jav\tascript:alert(1)", "a frame", "a form of its own",
            "a meta http-equiv", "the style", "another stylesheet",
        ]
        for problem in expected {
            #expect(found.contains { $0.contains(problem) }, "\(problem) not found in \(found)")
        }
    }

    @Test(
        "script URLs are recognised the way a browser reads them",
        arguments: [
            ("javascript:alert(1)", true), (" JaVaScRiPt:alert(1)", true), ("jav\tascript:alert(1)", true), ("java\nscript:alert(1)", true),
            ("\u{1}\u{1F}javascript:alert(1)", true), ("vbscript:msgbox(1)", true), ("DATA:text/html,x", true), ("data:image/svg+xml;base64,x", true),
            ("https://example.org/javascript:x", false), ("/p/x/#javascript:x", false), ("javascript-guide/", false), ("", false),
        ])
    func scriptURLs(url: String, isScript: Bool) {
        #expect(InertOutput.isScriptURL(url) == isScript)
    }

    @Test("a payload in a field with rules is a content error at that field", arguments: HostilePayloads.all)
    func ruledFields(payload: String) async throws {
        let quoted = HostileText.quoted(payload)
        let fixture = try SiteFixture()
        // Every payload holds a character outside the username alphabet (letters, digits, _ - .),
        // so as a username it is invalid, and as a reference it names nobody.
        try fixture.write("Content/users/alice.json", "{\n  \"username\": \"alice\",\n  \"follows\": [\(quoted)]\n}\n")
        try fixture.user("bob")
        try fixture.write("Content/users/eve.json", "{\n  \"username\": \(quoted),\n  \"follows\": []\n}\n")
        try fixture.write("Content/users/carol.json", "{\n  \"username\": \"carol\",\n  \"url\": \(quoted),\n  \"follows\": []\n}\n")
        try fixture.write("Content/users/dave.json", "{\n  \"username\": \"dave\",\n  \"avatar\": \(quoted),\n  \"follows\": []\n}\n")
        try fixture.post(Self.firstPost, by: quoted)
        try fixture.post(Self.secondPost, by: "bob", frontMatter: "image: \(quoted)\n")
        let commentPrefix = #"  {"id": "c1", "username": "#
        let likePrefix = #"  {"id": "l1", "username": "#
        try fixture.post(
            Self.thirdPost, by: "bob",
            comments: "[\n\(commentPrefix)\(quoted), \"text\": \"hi\"}\n]\n", likes: "[\n\(likePrefix)\(quoted)}\n]\n")

        let diagnostics: [Diagnostic]
        switch await HostileSite.build(fixture) {
        case .success:
            Issue.record("the build succeeded")
            return
        case .failure(let failure):
            diagnostics = failure.diagnostics
        }
        HostileSite.expectClear(diagnostics)
        let someone: Set<DiagnosticCode> = [.unknownUser, .invalidUsername]
        let image: Set<DiagnosticCode> = [.photoOutsidePost, .invalidValue, .missingPhoto, .unreadablePhoto]
        HostileSite.expect(diagnostics, someone, at: "users/alice.json", line: 3, column: 15)
        HostileSite.expect(diagnostics, [.invalidUsername], at: "users/eve.json", line: 2, column: 15)
        if !HostileText.looksLikeWebAddress(payload) {
            HostileSite.expect(diagnostics, [.unsafeURL], at: "users/carol.json", line: 3, column: 10)
        }
        HostileSite.expect(diagnostics, image, at: "users/dave.json", line: 3, column: 13)
        HostileSite.expect(diagnostics, someone, at: "\(Self.firstPost)/post.md", line: 2, column: 11)
        HostileSite.expect(diagnostics, image, at: "\(Self.secondPost)/post.md", line: 4, column: 8)
        HostileSite.expect(diagnostics, someone, at: "\(Self.thirdPost)/comments.json", line: 2, column: HostileText.column(after: commentPrefix))
        HostileSite.expect(diagnostics, someone, at: "\(Self.thirdPost)/likes.json", line: 2, column: HostileText.column(after: likePrefix))
        #expect(!FileManager.default.fileExists(atPath: fixture.output), "a failed build wrote an output folder")
    }

    // MARK: 2. Broken bytes, odd characters and sizes

    @Test("broken UTF-8 in post.md is a content error or comes out as U+FFFD text", arguments: ["caption", "alt"])
    func brokenUTF8InPost(place: String) async throws {
        let fixture = try SiteFixture.small()
        let broken: [UInt8] = [0xFF, 0xFE, 0x20, 0xC3, 0x28, 0x20, 0xED, 0xA0, 0x80, 0x20, 0xF0, 0x9F]
        let alt: [UInt8] = place == "alt" ? Array("alt: bad ".utf8) + broken : Array("alt: fine".utf8)
        let caption: [UInt8] = place == "caption" ? Array("Bad ".utf8) + broken + Array(" end".utf8) : Array("Fine".utf8)
        let bytes = Array("---\nusername: alice\n".utf8) + alt + Array("\n---\n".utf8) + caption
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.content + "/posts/\(Self.firstPost)/post.md"))
        switch await HostileSite.build(fixture) {
        case .failure(let failure):
            HostileSite.expectClear(failure.diagnostics)
            #expect(failure.diagnostics.contains { $0.location.path.hasSuffix("\(Self.firstPost)/post.md") })
        case .success:
            try InertOutput.check(fixture.output, payload: nil)
            let post = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.firstPost)/index.html"))
            let shown = place == "caption" ? post.text("//figcaption") : post.values("//figure//img/@alt").first
            #expect(shown?.contains("\u{FFFD}") == true, "\(shown ?? "nothing")")
        }
    }

    @Test(
        "broken UTF-8 in a JSON file is malformed JSON at its line and column",
        arguments: [
            BrokenJSON(file: "Content/users/alice.json", prefix: "{\n  \"username\": \"alice\",\n  \"name\": ", line: 3, suffix: ",\n  \"follows\": []\n}\n"),
            BrokenJSON(
                file: "Content/posts/\(firstPost)/comments.json", prefix: "[\n  {\"id\": \"c1\", \"username\": \"bob\", \"text\": ", line: 2, suffix: "}\n]\n"),
            BrokenJSON(file: "Content/site.json", prefix: "{\"title\": ", line: 1, suffix: "}\n"),
        ])
    func brokenUTF8InJSON(_ broken: BrokenJSON) async throws {
        let fixture = try SiteFixture.small()
        let bytes = Array(broken.prefix.utf8) + [UInt8(ascii: "\""), 0x61, 0xC3, 0x28, 0xFF, UInt8(ascii: "\"")] + Array(broken.suffix.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.root + "/" + broken.file))
        let diagnostics = await fixture.failingBuild()
        HostileSite.expectClear(diagnostics)
        HostileSite.expect(
            diagnostics, [.malformedJSON], at: broken.file, line: broken.line, column: HostileText.column(after: broken.lastLine), containing: "UTF-8")
    }

    struct BrokenJSON: Sendable, CustomTestStringConvertible {
        let file: String
        let prefix: String
        let line: Int
        let suffix: String
        var lastLine: String { String(prefix.split(separator: "\n", omittingEmptySubsequences: false).last ?? "") }
        var testDescription: String { file }
    }

    @Test("a raw NUL byte in JSON or in front matter is a content error at its position")
    func rawNUL() async throws {
        let fixture = try SiteFixture.small()
        let commentPrefix = #"  {"id": "c1", "username": "bob", "text": "a"#
        try fixture.write("Content/posts/\(Self.firstPost)/comments.json", "[\n\(commentPrefix)\u{0}b\"}\n]\n")
        try fixture.write("Content/users/bob.json", "{\n  \"username\": \"bob\",\n  \"name\": \"x\u{0}y\",\n  \"follows\": []\n}\n")
        try fixture.write("Content/posts/\(Self.secondPost)/post.md", "---\nusername: bob\nalt: a\u{0}b\n---\nHello")
        let diagnostics = await fixture.failingBuild()
        HostileSite.expectClear(diagnostics)
        HostileSite.expect(
            diagnostics, [.malformedJSON], at: "\(Self.firstPost)/comments.json", line: 2, column: HostileText.column(after: commentPrefix),
            containing: "control character")
        HostileSite.expect(diagnostics, [.malformedJSON], at: "users/bob.json", line: 3, column: 13, containing: "control character")
        HostileSite.expect(diagnostics, [.malformedYAML], at: "\(Self.secondPost)/post.md", line: 3, column: 7, containing: "control characters")
    }

    @Test("a NUL written as an escape in JSON or YAML text is a content error at its value")
    func escapedNUL() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/site.json", #"{"title": "Ti\u0000tle", "baseURL": "https://example.org/"}"#)
        try fixture.user("alice", follows: ["bob"], extra: #"\#n  "name": "Al\u0000ice","#)
        let commentPrefix = #"[{"id": "c1", "username": "bob", "text": "#
        try fixture.post(Self.thirdPost, by: "alice", alt: #""an\0alt""#, comments: commentPrefix + #""com\u0000ment"}]"#)
        let diagnostics = await fixture.failingBuild()
        HostileSite.expectClear(diagnostics)
        HostileSite.expect(diagnostics, [.invalidValue], at: "Content/site.json", line: 1, column: 11, containing: "NUL")
        HostileSite.expect(diagnostics, [.invalidValue], at: "users/alice.json", line: 3, column: 11, containing: "NUL")
        HostileSite.expect(diagnostics, [.invalidValue], at: "\(Self.thirdPost)/post.md", line: 3, column: 6, containing: "NUL")
        HostileSite.expect(
            diagnostics, [.invalidValue], at: "\(Self.thirdPost)/comments.json", line: 1, column: HostileText.column(after: commentPrefix), containing: "NUL")
    }

    @Test("a raw NUL in a caption comes out as U+FFFD and leaves every page whole")
    func captionNUL() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post(Self.thirdPost, by: "alice", caption: "Before\u{0}after 1 < 2\n\n> quoted\u{0}")
        _ = try await HostileSite.build(fixture).get()
        try InertOutput.check(fixture.output, payload: nil)
        for (path, data) in try SiteFixture.snapshot(fixture.output) where path.hasSuffix(".html") {
            #expect(!data.contains(0), "\(path) holds a NUL byte")
            let page = try #require(HTMLDocument(data: data), "\(path)")
            // libxml2 read the page to its end.
            #expect(page.count("//footer[@class='site-footer']") == 1, "\(path) was cut short")
        }
        let post = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.thirdPost)/index.html"))
        #expect(post.text("//figcaption") == "Before\u{FFFD}after 1 < 2 quoted\u{FFFD}", "\(post.text("//figcaption") ?? "")")
    }

    @Test("a username with a right-to-left override is refused")
    func rightToLeftUsername() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("eve\u{202E}gpj.exe")
        try fixture.post(Self.thirdPost, by: "bob", comments: #"[{"id": "c1", "username": "alice\u202E", "text": "hi"}]"#)
        let diagnostics = await fixture.failingBuild()
        HostileSite.expectClear(diagnostics)
        HostileSite.expect(diagnostics, [.invalidUsername], at: "users/eve\u{202E}gpj.exe.json", line: 2, column: 15)
        HostileSite.expect(
            diagnostics, [.unknownUser], at: "\(Self.thirdPost)/comments.json", line: 1, column: HostileText.column(after: #"[{"id": "c1", "username": "#))
    }

    @Test("a right-to-left override in a caption, alt text, name and comment comes out as text")
    func rightToLeftText() async throws {
        let fixture = try SiteFixture.small()
        let text = "photo\u{202E}gpj.exe & 1 < 2 \"quoted\""
        try fixture.user("alice", follows: ["bob"], extra: "\n  \"name\": \(HostileText.quoted(text)),")
        try fixture.post(
            Self.thirdPost, by: "alice", caption: text, alt: HostileText.quoted(text),
            comments: #"[{"id": "c1", "username": "bob", "text": \#(HostileText.quoted(text))}]"#)
        _ = try await HostileSite.build(fixture).get()
        try InertOutput.check(fixture.output, payload: nil)
        let post = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.thirdPost)/index.html"))
        #expect(post.text("//figcaption") == text)
        #expect(post.values("//figure//img/@alt") == [text])
        #expect(post.text("//div[@class='comment-text']") == text)
        #expect(post.text("//article//span[not(@class)]") == text)
    }

    @Test("a 10 MB caption builds, and what cmark keeps of it comes out inert")
    func hugeCaption() async throws {
        let fixture = try SiteFixture.small()
        // One HTML block (no blank line) of ten megabytes of hostile markup, then a paragraph.
        let line = "<img src=x onerror=alert(1)><script>alert(2)</script><a href=javascript:alert(3)>x</a>\n"
        var caption = "<div>\n"
        caption.reserveCapacity(10 * 1024 * 1024 + 200)
        while caption.utf8.count < 10 * 1024 * 1024 { caption += line }
        caption += "\nThe end of a *very* long caption."
        try fixture.post(Self.thirdPost, by: "alice", caption: caption)
        switch await HostileSite.build(fixture) {
        case .failure(let failure):
            HostileSite.expectClear(failure.diagnostics)
        case .success:
            try InertOutput.check(fixture.output, payload: nil)
            let post = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.thirdPost)/index.html"))
            #expect(post.text("//figcaption") == "The end of a very long caption.")
        }
    }

    @Test("100,000 comments on one post build, and the post page lists them all")
    func manyComments() async throws {
        let fixture = try SiteFixture.small()
        let count = 100_000
        var json = "["
        json.reserveCapacity(count * 90)
        for number in 0..<count {
            if number > 0 { json += ",\n" }
            json +=
                #"{"id": "c\#(number)", "username": "\#(number % 2 == 0 ? "alice" : "bob")", "text": "Comment \#(number) <script>alert(1)</script> [x](javascript:alert(1))"}"#
        }
        json += "]\n"
        try fixture.write("Content/posts/\(Self.firstPost)/comments.json", json)
        _ = try await HostileSite.build(fixture).get()
        // The post page (35 MB) is parsed once and checked here; the other files as usual.
        let postPage = "p/\(Self.firstPost)/index.html"
        let post = try #require(HTMLDocument(path: fixture.output + "/" + postPage))
        #expect(post.count("//ol[@class='comment-list']/li[@class='comment']") == count)
        #expect(post.count("//div[@class='comment-text']/p/a") == 0)
        #expect(InertOutput.markupProblems(post, payload: nil, scripts: true).isEmpty)
        #expect(try InertOutput.problems(in: fixture.output, payload: nil, skipping: [postPage]).isEmpty)
    }

    @Test("deeply nested JSON or YAML is a content error, not a stack overflow", arguments: DeepNesting.allCases)
    func deepNesting(_ nesting: DeepNesting) async throws {
        let fixture = try SiteFixture.small()
        try fixture.write(nesting.file, nesting.text)
        let diagnostics = await fixture.failingBuild()
        HostileSite.expectClear(diagnostics)
        HostileSite.expect(diagnostics, [nesting.code], at: nesting.file, line: nesting.line, column: nesting.column, containing: nesting.message)
    }

    enum DeepNesting: String, CaseIterable, Sendable {
        case comments, commentObjects, user, site, frontMatter

        static let depth = 100_000
        static let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)

        var file: String {
            switch self {
            case .comments, .commentObjects: "Content/posts/\(HostileContentTests.firstPost)/comments.json"
            case .user: "Content/users/alice.json"
            case .site: "Content/site.json"
            case .frontMatter: "Content/posts/\(HostileContentTests.firstPost)/post.md"
            }
        }

        var prefix: String {
            switch self {
            case .comments, .commentObjects: ""
            case .user: #"{"username": "alice", "follows": "#
            case .site: #"{"title": "Deep", "images": "#
            case .frontMatter: "---\nusername: alice\nalt: "
            }
        }

        var text: String {
            switch self {
            case .comments, .frontMatter: prefix + Self.arrays + (self == .frontMatter ? "\n---\nDeep" : "")
            case .commentObjects: String(repeating: #"{"a":"#, count: Self.depth) + "1" + String(repeating: "}", count: Self.depth)
            case .user, .site: prefix + Self.arrays + "}"
            }
        }

        var code: DiagnosticCode { self == .frontMatter ? .malformedYAML : .malformedJSON }
        var line: Int { self == .frontMatter ? 3 : 1 }
        /// The JSON parser stops at the first container deeper than 256 levels (the user's and
        /// the site's object is the first level); libyaml reports where its own limit was reached.
        var column: Int? {
            switch self {
            case .frontMatter: nil
            case .commentObjects: 256 * #"{"a":"#.count + 1
            case .comments: 257
            case .user, .site: prefix.count + 256
            }
        }
        var message: String { self == .frontMatter ? "nesting" : "nesting deeper than 256 levels" }
    }

    // MARK: 3. Photos and avatars that lead out of Content/

    @Test("a photo or avatar outside Content/ is a content error and none of its bytes reach Output/", arguments: Escape.allCases)
    func escapes(_ escape: Escape) async throws {
        let fixture = try SiteFixture(site: #"{"title": "Escape", "baseURL": "https://example.org/", "images": {"publishOriginals": true}}"#)
        try fixture.user("alice", follows: ["bob"])
        try fixture.user("bob", follows: ["alice"])
        try fixture.post(Self.firstPost, by: "alice")
        try fixture.post(Self.secondPost, by: "bob")
        _ = try await HostileSite.build(fixture).get()

        let secrets = try Secrets(root: fixture.root)
        let (file, line, column) = try escape.install(in: fixture, secrets: secrets)
        let diagnostics = await fixture.failingBuild()
        HostileSite.expectClear(diagnostics)
        HostileSite.expect(diagnostics, [escape.code], at: file, line: line, column: column)
        for (path, data) in try SiteFixture.snapshot(fixture.output) {
            for secret in secrets.fingerprints {
                #expect(data.range(of: secret) == nil, "Output/\(path) holds bytes of a file outside Content/")
            }
        }
    }

    /// Files outside the content folder, each with bytes that appear nowhere else.
    struct Secrets {
        let photo: String
        let text: String
        let fingerprints: [Data]

        init(root: String) throws {
            let folder = root + "/outside"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let marker = "SECRET-\(UUID().uuidString)"
            // A readable JPEG (another photo than the site's, with a marker after its end), so a
            // missing check would publish it, and a text file like /etc/passwd.
            photo = folder + "/secret.jpg"
            text = folder + "/passwd"
            let jpeg = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.content + "/users/astro.kim.jpg"))
            try (jpeg + Data(marker.utf8)).write(to: URL(fileURLWithPath: photo))
            try Data("root:x:0:0:\(marker):/root:/bin/sh\n".utf8).write(to: URL(fileURLWithPath: text))
            var fingerprints = [Data(marker.utf8), jpeg.subdata(in: 1024..<2048)]
            if let passwd = FileManager.default.contents(atPath: "/etc/passwd"), let first = passwd.split(separator: UInt8(ascii: "\n")).first {
                fingerprints.append(Data(first))
            }
            self.fingerprints = fingerprints
        }
    }

    enum Escape: String, CaseIterable, Sendable {
        case photoRelative, photoRelativeToText, photoDeepRelative, photoAbsolute, photoEtcPasswd, photoHome
        case photoSymlinkAbsolute, photoSymlinkRelative, photoSymlinkToText, postFolderSymlink

        /// A post folder linked from outside is refused before its photo is looked at.
        var code: DiagnosticCode { self == .postFolderSymlink ? .fileOutsideContent : .photoOutsidePost }
        case avatarRelative, avatarAbsolute, avatarEtcPasswd, avatarSymlink

        /// Puts the escape in place; gives the file the error must name, and its line and column.
        func install(in fixture: SiteFixture, secrets: Secrets) throws -> (String, Int?, Int?) {
            let post = "Content/posts/\(HostileContentTests.firstPost)"
            let postMD = post + "/post.md"
            func image(_ reference: String) throws -> (String, Int?, Int?) {
                try fixture.write(postMD, "---\nusername: alice\nalt: A rocket\nimage: \(HostileText.quoted(reference))\n---\n")
                return (postMD, 4, 8)
            }
            func avatar(_ reference: String) throws -> (String, Int?, Int?) {
                try fixture.write(
                    "Content/users/bob.json", "{\n  \"username\": \"bob\",\n  \"avatar\": \(HostileText.quoted(reference)),\n  \"follows\": []\n}\n")
                return ("Content/users/bob.json", 3, 13)
            }
            func link(_ path: String, to destination: String) throws -> (String, Int?, Int?) {
                try? FileManager.default.removeItem(atPath: fixture.root + "/" + path)
                try FileManager.default.createSymbolicLink(atPath: fixture.root + "/" + path, withDestinationPath: destination)
                return (path, nil, nil)
            }
            switch self {
            case .photoRelative: return try image("../../../outside/secret.jpg")
            case .photoRelativeToText: return try image("../../../outside/passwd")
            case .photoDeepRelative: return try image("../../../../../../../../../../etc/passwd")
            case .photoAbsolute: return try image(secrets.photo)
            case .photoEtcPasswd: return try image("/etc/passwd")
            case .photoHome: return try image("~/.ssh/id_rsa")
            case .photoSymlinkAbsolute: return try link(post + "/photo.jpg", to: secrets.photo)
            case .photoSymlinkRelative: return try link(post + "/photo.jpg", to: "../../../outside/secret.jpg")
            case .photoSymlinkToText: return try link(post + "/photo.jpg", to: secrets.text)
            case .postFolderSymlink:
                let moved = fixture.root + "/outside/post"
                try FileManager.default.moveItem(atPath: fixture.root + "/" + post, toPath: moved)
                try FileManager.default.removeItem(atPath: moved + "/photo.jpg")
                try FileManager.default.copyItem(atPath: secrets.photo, toPath: moved + "/photo.jpg")
                return try link(post, to: moved)
            case .avatarRelative: return try avatar("../../outside/secret.jpg")
            case .avatarAbsolute: return try avatar(secrets.photo)
            case .avatarEtcPasswd: return try avatar("/etc/passwd")
            case .avatarSymlink:
                _ = try link("Content/users/bob.jpg", to: secrets.photo)
                return try avatar("bob.jpg")
            }
        }
    }

    @Test("a post.md, comments.json or user file that is a symbolic link out of Content/ is not published", arguments: ["post.md", "comments.json", "user"])
    func recordSymlinks(file: String) async throws {
        let fixture = try SiteFixture.small()
        _ = try await fixture.build()
        let marker = "SECRET-\(UUID().uuidString)"
        let outside = fixture.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let (path, text): (String, String) =
            switch file {
            case "post.md": ("Content/posts/\(Self.firstPost)/post.md", "---\nusername: alice\nalt: x\n---\n\(marker)\n")
            case "comments.json": ("Content/posts/\(Self.firstPost)/comments.json", #"[{"id": "c1", "username": "bob", "text": "\#(marker)"}]"#)
            default: ("Content/users/bob.json", #"{"username": "bob", "name": "\#(marker)", "follows": []}"#)
            }
        try Data(text.utf8).write(to: URL(fileURLWithPath: outside + "/record"))
        try? fixture.remove(path)
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/" + path, withDestinationPath: outside + "/record")
        let before = try SiteFixture.snapshot(fixture.output)
        let diagnostics = await fixture.failingBuild()
        HostileSite.expectClear(diagnostics)
        HostileSite.expect(diagnostics, [.fileOutsideContent], at: path, line: nil, column: nil)
        #expect(try SiteFixture.snapshot(fixture.output) == before, "a failed build changed Output/")
        let leaked = try SiteFixture.snapshot(fixture.output).filter { $0.value.range(of: Data(marker.utf8)) != nil }.keys.sorted()
        #expect(leaked.isEmpty, "published from outside Content/ in \(leaked)")
    }
}

/// Builds the fixtures of this suite with one image cache for the whole run, so the sample photo
/// is processed once, and checks the diagnostics of failed builds.
enum HostileSite {
    static let imageCache = FileManager.default.temporaryDirectory
        .appendingPathComponent("timeline-hostile-cache-\(ProcessInfo.processInfo.processIdentifier)").path

    static func build(_ fixture: SiteFixture) async -> Result<BuildReport, BuildFailure> {
        var options = fixture.options()
        options.cache = imageCache
        do {
            return .success(try await SiteBuilder.build(options))
        } catch {
            return .failure(error)
        }
    }

    /// A refused build must say why: each error has a code, names a file, and reads
    /// `path[:line:column]: error: message`; errors in JSON and YAML files have a line and column.
    static func expectClear(_ diagnostics: [Diagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(!errors.isEmpty, "a failed build without an error", sourceLocation: sourceLocation)
        for error in errors {
            #expect(!error.location.path.isEmpty && !error.message.isEmpty, "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix(error.location.description + ": error: "), sourceLocation: sourceLocation)
            if error.code == .malformedJSON || error.code == .malformedYAML {
                #expect(error.location.line != nil && error.location.column != nil, "\(error)", sourceLocation: sourceLocation)
            }
        }
    }

    /// An error with one of `codes` in the file whose path ends in `path`, at this line and column.
    static func expect(
        _ diagnostics: [Diagnostic], _ codes: Set<DiagnosticCode>, at path: String, line: Int?, column: Int?, containing text: String = "",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let found = diagnostics.contains { diagnostic in
            diagnostic.severity == .error && codes.contains(diagnostic.code) && diagnostic.location.path.hasSuffix(path)
                && diagnostic.location.line == line && (column == nil || diagnostic.location.column == column)
                && (text.isEmpty || diagnostic.message.contains(text))
        }
        #expect(
            found, "no \(codes.map(\.rawValue).sorted()) error at \(path):\(line ?? 0):\(column ?? 0) in \(diagnostics.map(\.description))",
            sourceLocation: sourceLocation)
    }
}

/// The checks of a built site that hostile content must pass: pages parsed with libxml2's HTML
/// parser, feeds and sitemaps with its XML parser, search files with JSONSerialization. Each
/// finds problems rather than failing, so a test can also show that the checks catch them.
enum InertOutput {
    /// Attributes whose value a browser loads or navigates to.
    static let urlAttributes = [
        "href", "src", "srcset", "action", "formaction", "poster", "data", "background", "lowsrc", "dynsrc", "xlink:href",
        "ping", "cite", "longdesc", "manifest", "codebase", "archive", "icon", "profile", "usemap",
    ]
    static let lowercasedName = "translate(name(), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
    /// The URL attributes with a colon: only those can name a scheme (and pages with 100,000
    /// comments hold hundreds of thousands of root-relative links).
    static let urlAttributePath = "//@*[contains(., ':') and contains('|\(urlAttributes.joined(separator: "|"))|', concat('|', \(lowercasedName), '|'))]"
    static let eventHandlerPath = "//@*[starts-with(\(lowercasedName), 'on')]"
    static let foreignElements = ["iframe", "frame", "frameset", "object", "embed", "applet", "base", "svg", "math", "isindex", "portal", "template"]
    static let foreignElementPath = foreignElements.map { "//\($0)" }.joined(separator: " | ")

    /// Expects no problem in any file of `output`.
    static func check(_ output: String, payload: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let found = try problems(in: output, payload: payload)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// Every problem in the files of `output` but those in `skipping` (checked by the caller).
    /// `payload`, when given, must not appear in any style.
    static func problems(in output: String, payload: String?, skipping: Set<String> = []) throws -> [String] {
        let files = try SiteFixture.snapshot(output)
        var found = files.keys.contains("index.html") ? [] : ["no home page"]
        for (path, data) in files.sorted(by: { $0.key < $1.key }) where !skipping.contains(path) {
            let isText = [".html", ".xml", ".json", ".txt", ".js", ".css"].contains { path.hasSuffix($0) }
            if isText, String(validating: data, as: UTF8.self) == nil { found.append("\(path) is not UTF-8") }
            if path.hasSuffix(".html") {
                guard let page = HTMLDocument(data: data) else {
                    found.append("\(path) does not parse")
                    continue
                }
                found += markupProblems(page, payload: payload, scripts: true).map { "\(path): \($0)" }
            } else if path.hasSuffix(".xml") {
                guard let feed = HTMLDocument(xml: data) else {
                    found.append("\(path) is not well-formed XML")
                    continue
                }
                found += feedProblems(feed, payload: payload).map { "\(path): \($0)" }
            } else if path.hasPrefix("search/"), path.hasSuffix(".json") {
                guard let value = try? JSONSerialization.jsonObject(with: data) else {
                    found.append("\(path) is not JSON")
                    continue
                }
                found += searchProblems(value).map { "\(path): \($0)" }
            }
        }
        return found
    }

    static func markupProblems(_ page: HTMLDocument, payload: String?, scripts: Bool) -> [String] {
        var found: [String] = []
        // The only script is the theme's search script, by URL, with nothing inline.
        let contents = page.values("//script")
        let sources = contents.isEmpty ? [] : page.values("//script/@src")
        if contents.count != sources.count { found.append("a script without src") }
        if !sources.allSatisfy({ scripts && $0.hasPrefix("/") && $0.hasSuffix("/assets/search.js") }) { found.append("loads the scripts \(sources)") }
        if !contents.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { found.append("an inline script") }
        let handlers = page.values(eventHandlerPath)
        if !handlers.isEmpty { found.append("event handlers \(handlers)") }
        for value in page.values(urlAttributePath) {
            let candidates = [value] + value.split(separator: ",").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
            if candidates.contains(where: isScriptURL) { found.append("links to \(value)") }
        }
        if page.count(foreignElementPath) > 0 { found.append("a frame, plug-in, base, svg or math element") }
        let forms = page.count("//form")
        if forms > 1 || (forms == 1 && page.count("//form[not(@role='search' and @class='search-form' and @action='/search/')]") > 0) {
            found.append("a form of its own")
        }
        if page.count("//meta[@http-equiv]") > 0 { found.append("a meta http-equiv") }
        if !page.values("//link[@rel='stylesheet']/@href").allSatisfy({ $0.hasPrefix("/assets/") }) { found.append("another stylesheet") }
        for style in page.values("//style | //@style") {
            let lowered = style.lowercased()
            let suspicious = ["url(", "expression", "javascript", "@import", "alert", "behavior"].contains { lowered.contains($0) }
            if suspicious || (payload.map { !$0.isEmpty && style.contains($0) } ?? false) { found.append("the style \(style)") }
        }
        return found
    }

    static func feedProblems(_ feed: HTMLDocument, payload: String?) -> [String] {
        var found: [String] = []
        if feed.count("//atom:title/* | //atom:subtitle/* | //atom:name/* | //atom:summary/* | //atom:rights/*") > 0 {
            found.append("elements inside text")
        }
        for url in feed.values("//@href | //@url | //@src | //atom:uri | //atom:id | //atom:icon | //atom:logo | //sitemap:loc") where isScriptURL(url) {
            found.append("links to \(url)")
        }
        for html in feed.values("//atom:content[@type='html'] | //atom:summary[@type='html']") {
            guard let content = HTMLDocument(data: Data(("<!doctype html><html><body>" + html).utf8)) else {
                found.append("entry HTML does not parse")
                continue
            }
            found += markupProblems(content, payload: payload, scripts: false).map { "entry HTML: \($0)" }
        }
        return found
    }

    /// The search files: every URL a card gives (`url`, `img`) is root-relative.
    static func searchProblems(_ value: Any) -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, member -> [String] in
                let url = member as? String ?? ""
                let bad = (key == "url" || key == "img") && (!url.hasPrefix("/") || url.hasPrefix("//") || isScriptURL(url))
                return (bad ? ["\(key) \(url)"] : []) + searchProblems(member)
            }
        }
        return (value as? [Any])?.flatMap(searchProblems) ?? []
    }

    /// Every JSON object in the search files.
    static func searchObjects(_ output: String) throws -> [[String: Any]] {
        try SiteFixture.snapshot(output + "/search").filter { $0.key.hasSuffix(".json") }.compactMap {
            try JSONSerialization.jsonObject(with: $0.value) as? [String: Any]
        }
    }

    /// A URL whose scheme runs script or carries a document: `javascript:`, `vbscript:` or `data:`,
    /// the way a browser reads it (leading spaces and controls trimmed, tabs and newlines removed,
    /// any case).
    static func isScriptURL(_ url: String) -> Bool {
        let scalars = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.drop { $0.value <= 0x20 }
        guard let colon = scalars.firstIndex(of: ":") else { return false }
        let scheme = String(String.UnicodeScalarView(scalars[..<colon])).lowercased()
        return ["javascript", "vbscript", "data"].contains(scheme)
    }
}
