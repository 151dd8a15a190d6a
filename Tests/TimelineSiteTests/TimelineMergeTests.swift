import Testing
import TimelineTestSupport

@testable import TimelineContent
@testable import TimelineSite

@Suite("Timeline merge")
struct TimelineMergeTests {
    @Test("k-way merge equals a naive sort of the concatenation", arguments: 0..<40)
    func matchesNaiveSort(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        let listCount = Int(generator.next() % 12)
        var pool = Array(0..<500).shuffled(using: &generator)
        var lists: [[Int]] = []
        for _ in 0..<listCount {
            let size = Int(generator.next() % 40)
            lists.append(Array(pool.prefix(size)).sorted())
            pool.removeFirst(min(size, pool.count))
        }
        let limit = Int(generator.next() % 120)
        let naive = Array(lists.flatMap { $0 }.sorted().prefix(limit))
        #expect(KWayMerge.merge(lists, limit: limit) == naive)
    }

    @Test("empty lists and a zero limit")
    func edgeCases() {
        #expect(KWayMerge.merge([], limit: 10) == [])
        #expect(KWayMerge.merge([[], [], []], limit: 10) == [])
        #expect(KWayMerge.merge([[1, 2, 3]], limit: 0) == [])
        #expect(KWayMerge.merge([[1, 5], [2, 3], [4]], limit: 100) == [1, 2, 3, 4, 5])
    }

    @Test("a user's feed holds their own posts and those of whom they follow, newest first, cut at feedDepth pages")
    func feedOfLinkedSite() async throws {
        let fixture = try SiteFixture()
        try fixture.user("ann", follows: ["ben"])
        try fixture.user("ben")
        try fixture.user("cat")
        let ids = [
            "-K10000000000000000a", "-K20000000000000000b", "-K30000000000000000c", "-K40000000000000000d", "-K50000000000000000e", "-K60000000000000000f",
        ]
        for (index, id) in ids.enumerated() {
            try fixture.post(id, by: ["ann", "ben", "cat"][index % 3])
        }
        let (content, _) = await ContentLoader(contentFolder: .folder(fixture.content, shownAs: "Content/")).load()
        let (site, diagnostics) = SiteLinker.link(try #require(content))
        #expect(!diagnostics.hasErrors)
        let linked = try #require(site)
        let timelines = await Timelines.build(for: linked)
        let ann = try #require(linked.userIndex(named: "ann"))
        let shown = timelines.feeds[ann].map { linked.posts[$0].id.rawValue }
        // ann's and ben's posts (not cat's), newest first, at most pageSize 2 × feedDepth 2 = 4.
        #expect(shown == ["-K50000000000000000e", "-K40000000000000000d", "-K20000000000000000b", "-K10000000000000000a"])
    }
}
