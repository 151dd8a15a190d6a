import TimelineContent
import TimelineModel

/// How the timelines are kept in the site index (`StateCoder`).
extension Timelines {
    /// Writes `timelines`, or (given nil) reads those of `site`.
    package static func code(_ timelines: Timelines?, site: LinkedSite, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Timelines {
        let feeds = try coder.indexLists(timelines?.feeds, count: site.users.count, below: site.posts.count)
        return timelines ?? Timelines(feeds: feeds, site: site)
    }
}
