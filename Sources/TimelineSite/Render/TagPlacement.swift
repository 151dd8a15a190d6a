import TimelineContent
import TimelineModel

/// What a change to the hashtags (`TagIndexEdit`) reaches, by the paging `Page.all` and
/// `FeedFile.all` use: every page and the feed of each tag whose posts or spelling changed,
/// the tags page, the files of tags and tag pages that are gone, and whether the sitemap lists
/// other pages.
package struct TagPlacement: Sendable {
    package let pages: [Page]
    package let feeds: [FeedFile]
    /// Files of the site before the edit, relative to the output root, that it no longer has.
    package let retired: [String]
    package let changesSitemap: Bool

    /// `before` is a site whose tags are `edit.old`, to find the files of those gone; pages and
    /// feeds are those of the site whose tags are `edit.new`.
    package init(_ edit: TagIndexEdit, before: LinkedSite, paths: SitePaths) {
        let pageSize = before.settings.pageSize
        let old = edit.old
        let new = edit.new
        let oldIndex = Self.indexesByKey(old)
        let newIndex = Self.indexesByKey(new)
        var pages: [Page] = edit.changedKeys.isEmpty ? [] : [.tags]
        var feeds: [FeedFile] = []
        var retired: [String] = []
        for key in edit.changedKeys.sorted() {
            var keptPages = Set<Int>()
            if let index = newIndex[key] {
                pages += Page.tagPages(index, in: new, pageSize: pageSize)
                feeds.append(.tag(index))
                keptPages = Set(Page.tagPaging(new.tags[index], pageSize: pageSize).pages)
            }
            guard let index = oldIndex[key] else { continue }
            for page in Page.tagPaging(old.tags[index], pageSize: pageSize).pages where !keptPages.contains(page) {
                if let location = Page.tag(index, page: page).location(in: before, paths: paths) { retired.append(location.outputFile) }
            }
            if newIndex[key] == nil { retired.append(FeedFile.tag(index).file(in: before)) }
        }
        self.pages = pages
        self.feeds = feeds
        self.retired = retired
        changesSitemap = Self.listedPages(old, pageSize: pageSize) != Self.listedPages(new, pageSize: pageSize)
    }

    private static func indexesByKey(_ tags: TagIndex) -> [String: Int] {
        var indexes: [String: Int] = [:]
        for (index, tag) in tags.tags.enumerated() { indexes[tag.key] = index }
        return indexes
    }

    /// The tag pages in the sitemap's order: each tag's key and page count.
    private static func listedPages(_ tags: TagIndex, pageSize: Int) -> [String] {
        tags.tags.map { "\(Page.tagPaging($0, pageSize: pageSize).pageCount) \($0.key)" }
    }
}
