import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel
@testable import TimelineSite

/// A site on the built-in theme: with no templates folder, then with one file of its own, then
/// without it again, each incremental build equals a clean one, and a build with nothing
/// changed is up to date, the missing folder included.
@Suite("Builds on the built-in theme")
struct BuiltInThemeBuildTests {
    func expectEqualToClean(_ fixture: SiteFixture, _ step: String) async throws {
        var clean = BuildOptions(siteRoot: fixture.root, output: fixture.root + "/CleanOutput", cache: fixture.root + "/.clean-cache")
        clean.clean = true
        _ = try await SiteBuilder.build(clean)
        let incremental = try SiteFixture.snapshot(fixture.output)
        let expected = try SiteFixture.snapshot(fixture.root + "/CleanOutput")
        #expect(Set(incremental.keys) == Set(expected.keys), "\(step): different files")
        for (path, bytes) in expected where incremental[path] != bytes {
            Issue.record("\(step): \(path) differs from a clean build")
        }
    }

    @Test("no templates folder, then an overriding partial and stylesheet, then none again: each build equals a clean one; no change is up to date")
    func overridesComeAndGo() async throws {
        let fixture = try SiteFixture.small()
        try fixture.remove("Templates")
        var options = fixture.options()
        options.racyWindowNanoseconds = 0
        _ = try await SiteBuilder.build(options)
        try await expectEqualToClean(fixture, "built-in theme")
        #expect(try fixture.read("assets/style.css") == String(decoding: try #require(BuiltInTheme.bytes(of: "assets/style.css")), as: UTF8.self))
        let again = try await SiteBuilder.build(options)
        #expect(again.files.mode == .upToDate, "a site without a templates folder keeps the up-to-date shortcut")

        let card = String(decoding: try #require(BuiltInTheme.bytes(of: "partials/post-card.mustache")), as: UTF8.self)
        try fixture.write("Templates/partials/post-card.mustache", #"<p class="own-card"></p>"# + "\n" + card)
        try fixture.write("Templates/assets/style.css", "body { color: teal; }\n")
        let overridden = try await SiteBuilder.build(options)
        #expect(overridden.files.mode == .incremental)
        #expect(try fixture.read("index.html").contains(#"<p class="own-card">"#))
        #expect(try fixture.read("assets/style.css") == "body { color: teal; }\n")
        try await expectEqualToClean(fixture, "one partial and the stylesheet overridden")

        try fixture.remove("Templates")
        let restored = try await SiteBuilder.build(options)
        #expect(restored.files.mode == .incremental)
        #expect(try !fixture.read("index.html").contains("own-card"))
        try await expectEqualToClean(fixture, "the templates folder removed")
    }

    @Test("a mistake in an overriding template, or a key an overriding translation lacks, is placed in the site's file; a built-in file is named as such")
    func diagnosticsNameTheFile() async throws {
        let fixture = try SiteFixture.small()
        try fixture.remove("Templates")
        try fixture.write("Templates/partials/post-card.mustache", "{{#author}}{{displyName}}{{/author}}\n")
        let diagnostics = await fixture.failingBuild()
        let problem = try #require(diagnostics.first)
        #expect(problem.location.path.hasSuffix("Templates/partials/post-card.mustache"), "\(problem)")
        #expect(problem.location.line == 1 && problem.message.contains("displayName"), "\(problem)")
        #expect(!fixture.exists("index.html"))

        try fixture.remove("Templates")
        try fixture.write("Content/site.json", #"{"title": "Fixture", "language": "pt"}"#)
        try fixture.write("Templates/translations/pt.yaml", "nav.latest: Recentes\n")
        let report = try await fixture.build()
        let fallback = try #require(report.warnings.first { $0.message.hasPrefix("no translation for") })
        #expect(fallback.location.path.hasSuffix("Templates/translations/pt.yaml"), "the site's translation file: \(fallback)")
        #expect(fallback.message.contains("en.yaml"), "\(fallback)")
        // The English texts the Portuguese ones fall back to are the built-in theme's.
        let pluralForm = try #require(report.warnings.first { $0.message.contains("has no 'many' form") })
        #expect(pluralForm.location.path == "(built-in theme)/translations/en.yaml", "\(pluralForm)")
    }
}
