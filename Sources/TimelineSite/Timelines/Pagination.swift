import TimelineContent
import TimelineModel
import TimelineTemplates

/// Splits a list, newest first, into pages that keep their items as the list grows. Counted
/// from the oldest item, every `pageSize` items make an archive page: page 1 holds the oldest
/// `pageSize`, page 2 the next, and so on, each under `page/<n>/`. The front page, at the list's
/// own URL, holds the newest full page's items and every item after them: between `pageSize` and
/// `2 × pageSize − 1` items (all of them in a list shorter than that).
///
/// So a new item changes the front page only, and every `pageSize` new items add one archive
/// page (and the link to it from the one before); no archive page's items ever move, and a
/// published archive page stays as it was (docs/templates.md, "Pages of a list"). A list shown
/// to a depth of `pageLimit` pages (a timeline) shows its front page and the newest archive
/// pages, numbered as in the whole list, so that those keep their items too; the oldest shown
/// goes once every `pageSize` new items.
public struct Pagination: Sendable, Equatable {
    /// The front page's number.
    public static let front = 0

    public let itemCount: Int
    public let pageSize: Int
    /// The most pages shown, the front page among them; nil for every page.
    public let pageLimit: Int?

    public init(itemCount: Int, pageSize: Int, pageLimit: Int? = nil) {
        self.itemCount = max(0, itemCount)
        self.pageSize = max(1, pageSize)
        self.pageLimit = pageLimit.map { max(1, $0) }
    }

    /// The archive pages of the whole list, shown or not: every full page of items counted from
    /// the oldest but the newest, which is on the front page.
    private var allArchivePages: Range<Int> { 1..<max(1, itemCount / pageSize) }

    /// The archive pages' numbers, from the oldest.
    public var archivePages: Range<Int> {
        let all = allArchivePages
        guard let pageLimit else { return all }
        return max(all.lowerBound, all.upperBound - (pageLimit - 1))..<all.upperBound
    }

    /// How many pages the list has: the front page and the archive pages. At least one, so an
    /// empty list still has a page that says so.
    public var pageCount: Int { archivePages.count + 1 }

    /// Every page's number, in reading order: the front page, then the archive pages from the newest.
    public var pages: [Int] { [Self.front] + archivePages.reversed() }

    /// How many of the newest items the pages show.
    public var shownCount: Int { range(ofPage: Self.front).count + archivePages.count * pageSize }

    /// The number of the page that shows the item at `position` (0 is the newest).
    /// Among the shown items (`shownCount`).
    public func page(showing position: Int) -> Int {
        let fromOldest = itemCount - 1 - position
        let archive = fromOldest / pageSize + 1
        return archive < allArchivePages.upperBound ? archive : Self.front
    }

    /// The positions of the items a page shows (0 is the newest); empty for a page the list
    /// does not have.
    public func range(ofPage page: Int) -> Range<Int> {
        if page == Self.front { return 0..<(itemCount - allArchivePages.count * pageSize) }
        guard archivePages.contains(page) else { return 0..<0 }
        let end = itemCount - (page - 1) * pageSize
        return (end - pageSize)..<end
    }

    /// The page with the items just older than those of `page`, if any.
    public func olderPage(than page: Int) -> Int? {
        if page == Self.front { return archivePages.last }
        return archivePages.contains(page - 1) ? page - 1 : nil
    }

    /// The page with the items just newer than those of `page`, if any.
    public func newerPage(than page: Int) -> Int? {
        if page == Self.front { return nil }
        return archivePages.contains(page + 1) ? page + 1 : Self.front
    }

    /// The number a page shows in its title and position: an archive page's own, and for the
    /// front page the number its newest full page will take as an archive page.
    public func displayNumber(ofPage page: Int) -> Int {
        page == Self.front ? allArchivePages.upperBound : page
    }

    /// The pages of this paging that show other items or links than in `before`, the paging
    /// of the same list before an item was put in or taken out at `changed`, counted from the
    /// oldest item (the list's count before, for a newest item put first): the front page,
    /// pages showing items from there on (which moved), pages it did not have, and pages
    /// whose older or newer page is another.
    public func pagesChanged(since before: Pagination, fromOldest changed: Int) -> [Int] {
        let paginatedBefore = before.pageCount > 1
        return pages.filter { page in
            page == Self.front || page * pageSize > changed || !before.archivePages.contains(page)
                || olderPage(than: page) != before.olderPage(than: page) || newerPage(than: page) != before.newerPage(than: page)
                || (pageCount > 1) != paginatedBefore
        }
    }

    /// `pagesChanged(since:fromOldest:)` after the newest item was put first.
    public func pagesChanged(byNewestItemSince before: Pagination) -> [Int] {
        pagesChanged(since: before, fromOldest: before.itemCount)
    }

    /// The archive pages `before` showed that this paging does not.
    public func pagesGone(since before: Pagination) -> [Int] {
        before.archivePages.filter { !archivePages.contains($0) }
    }
}
