import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineContent
@testable import TimelineModel

@Suite("Links under a sub-path")
struct SitePathTests {
    @Test(
        "the base path comes from baseURL",
        arguments: [
            ("https://example.org/photos/", "/photos/"),
            ("https://example.org/photos", "/photos/"),
            ("https://example.org", "/"),
            ("https://example.org/a/b/", "/a/b/"),
        ])
    func basePath(baseURL: String, expected: String) throws {
        let normalised = try #require(SiteSettingsReader.normaliseBaseURL(baseURL))
        #expect(SiteSettings(title: "t", baseURL: normalised).basePath == expected)
    }

    @Test("every internal link of every page starts with the sub-path and points at a file that exists")
    func everyLinkResolves() async throws {
        let fixture = try SiteFixture.small()
        try fixture.user("carol", follows: ["alice"], extra: "\n  \"url\": \"https://carol.example/\",")
        for index in 0..<5 {
            try fixture.post(
                "-K5\(index)000000000000000a", by: "carol",
                comments: "[{\"id\": \"c\(index)\", \"username\": \"alice\", \"text\": \"Nice [link](/elsewhere)\"}]")
        }
        _ = try await fixture.build(baseURL: "https://example.org/photos/")
        let pages = try SiteFixture.snapshot(fixture.output).keys.filter { $0.hasSuffix(".html") }.sorted()
        var checked = 0
        for page in pages {
            let document = try #require(HTMLDocument(path: fixture.output + "/" + page))
            for link in document.links where !link.hasPrefix("http") && !link.hasPrefix("#") && link != "/elsewhere" {
                #expect(link.hasPrefix("/photos/"), "\(page) links to \(link)")
                var target = String(link.dropFirst("/photos/".count))
                if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
                if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
                #expect(fixture.exists(target), "\(page) links to \(link), which does not exist")
                checked += 1
            }
            for canonical in document.values("//link[@rel='canonical']/@href") {
                #expect(canonical.hasPrefix("https://example.org/photos/"))
            }
        }
        #expect(checked > 100)
    }
}
