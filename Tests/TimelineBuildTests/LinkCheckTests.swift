import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild

@Suite("check --links")
struct LinkCheckTests {
    @Test("The built example site has no broken internal link or image; a broken page is reported by file, line and URL")
    func exampleSite() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-links-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let options = BuildOptions(siteRoot: RepositoryPaths.root, output: output, cache: RepositoryPaths.exampleImageCache)
        _ = try await SiteBuilder.build(options)
        let report = try await SiteBuilder.check(options)
        #expect(try await LinkChecker.check(options, basePath: report.basePath).isEmpty)

        try FileManager.default.createDirectory(atPath: output + "/extra", withIntermediateDirectories: true)
        let page = """
            <html><body>
            <a href="\(report.basePath)u/nobody/">missing profile</a>
            <img src="../p/none.jpg" srcset="\(report.basePath)assets/style.css 1x, \(report.basePath)missing.webp 2x">
            <a href="https://example.org/">external</a><a href="#top">fragment</a><a href="mailto:a@example.org">mail</a>
            <a href="/elsewhere/">outside</a><a href="../../../../x">climbs</a><a href="../users/?q=han#x">fine</a>
            </body></html>
            """
        try page.write(toFile: output + "/extra/index.html", atomically: true, encoding: .utf8)
        let broken = await LinkChecker.check(options, basePath: report.basePath)
        #expect(broken.map(\.code) == Array(repeating: .brokenLink, count: 5))
        #expect(broken.map(\.location.line) == [2, 3, 3, 5, 5])
        #expect(broken.allSatisfy { $0.location.path.hasSuffix("extra/index.html") })
        let messages = broken.map(\.message)
        #expect(messages[0].contains("\(report.basePath)u/nobody/"))
        #expect(messages[1].contains("../p/none.jpg"))
        #expect(messages[2].contains("missing.webp"))
        #expect(messages.contains { $0.contains("/elsewhere/") && $0.contains("outside the site") })
        #expect(messages.contains { $0.contains("climbs above") })
    }

    @Test("Dot segments resolve as RFC 3986 says")
    func dotSegments() {
        #expect(LinkChecker.removingDotSegments("/a/b/../c/./d") == "/a/c/d")
        #expect(LinkChecker.removingDotSegments("/a/b/..") == "/a/")
        #expect(LinkChecker.removingDotSegments("/a/..") == "/")
        #expect(LinkChecker.removingDotSegments("/..") == nil)
    }
}
