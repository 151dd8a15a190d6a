import TimelineContent
import TimelineModel
import TimelineTemplates

/// The timelines stage: each user's feed, their own posts merged with the posts of everyone
/// they follow, newest first, cut where its `feedDepth` pages end (`paging(of:)`).
public struct Timelines: Sendable {
    /// For each user, indices into `LinkedSite.posts`, newest first.
    public private(set) var feeds: [[Int]]
    /// Per post, whether it is on someone's timeline (the render stage keeps only those cards).
    private(set) var isOnATimeline: [Bool]
    /// For each user, how many posts their whole timeline holds, of which `feeds` keeps the
    /// newest its pages show.
    private var totals: [Int]
    private let pageSize: Int
    private let feedDepth: Int

    init(feeds: [[Int]], site: LinkedSite) {
        self.feeds = feeds
        isOnATimeline = Self.onATimeline(feeds, postCount: site.posts.count)
        totals = site.users.indices.map { Self.total(of: $0, in: site) }
        pageSize = site.settings.pageSize
        feedDepth = site.settings.feedDepth
    }

    public static func build(for site: LinkedSite) async -> Timelines {
        let feeds = await ParallelMap.map(Array(site.users.indices)) { user in
            feed(of: user, in: site)
        }
        return Timelines(feeds: feeds, site: site)
    }

    /// The pages of `user`'s timeline: the front page and the newest archive pages of the whole
    /// timeline, `feedDepth` in all, numbered as in it (`Pagination`), so that a new post
    /// changes its front page and not every page.
    public func paging(of user: Int) -> Pagination {
        Self.paging(total: totals[user], pageSize: pageSize, feedDepth: feedDepth)
    }

    private static func paging(total: Int, pageSize: Int, feedDepth: Int) -> Pagination {
        Pagination(itemCount: total, pageSize: pageSize, pageLimit: feedDepth)
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
        feeds[user] = Self.feed(of: user, in: site)
        totals[user] = Self.total(of: user, in: site)
        isOnATimeline = Self.onATimeline(feeds, postCount: site.posts.count)
    }

    /// The timelines after the newest post of `site` was put first (`LinkedSite.insertNewest`):
    /// every index moves one up, and the timelines that show it (its author's and their
    /// followers') are merged again.
    package mutating func insertNewestPost(in site: LinkedSite) {
        for user in feeds.indices {
            feeds[user] = feeds[user].map { $0 + 1 }
        }
        mergeAgain(timelinesShowingPostsOf: site.postAuthor[0], in: site)
    }

    /// The timelines after the post at `index`, by `author`, was removed from `site`
    /// (`LinkedSite.removePost`): every later index moves one down, and the timelines that
    /// held it (its author's and their followers') are merged again.
    package mutating func removePost(at index: Int, by author: Int, in site: LinkedSite) {
        for user in feeds.indices {
            feeds[user] = feeds[user].compactMap { $0 == index ? nil : $0 > index ? $0 - 1 : $0 }
        }
        mergeAgain(timelinesShowingPostsOf: author, in: site)
    }

    /// Merges again the timelines of `author` and their followers, whose posts changed.
    private mutating func mergeAgain(timelinesShowingPostsOf author: Int, in site: LinkedSite) {
        for user in [author] + site.followers[author] {
            feeds[user] = Self.feed(of: user, in: site)
            totals[user] = Self.total(of: user, in: site)
        }
        isOnATimeline = Self.onATimeline(feeds, postCount: site.posts.count)
    }

    /// The timelines after a new user, who follows no one, was put at `index` of `site`
    /// (`LinkedSite.insertUser`): their timeline is empty.
    package mutating func insertUser(at index: Int) {
        feeds.insert([], at: index)
        totals.insert(0, at: index)
    }

    /// The timelines after the user at `index`, who had no posts and followed no one, was
    /// taken out of `site` (`LinkedSite.removeUser`): no other timeline held their posts.
    package mutating func removeUser(at index: Int) {
        feeds.remove(at: index)
        totals.remove(at: index)
    }

    /// The timelines after a user was moved (`LinkedSite.moveUser`): each keeps its posts.
    package mutating func moveUser(_ move: IndexMove) {
        feeds = move.applied(to: feeds)
        totals = move.applied(to: totals)
    }

    /// How many of the posts of `user`'s whole timeline are newer than the post at `index`
    /// (its position there, when the timeline holds it).
    package static func position(of index: Int, inTimelineOf user: Int, in site: LinkedSite) -> Int {
        ([user] + site.following[user]).reduce(0) { $0 + SortedSearch.count(below: index, in: site.postsByUser[$1]) }
    }

    /// How many posts `user`'s whole timeline holds: theirs and those of everyone they follow.
    private static func total(of user: Int, in site: LinkedSite) -> Int {
        site.following[user].reduce(site.postsByUser[user].count) { $0 + site.postsByUser[$1].count }
    }

    /// Post indices ascend from newest to oldest, so merging ascending indices merges by ID,
    /// newest first, comparing integers instead of strings.
    package static func feed(of user: Int, in site: LinkedSite) -> [Int] {
        var sources = [site.postsByUser[user]]
        for followed in site.following[user] {
            sources.append(site.postsByUser[followed])
        }
        let settings = site.settings
        let shown = paging(total: total(of: user, in: site), pageSize: settings.pageSize, feedDepth: settings.feedDepth).shownCount
        return KWayMerge.merge(sources, limit: shown)
    }
}
