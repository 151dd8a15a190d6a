import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineSite

@Suite("Host files")
struct HostFilesTests {
    @Test(
        "Netlify and Cloudflare Pages: _headers parses by the hosts' rules, no path gets two Cache-Control values, hashed files are immutable for a year, pages and feeds no-cache",
        arguments: ["netlify", "cloudflare-pages"])
    func headersFile(host: String) async throws {
        let site = try await HostedExampleSite(settings: #""host": "\#(host)""#)
        #expect(site.report.warnings.contains { $0.message.contains("root of its address") }, "the example's base path is not /")
        let rules = try HeaderRules(String(contentsOfFile: site.output + "/_headers", encoding: .utf8))
        var immutable = 0
        for path in site.requestPaths where !path.hasSuffix("/_headers") {
            let values = rules.values(of: "Cache-Control", for: path)
            #expect(values.count <= 1, "\(path) matches \(values.count) Cache-Control rules")
            if HostedExampleSite.isHashed(path) {
                #expect(values == [CachePolicy.immutable], "\(path)")
                immutable += 1
            } else if path.hasSuffix("/") || path.hasSuffix(".html") || path.hasSuffix(".xml") || path.contains("/assets/") {
                #expect(values == [CachePolicy.revalidate], "\(path)")
            }
        }
        #expect(immutable > 100)
        #expect(!FileManager.default.fileExists(atPath: site.output + "/" + NginxSnippet.name))
    }

    @Test("With originals published beside the photos, _headers does not mark photos immutable by extension")
    func originals() async throws {
        let site = try await HostedExampleSite(settings: #""host": "netlify", "images": {"publishOriginals": true}"#)
        let rules = try HeaderRules(String(contentsOfFile: site.output + "/_headers", encoding: .utf8))
        let original = try #require(site.files.first { $0.hasPrefix("p/") && $0.hasSuffix("/rocket.jpg") })
        #expect(rules.values(of: "Cache-Control", for: "/timeline/" + original).isEmpty)
        #expect(rules.values(of: "Cache-Control", for: "/timeline/search/posts/c/0.0123abcd.txt") == [CachePolicy.immutable])
    }

    @Test("GitHub Pages gets .nojekyll; no host gets no host file; changing the host deletes the old host's file")
    func githubPagesAndNone() async throws {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "baseURL": "https://example.org/", "host": "github-pages"}"#)
        try fixture.user("alice")
        _ = try await fixture.build()
        #expect(fixture.exists(HostFiles.noJekyllFile))
        try fixture.write("Content/site.json", #"{"title": "Fixture", "baseURL": "https://example.org/", "host": "netlify"}"#)
        _ = try await fixture.build()
        #expect(!fixture.exists(HostFiles.noJekyllFile))
        #expect(fixture.exists(HeadersFile.name))
        try fixture.write("Content/site.json", #"{"title": "Fixture", "baseURL": "https://example.org/"}"#)
        _ = try await fixture.build()
        #expect(!fixture.exists(HeadersFile.name) && !fixture.exists(HostFiles.noJekyllFile) && !fixture.exists(NginxSnippet.name))
    }

    @Test("An unknown host is an error at its line and column that lists the hosts and suggests the closest")
    func unknownHost() async throws {
        let fixture = try SiteFixture(site: "{\"title\": \"Fixture\",\n  \"host\": \"netlfy\"}")
        try fixture.user("alice")
        let errors = await fixture.failingBuild()
        let error = try #require(errors.first { $0.location.path.hasSuffix("site.json") && $0.message.hasPrefix("host") }, "\(errors)")
        #expect(error.location.line == 2 && error.location.column == 11)
        #expect(error.message.contains("'cloudflare-pages'") && error.message.contains("did you mean 'netlify'?"))
    }
}
