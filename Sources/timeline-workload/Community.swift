import Foundation

/// The users of a workload, who follows whom, and how active and how popular
/// each user is. Activity (who posts and comments) and popularity (who gets
/// followed) both follow Zipf-like laws over a random ranking of the users;
/// the two rankings are correlated, as active people tend to be followed more.
struct Community: Sendable {
    static let activityExponent = 1.0
    static let activityOffset = 2.0
    static let popularityExponent = 1.0
    static let popularityOffset = 1.0
    /// How loosely the popularity ranking follows the activity ranking (0 = the same).
    static let popularityNoise = 1.0
    static let namedShare = 0.8
    static let bioShare = 0.6
    static let urlShare = 0.3

    let profiles: [UserProfile]
    /// For each user, the indices of the users who follow them, in index order.
    let followers: [[Int]]
    /// Picks authors and commenters: active users are picked more often.
    let activity: ZipfSampler

    var usernames: [String] { profiles.map(\.username) }

    init(userCount: Int, seed: UInt64) {
        precondition(userCount > 0, "a community needs at least one user")
        var rankingGenerator = SeededGenerator(seed: seed, stream: .ranking, index: 0)

        var byActivity = Array(0..<userCount)
        for position in stride(from: userCount - 1, to: 0, by: -1) {
            byActivity.swapAt(position, rankingGenerator.nextInt(below: position + 1))
        }
        var activityRank = [Int](repeating: 0, count: userCount)
        for (rank, user) in byActivity.enumerated() {
            activityRank[user] = rank
        }
        let popularityKey = (0..<userCount).map { user in
            log(Double(activityRank[user] + 1)) + Community.popularityNoise * rankingGenerator.nextGaussian()
        }
        let byPopularity = (0..<userCount).sorted { left, right in
            popularityKey[left] != popularityKey[right] ? popularityKey[left] < popularityKey[right] : left < right
        }

        activity = ZipfSampler(itemsByRank: byActivity, exponent: Community.activityExponent, offset: Community.activityOffset)
        let picker = FollowPicker(
            popularity: ZipfSampler(itemsByRank: byPopularity, exponent: Community.popularityExponent, offset: Community.popularityOffset),
            userCount: userCount
        )

        var userGenerators = (0..<userCount).map { SeededGenerator(seed: seed, stream: .user, index: $0) }
        let usernames = (0..<userCount).map { TextComposer.username(userIndex: $0, using: &userGenerators[$0]) }

        var followers = [[Int]](repeating: [], count: userCount)
        profiles = (0..<userCount).map { user in
            var generator = userGenerators[user]
            let name = generator.chance(Community.namedShare) ? TextComposer.displayName(using: &generator) : nil
            let bio = generator.chance(Community.bioShare) ? TextComposer.bio(using: &generator) : nil
            let url = generator.chance(Community.urlShare) ? "https://example.org/~\(usernames[user])/" : nil
            let count = picker.followCount(using: &generator)
            let follows = picker.follows(of: user, count: count, using: &generator).sorted { left, right in
                usernames[left].utf8Precedes(usernames[right])
            }
            for followed in follows {
                followers[followed].append(user)
            }
            return UserProfile(username: usernames[user], name: name, bio: bio, url: url, follows: follows)
        }
        self.followers = followers
    }
}
