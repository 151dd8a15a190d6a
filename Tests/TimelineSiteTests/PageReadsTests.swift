import Foundation
import Testing

@testable import TimelineModel
@testable import TimelineSite

@Suite("What pages read, kept between builds")
struct PageReadsTests {
    static let writer = Digest.of(Array("page reads tests".utf8))

    static func temporaryFile() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-reads-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/reads"
    }

    static func files(_ reads: PageReads, _ paths: [String]) -> [String: [UInt64]] {
        var found: [String: [UInt64]] = [:]
        for path in paths { found[path] = reads.pairs(of: path) }
        return found
    }

    @Test("edits made to kept reads are written and read back, whatever the path order and key table")
    func editsRoundTrip() throws {
        let file = try Self.temporaryFile()
        let first: [String: [UInt64]] = [
            "u/bob/index.html": [7, 1, 900, 6], "index.html": [7, 3], "p/x/index.html": [], "tags/é/index.html": [900, 1, 12, 2],
        ]
        try PageReads(byFile: first).write(to: file, writer: Self.writer)
        var reads = try #require(PageReads.read(from: file, writer: Self.writer))
        #expect(!reads.hasChanged)
        let all = ["u/bob/index.html", "index.html", "p/x/index.html", "tags/é/index.html", "a/index.html", "u/zed/index.html"]
        #expect(Self.files(reads, all) == first)
        #expect(PageReads.read(from: file, writer: Digest.of(Array("another".utf8))) == nil)

        reads.set([7, 3], of: "index.html")
        #expect(!reads.hasChanged)
        reads.set([5, 1, 7, 2], of: "index.html")
        reads.remove("p/x/index.html")
        reads.set([1, 1], of: "a/index.html")
        reads.set([99, 8], of: "u/zed/index.html")
        reads.remove("u/zed/index.html")
        reads.set([2, 4], of: "u/zed/index.html")
        #expect(reads.hasChanged)
        let expected: [String: [UInt64]] = [
            "u/bob/index.html": [7, 1, 900, 6], "index.html": [5, 1, 7, 2], "tags/é/index.html": [900, 1, 12, 2], "a/index.html": [1, 1],
            "u/zed/index.html": [2, 4],
        ]
        #expect(Self.files(reads, all) == expected)
        try reads.write(to: file, writer: Self.writer)
        let again = try #require(PageReads.read(from: file, writer: Self.writer))
        #expect(Self.files(again, all) == expected)
        #expect(Self.files(PageReads(byFile: expected), all) == expected)
    }

    @Test("an edit reaches the pages that read a changed field, new pages, and names the pages gone")
    func reach() throws {
        let file = try Self.temporaryFile()
        try PageReads(byFile: ["index.html": [7, 1], "users/index.html": [7, 2], "tags/index.html": [8, 1], "search/index.html": []])
            .write(to: file, writer: Self.writer)
        var reads = try #require(PageReads.read(from: file, writer: Self.writer))
        reads.set([9, 1], of: "search/index.html")
        reads.set([9, 1], of: "p/new/index.html")
        let pages: [(page: Page, file: String)] = [
            (.home(page: 1), "index.html"), (.users, "users/index.html"), (.search, "search/index.html"), (.post(0), "p/new/index.html"),
            (.post(1), "p/newer/index.html"),
        ]
        let byKey = reads.reach(of: pages, changed: [7: 2, 9: 1])
        #expect(byKey.pages == [.users, .search, .post(0), .post(1)])
        #expect(byKey.gone == ["tags/index.html"])
        let nothing = reads.reach(of: pages, changed: [:])
        #expect(nothing.pages == [.post(1)])
        reads.remove("p/new/index.html")
        #expect(reads.reach(of: Array(pages.prefix(3)), changed: [:]).gone == ["tags/index.html"])
    }
}
