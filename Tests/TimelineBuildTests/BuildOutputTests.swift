import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel

@Suite("Build output")
struct BuildOutputTests {
    @Test("two builds of the same input are byte-identical")
    func deterministic() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post(
            "-K4JKCJcHOnPQ8mBtMK6", by: "bob",
            comments: "[{\"id\": \"b\", \"username\": \"alice\", \"text\": \"x\"}, {\"id\": \"a\", \"username\": \"bob\", \"text\": \"y\"}]")
        _ = try await fixture.build()
        let first = try SiteFixture.snapshot(fixture.output)
        _ = try await fixture.build()
        let second = try SiteFixture.snapshot(fixture.output)
        #expect(first.count > 10)
        #expect(first == second)
    }

    @Test("the example site builds byte-identically twice")
    func exampleDeterministic() async throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-det-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        var snapshots: [[String: Data]] = []
        for run in 0..<2 {
            let output = temporary + "/out\(run)"
            _ = try await SiteBuilder.build(BuildOptions(siteRoot: RepositoryPaths.root, output: output, cache: RepositoryPaths.exampleImageCache))
            snapshots.append(try SiteFixture.snapshot(output))
        }
        #expect(snapshots[0] == snapshots[1])
    }

    @Test("a failed build leaves the previous output exactly as it was")
    func failedBuildKeepsOutput() async throws {
        let fixture = try SiteFixture.small()
        _ = try await fixture.build()
        let before = try SiteFixture.snapshot(fixture.output)
        let attributes = try FileManager.default.attributesOfItem(atPath: fixture.output + "/index.html")

        try fixture.write("Content/users/bob.json", "{\"username\": \"bob\", \"follows\": [\"alice\"]  oops")
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", caption: "A new post that must not appear")
        let diagnostics = await fixture.failingBuild()
        #expect(diagnostics.contains { $0.code == .malformedJSON })

        #expect(try SiteFixture.snapshot(fixture.output) == before)
        let after = try FileManager.default.attributesOfItem(atPath: fixture.output + "/index.html")
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
        // No staging folder is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.root).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty)
    }

    @Test("a template error fails the build with the template's line and keeps the output")
    func templateError() async throws {
        let fixture = try SiteFixture.small()
        _ = try await fixture.build()
        let before = try SiteFixture.snapshot(fixture.output)
        try fixture.write("Templates/post.mustache", "{{<base}}\n{{$main}}\n{{#post}}\n<p>{{/main}}\n{{/base}}\n")
        let diagnostics = await fixture.failingBuild()
        let error = try #require(diagnostics.first { $0.code == .templateError })
        #expect(error.location.path.hasSuffix("Templates/post.mustache"))
        #expect(error.location.line != nil)
        #expect(try SiteFixture.snapshot(fixture.output) == before)
    }

    @Test("a rebuild replaces the old site: pages of deleted posts disappear")
    func rebuildReplaces() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "bob")
        _ = try await fixture.build()
        #expect(fixture.exists("p/-K4JKCJcHOnPQ8mBtMK6/index.html"))
        try fixture.remove("Content/posts/-K4JKCJcHOnPQ8mBtMK6")
        _ = try await fixture.build()
        #expect(!fixture.exists("p/-K4JKCJcHOnPQ8mBtMK6/index.html"))
        #expect(fixture.exists("p/-K25Fj8qrMAtxXG3QCSn/index.html"))
    }

    @Test("an output folder that holds the content is refused")
    func unsafeOutput() async throws {
        let fixture = try SiteFixture.small()
        var options = fixture.options()
        options.output = "."
        await #expect(throws: BuildFailure.self) { try await SiteBuilder.build(options) }
        #expect(FileManager.default.fileExists(atPath: fixture.content + "/site.json"))
    }

    @Test("check writes nothing")
    func checkWritesNothing() async throws {
        let fixture = try SiteFixture.small()
        let report = try await SiteBuilder.check(fixture.options())
        #expect(report.postCount == 2)
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }
}
