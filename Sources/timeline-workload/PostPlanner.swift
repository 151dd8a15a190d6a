/// Decides each post's author, time, texts, comments and likes. Post `index`
/// draws only from its own generator, derived from the seed and the index, so
/// posts can be planned in any order, on any thread, with the same result.
struct PostPlanner: Sendable {
    /// The share of comments written by one of the author's followers (when the
    /// author has any), and by the author themself; the rest come from anyone,
    /// weighted by activity.
    static let followerCommentShare = 0.55
    static let authorCommentShare = 0.1
    /// The share of likes given by one of the author's followers.
    static let followerLikeShare = 0.65

    let community: Community
    let postCount: Int
    let comments: SkewedCount
    let likes: SkewedCount
    let seed: UInt64
    let window: TimeWindow
    let identifiers: PushIDFactory

    init(community: Community, settings: WorkloadSettings, window: TimeWindow = .standard) {
        self.community = community
        postCount = settings.postCount
        comments = SkewedCount(mean: settings.commentsPerPost)
        likes = SkewedCount(mean: settings.likesPerPost)
        seed = settings.seed
        self.window = window
        identifiers = PushIDFactory(seed: settings.seed)
    }

    func plan(postIndex: Int) -> PostPlan {
        var generator = SeededGenerator(seed: seed, stream: .post, index: postIndex)
        let author = community.activity.sample(using: &generator)
        let time = window.postTime(index: postIndex, count: postCount, using: &generator)
        let id = identifiers.makeID(milliseconds: time, postIndex: postIndex, slot: 0, using: &generator)
        let alt = TextComposer.altText(using: &generator)
        let caption = TextComposer.caption(using: &generator)

        let engagement = SkewedCount.engagement(using: &generator)
        let commentCount = comments.sample(engagement: engagement, using: &generator)
        // Nobody likes a post twice or likes their own post, so there are at most userCount - 1 likes.
        let likeCount = min(likes.sample(engagement: engagement, using: &generator), community.profiles.count - 1)

        var slot = 0
        let commentTimes = ReactionDelay.comment.times(count: commentCount, after: time, using: &generator)
        let commentPlans = commentTimes.map { commentTime in
            slot += 1
            return CommentPlan(
                id: identifiers.makeID(milliseconds: commentTime, postIndex: postIndex, slot: slot, using: &generator),
                author: commenter(forPostBy: author, using: &generator),
                text: TextComposer.comment(using: &generator)
            )
        }

        let likeTimes = ReactionDelay.like.times(count: likeCount, after: time, using: &generator)
        let likers = chooseLikers(count: likeCount, forPostBy: author, using: &generator)
        let likePlans = zip(likeTimes, likers).map { likeTime, liker in
            slot += 1
            return LikePlan(
                id: identifiers.makeID(milliseconds: likeTime, postIndex: postIndex, slot: slot, using: &generator),
                author: liker
            )
        }

        return PostPlan(id: id, author: author, alt: alt, caption: caption, comments: commentPlans, likes: likePlans)
    }

    private func commenter(forPostBy author: Int, using generator: inout SeededGenerator) -> Int {
        let draw = generator.nextUnit()
        let followers = community.followers[author]
        if draw < PostPlanner.followerCommentShare, !followers.isEmpty {
            return generator.pick(followers)
        }
        if draw < PostPlanner.followerCommentShare + PostPlanner.authorCommentShare {
            return author
        }
        return community.activity.sample(using: &generator)
    }

    /// `count` distinct users other than the author, mostly the author's
    /// followers; `count` must be below the number of users.
    private func chooseLikers(count: Int, forPostBy author: Int, using generator: inout SeededGenerator) -> [Int] {
        guard count > 0 else {
            return []
        }
        let followers = community.followers[author]
        return DistinctUsers.choose(
            count: count, among: community.profiles.count, excluding: author, attemptsPerUser: 32, using: &generator
        ) { generator in
            generator.chance(PostPlanner.followerLikeShare) && !followers.isEmpty
                ? generator.pick(followers)
                : community.activity.sample(using: &generator)
        }
    }
}
