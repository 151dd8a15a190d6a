import Foundation
import Testing
@testable import TimelineCore

/// Post cards and user rows are rendered once per item and reused on every list page
/// (docs/templates.md, "Cards and user rows are rendered once").
@Suite struct ReusedPartialTests {
    /// Three users who all follow each other, nine posts with captions, comments and likes,
    /// four cards a page: every list has cards past the first two, which are the reused ones.
    static func site() throws -> SiteFixture {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "baseURL": "https://example.org/", "pageSize": 4, "feedDepth": 2}"#)
        let names = ["alice", "bob", "carol"]
        for name in names { try fixture.user(name, follows: names.filter { $0 != name }, extra: "\n  \"name\": \"\(name.capitalized) & Co\",") }
        for index in 0..<9 {
            let id = "-K25Fj8qrMAtxXG3QC\(index)a"
            try fixture.post(
                id, by: names[index % 3], caption: "Photo *\(index)* <b>bold</b> & more",
                comments: #"[{"id": "-K25Fj8qrMAtxXG3QZ\#(index)b", "username": "\#(names[(index + 1) % 3])", "text": "Nice \#(index)"}]"#,
                likes: #"[{"id": "-K25Fj8qrMAtxXG3QY\#(index)c", "username": "\#(names[(index + 2) % 3])"}]"#)
        }
        return fixture
    }

    /// A no-op set-delimiter pair at the start of a partial: it renders the same, but a
    /// partial that changes delimiters is never reused.
    static func disableReuse(in fixture: SiteFixture) throws {
        for name in ["partials/post-card", "partials/user-row"] {
            let path = fixture.root + "/Templates/\(name).mustache"
            let source = try String(contentsOfFile: path, encoding: .utf8)
            try fixture.write("Templates/\(name).mustache", "{{=<% %>=}}<%={{ }}=%>" + source)
        }
    }

    @Test func reusedCardsAndRowsGiveTheSamePagesAsRenderingThemInEachPage() async throws {
        let fixture = try Self.site()
        let (theme, _) = Theme.load(from: fixture.root + "/Templates", displayPrefix: "Templates/")
        #expect(theme?.reusedPartials == [.postCard, .userRow])
        try await fixture.build()
        let reused = try SiteFixture.snapshot(fixture.output)
        let home = try fixture.read("index.html")
        #expect(home.components(separatedBy: "<article class=\"card\"").count - 1 == 4)

        try Self.disableReuse(in: fixture)
        let (plainTheme, _) = Theme.load(from: fixture.root + "/Templates", displayPrefix: "Templates/")
        #expect(plainTheme?.reusedPartials == [])
        try await fixture.build()
        let plain = try SiteFixture.snapshot(fixture.output)
        #expect(Set(reused.keys) == Set(plain.keys))
        let differing = reused.keys.filter { reused[$0] != plain[$0] }.sorted()
        #expect(differing.isEmpty, "pages that differ: \(differing.prefix(5))")
    }

    @Test func aReusedCardSeesItsPostAndTheSiteButNotThePage() async throws {
        let fixture = try Self.site()
        try fixture.write("Templates/partials/post-card.mustache", "<article>{{id}}|{{site.title}}|{{page.kind}}</article>\n")
        try await fixture.build()
        let cards = try fixture.read("index.html").components(separatedBy: "\n").filter { $0.hasPrefix("<article>") }
        #expect(cards.count == 4)
        #expect(cards.allSatisfy { $0.hasSuffix("|Fixture|</article>") }, "\(cards)")
    }

    @Test func aPartialIncludedIndentedIsRenderedInEachPage() throws {
        let fixture = try Self.site()
        let feed = try String(contentsOfFile: fixture.root + "/Templates/feed.mustache", encoding: .utf8)
        try fixture.write("Templates/feed.mustache", feed.replacingOccurrences(of: "{{> partials/post-card}}", with: "  {{> partials/post-card}}"))
        let (indented, _) = Theme.load(from: fixture.root + "/Templates", displayPrefix: "Templates/")
        #expect(indented?.reusedPartials == [.userRow])
    }
}
