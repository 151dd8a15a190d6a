import TimelineContent
import TimelineModel
import TimelineTemplates

/// The timelines stage: each user's feed, their own posts merged with the posts of everyone
/// they follow, newest first, cut at `feedDepth` pages.
public struct Timelines: Sendable {
    /// For each user, indices into `LinkedSite.posts`, newest first.
    public let feeds: [[Int]]
    /// Per post, whether it is on someone's timeline (the render stage keeps only those cards).
    let isOnATimeline: [Bool]

    public static func build(for site: LinkedSite) async -> Timelines {
        let limit = site.settings.feedDepth * site.settings.pageSize
        let feeds = await ParallelMap.map(Array(site.users.indices)) { user in
            feed(of: user, in: site, limit: limit)
        }
        var isOnATimeline = Array(repeating: false, count: site.posts.count)
        for feed in feeds {
            for post in feed { isOnATimeline[post] = true }
        }
        return Timelines(feeds: feeds, isOnATimeline: isOnATimeline)
    }

    /// Post indices ascend from newest to oldest, so merging ascending indices merges by ID,
    /// newest first, comparing integers instead of strings.
    package static func feed(of user: Int, in site: LinkedSite, limit: Int) -> [Int] {
        var sources = [site.postsByUser[user]]
        for followed in site.following[user] {
            sources.append(site.postsByUser[followed])
        }
        return KWayMerge.merge(sources, limit: limit)
    }
}
