import Testing

@testable import TimelineModel
@testable import TimelineSite

@Suite("Pages of a list")
struct PaginationTests {
    /// Every list length up to a few pages, for a few page sizes.
    static let cases: [(itemCount: Int, pageSize: Int)] = (1...5).flatMap { pageSize in (0...(5 * pageSize + 2)).map { ($0, pageSize) } }

    @Test("The pages cover every item once, in reading order, and each item's page is the one that shows it")
    func pagesCoverTheList() {
        for (itemCount, pageSize) in Self.cases {
            let paging = Pagination(itemCount: itemCount, pageSize: pageSize)
            let shown = paging.pages.flatMap { Array(paging.range(ofPage: $0)) }
            #expect(shown == Array(0..<itemCount), "\(itemCount) items, \(pageSize) a page")
            #expect(paging.pages.count == paging.pageCount)
            for page in paging.pages {
                for position in paging.range(ofPage: page) { #expect(paging.page(showing: position) == page) }
            }
        }
    }

    @Test("The front page holds between one and two pages' worth; numbered pages hold one page's worth")
    func pageSizes() {
        for (itemCount, pageSize) in Self.cases {
            let paging = Pagination(itemCount: itemCount, pageSize: pageSize)
            let front = paging.range(ofPage: Pagination.front).count
            #expect(front == itemCount || (pageSize...(2 * pageSize - 1)).contains(front), "\(itemCount) items, \(pageSize) a page")
            for page in paging.archivePages { #expect(paging.range(ofPage: page).count == pageSize) }
        }
    }

    @Test("A new item changes the front page only, and at most adds one numbered page: no numbered page's items move")
    func numberedPagesKeepTheirItems() {
        for (itemCount, pageSize) in Self.cases {
            let before = Pagination(itemCount: itemCount, pageSize: pageSize)
            let after = Pagination(itemCount: itemCount + 1, pageSize: pageSize)
            // Counted from the oldest, so that the new item (position 0) does not move them.
            func items(_ paging: Pagination, _ page: Int) -> [Int] { paging.range(ofPage: page).map { paging.itemCount - 1 - $0 } }
            for page in before.archivePages { #expect(items(after, page) == items(before, page), "\(itemCount) items, \(pageSize) a page, page \(page)") }
            #expect(after.archivePages.count - before.archivePages.count <= 1)
            #expect(after.page(showing: 0) == Pagination.front)
        }
    }

    @Test("Older and newer lead through every page in reading order, and nowhere else")
    func links() {
        for (itemCount, pageSize) in Self.cases {
            for pageLimit in [nil, 1, 2, 3] {
                let paging = Pagination(itemCount: itemCount, pageSize: pageSize, pageLimit: pageLimit)
                let pages = paging.pages
                for (offset, page) in pages.enumerated() {
                    #expect(paging.olderPage(than: page) == (offset + 1 < pages.count ? pages[offset + 1] : nil))
                    #expect(paging.newerPage(than: page) == (offset > 0 ? pages[offset - 1] : nil))
                }
            }
        }
    }

    @Test("A list shown to a depth (a timeline) shows its newest pages, numbered as in the whole list, each keeping its items while shown")
    func depth() {
        for (itemCount, pageSize) in Self.cases {
            for pageLimit in 1...3 {
                let paging = Pagination(itemCount: itemCount, pageSize: pageSize, pageLimit: pageLimit)
                let whole = Pagination(itemCount: itemCount, pageSize: pageSize)
                #expect(paging.pageCount == min(pageLimit, whole.pageCount))
                #expect(paging.pages.flatMap { Array(paging.range(ofPage: $0)) } == Array(0..<paging.shownCount))
                for page in paging.pages { #expect(paging.range(ofPage: page) == whole.range(ofPage: page)) }
                for position in 0..<paging.shownCount { #expect(paging.pages.contains(paging.page(showing: position))) }
                let grown = Pagination(itemCount: itemCount + 1, pageSize: pageSize, pageLimit: pageLimit)
                for page in paging.archivePages where grown.archivePages.contains(page) {
                    #expect(grown.range(ofPage: page).map { $0 - 1 } == Array(paging.range(ofPage: page)), "\(itemCount) items, \(pageSize) a page")
                }
            }
        }
    }

    @Test("Numbered pages live under page/<n>/ counted from the oldest; the front page is the list's own URL")
    func addresses() {
        let paths = SitePaths(settings: SiteSettings(title: "Photos"))
        #expect(paths.home().folder == "")
        #expect(paths.home(page: 1).folder == "page/1/")
        #expect(paths.tag("cafe", page: Pagination.front).folder == "tags/cafe/")
        // 30 posts, 12 a page: page 1 holds the oldest 12, the front page the newest 18.
        let paging = Pagination(itemCount: 30, pageSize: 12)
        #expect(paging.pages == [Pagination.front, 1])
        #expect(paging.range(ofPage: 1) == 18..<30)
        #expect(paging.range(ofPage: Pagination.front) == 0..<18)
    }
}
