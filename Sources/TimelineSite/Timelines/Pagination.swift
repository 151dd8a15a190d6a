import TimelineContent
import TimelineModel
import TimelineTemplates

/// Splits a list into pages of `pageSize`: page 1 is the list's own URL, later pages live
/// under `page/<n>/`.
public struct Pagination: Sendable, Equatable {
    public let itemCount: Int
    public let pageSize: Int

    public init(itemCount: Int, pageSize: Int) {
        self.itemCount = itemCount
        self.pageSize = max(1, pageSize)
    }

    /// At least one page, so an empty list still has a page that says so.
    public var pageCount: Int { max(1, (itemCount + pageSize - 1) / pageSize) }

    /// The page (counting from 1) that shows the item at `position`.
    public func page(showing position: Int) -> Int {
        position / pageSize + 1
    }

    /// The item range shown on a page, counting pages from 1.
    public func range(ofPage page: Int) -> Range<Int> {
        let start = min((page - 1) * pageSize, itemCount)
        return start..<min(start + pageSize, itemCount)
    }
}
