import Foundation
import Testing
import TimelineTestSupport

/// A theme is compiled against what each page receives before anything is built: every
/// problem is reported at its file, line and column, all in one run, and Output is untouched.
@Suite struct CheckedThemeTests {
    @Test func misspeltNamesAndAnUnclosedSectionAreAllReportedAndOutputIsUntouched() async throws {
        let fixture = try SiteFixture.small()
        try await fixture.build()
        let before = try SiteFixture.snapshot(fixture.output)

        let card = try String(contentsOfFile: fixture.root + "/Templates/partials/post-card.mustache", encoding: .utf8)
        try fixture.write("Templates/partials/post-card.mustache", card.replacingOccurrences(of: "{{likesLabel}}", with: "{{likeLabel}}"))
        try fixture.write("Templates/partials/pagination.mustache", "{{#pagination.isPaginated}}\n<nav>{{pagination.pageNumbr}}</nav>\n")
        try fixture.write("Templates/search.mustache", "{{<base}}{{$main}}{{search.manifest}}{{> partials/nothing}}{{/main}}{{/base}}\n")

        let diagnostics = await fixture.failingBuild()
        let lines = Set(
            diagnostics.map { "\($0.location.path.dropFirst(fixture.root.count + 1)):\($0.location.line ?? 0):\($0.location.column ?? 0): \($0.message)" })
        let likeLine = try #require(card.components(separatedBy: "\n").firstIndex { $0.contains("{{likesLabel}}") }) + 1
        let likeColumn =
            try #require(card.components(separatedBy: "\n")[likeLine - 1].range(of: "{{likesLabel}}")).lowerBound.utf16Offset(
                in: card.components(separatedBy: "\n")[likeLine - 1]) + 1
        #expect(
            lines.contains(
                "Templates/partials/post-card.mustache:\(likeLine):\(likeColumn): no value named 'likeLabel' is available here; did you mean 'likesLabel'?"))
        #expect(lines.contains("Templates/partials/pagination.mustache:1:1: 'pagination.isPaginated' is opened here and never closed"))
        #expect(lines.contains("Templates/search.mustache:1:19: 'search' (search) has no field 'manifest'; did you mean 'manifestURL'?"))
        #expect(lines.contains("Templates/search.mustache:1:38: there is no template 'partials/nothing'"))
        #expect(diagnostics.count == 4, "\(lines.sorted())")
        #expect(try SiteFixture.snapshot(fixture.output) == before)
    }

    @Test func aNameOfAnotherPageIsRefusedWhereItIsNotGiven() async throws {
        let fixture = try SiteFixture.small()
        let home = try String(contentsOfFile: fixture.root + "/Templates/home.mustache", encoding: .utf8)
        try fixture.write("Templates/home.mustache", home.replacingOccurrences(of: "{{site.title}}", with: "{{user.username}}"))
        let diagnostics = await fixture.failingBuild()
        #expect(diagnostics.map(\.message) == ["no value named 'user' is available here"], "\(diagnostics)")
        #expect(diagnostics.first?.location.path == fixture.root + "/Templates/home.mustache")
    }

    @Test func aSectionClosedWithAnotherNameIsRefused() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Templates/partials/avatar.mustache", "{{#avatar}}x{{/avatr}}")
        let diagnostics = await fixture.failingBuild()
        #expect(
            diagnostics.map(\.description) == [
                fixture.root + "/Templates/partials/avatar.mustache:1:13: error: '{{/avatr}}' closes 'avatar', opened at line 1, column 1"
            ])
    }
}
