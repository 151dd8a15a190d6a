import Foundation

/// Chooses whom a user follows: a heavy-tailed number of people (median about
/// 20, at most 150), mostly drawn by popularity, never the user themself and
/// never the same person twice.
struct FollowPicker: Sendable {
    static let medianCount = 21.0
    static let countSpread = 0.9
    static let maximumCount = 150
    /// The share of users who follow nobody.
    static let loners = 0.03
    /// The share of follows drawn by popularity; the rest are uniform (friends, family).
    static let popularityShare = 0.8

    let popularity: ZipfSampler
    let userCount: Int

    /// How many people a user follows: log-normal around the median, clamped to
    /// what the community and the cap allow.
    func followCount(using generator: inout SeededGenerator) -> Int {
        guard !generator.chance(FollowPicker.loners) else {
            return 0
        }
        let drawn = FollowPicker.medianCount * exp(FollowPicker.countSpread * generator.nextGaussian())
        let count = min(max(Int(drawn.rounded()), 1), FollowPicker.maximumCount)
        return min(count, userCount - 1)
    }

    /// The distinct users that `follower` follows, in the order they were chosen.
    func follows(of follower: Int, count: Int, using generator: inout SeededGenerator) -> [Int] {
        DistinctUsers.choose(count: count, among: userCount, excluding: follower, attemptsPerUser: 20, using: &generator) { generator in
            generator.chance(FollowPicker.popularityShare)
                ? popularity.sample(using: &generator)
                : generator.nextInt(below: userCount)
        }
    }
}
