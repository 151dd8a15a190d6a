import Foundation

/// Per-post counts (comments, likes) with a chosen mean and a heavy tail: most
/// posts get a few, some get many. A count is geometric with mean
/// `mean × engagement`, where `engagement` is the post's log-normal appeal
/// (mean 1, shared by its comments and likes, so a post that draws many likes
/// tends to draw many comments too).
struct SkewedCount: Sendable {
    /// The spread of a post's log-normal engagement.
    static let engagementSpread = 0.9

    /// No post gets more than this many comments or likes.
    static let limit = 10_000

    let mean: Double

    /// A post's engagement: log-normal with mean 1.
    static func engagement(using generator: inout SeededGenerator) -> Double {
        let spread = engagementSpread
        return exp(spread * generator.nextGaussian() - spread * spread / 2)
    }

    func sample(engagement: Double, using generator: inout SeededGenerator) -> Int {
        let expected = mean * engagement
        guard expected > 0 else {
            return 0
        }
        // Failures before the first success, with success probability 1 / (1 + expected).
        let failureLogarithm = log1p(-1 / (1 + expected))
        let count = (log(generator.nextPositiveUnit()) / failureLogarithm).rounded(.down)
        guard count.isFinite, count < Double(SkewedCount.limit) else {
            return SkewedCount.limit
        }
        return Int(count)
    }
}
