import TimelineContent
import TimelineModel
import TimelineTemplates

/// The timelines stage: each user's feed, their own posts merged with the posts of everyone
/// they follow, newest first, cut at `feedDepth` pages.
public struct Timelines: Sendable {
    /// For each user, indices into `LinkedSite.posts`, newest first.
    public private(set) var feeds: [[Int]]
    /// Per post, whether it is on someone's timeline (the render stage keeps only those cards).
    private(set) var isOnATimeline: [Bool]

    public static func build(for site: LinkedSite) async -> Timelines {
        let limit = site.settings.feedDepth * site.settings.pageSize
        let feeds = await ParallelMap.map(Array(site.users.indices)) { user in
            feed(of: user, in: site, limit: limit)
        }
        return Timelines(feeds: feeds, isOnATimeline: onATimeline(feeds, postCount: site.posts.count))
    }

    private static func onATimeline(_ feeds: [[Int]], postCount: Int) -> [Bool] {
        var isOnATimeline = Array(repeating: false, count: postCount)
        for feed in feeds {
            for post in feed { isOnATimeline[post] = true }
        }
        return isOnATimeline
    }

    /// The timelines after `user` began or stopped following someone in `site`: their feed
    /// merged again.
    package mutating func replaceFeed(of user: Int, in site: LinkedSite) {
        feeds[user] = Self.feed(of: user, in: site, limit: site.settings.feedDepth * site.settings.pageSize)
        isOnATimeline = Self.onATimeline(feeds, postCount: site.posts.count)
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
