import Foundation

/// The stretch of time the posts are spread over, in milliseconds since
/// 1970-01-01T00:00:00Z.
struct TimeWindow: Sendable {
    /// Two years (730 days) ending 2025-06-01T00:00:00Z.
    static let standard = TimeWindow(
        startMilliseconds: 1_685_664_000_000,
        endMilliseconds: 1_748_736_000_000
    )

    let startMilliseconds: Int64
    let endMilliseconds: Int64

    /// The creation time of post `index` of `count`. The window is cut into
    /// `count` equal slots and post `index` lands at a random point of slot
    /// `index`, so posts are evenly spread, made in index order, and (whenever a
    /// slot is at least a millisecond long) never share a millisecond.
    func postTime(index: Int, count: Int, using generator: inout SeededGenerator) -> Int64 {
        let slotLength = Double(endMilliseconds - startMilliseconds) / Double(max(count, 1))
        let offset = (Double(index) + generator.nextUnit()) * slotLength
        return startMilliseconds + Int64(offset)
    }
}

/// How long after a post people react to it: log-normally distributed, so most
/// reactions come within hours and a few weeks later.
struct ReactionDelay: Sendable {
    static let comment = ReactionDelay(medianMilliseconds: 3 * 3_600_000, spread: 1.4)
    static let like = ReactionDelay(medianMilliseconds: 1 * 3_600_000, spread: 1.4)

    /// Nobody reacts more than 90 days late.
    static let maximumMilliseconds: Double = 90 * 86_400_000

    let medianMilliseconds: Double
    let spread: Double

    /// The times of `count` reactions to something made at `origin`: strictly
    /// increasing and all strictly after `origin`, so their push IDs sort after
    /// the origin's and in creation order.
    func times(count: Int, after origin: Int64, using generator: inout SeededGenerator) -> [Int64] {
        var times = (0..<count).map { _ in
            let delay = min(medianMilliseconds * exp(spread * generator.nextGaussian()), ReactionDelay.maximumMilliseconds)
            return origin + 1 + Int64(delay)
        }
        times.sort()
        for position in times.indices.dropFirst() where times[position] <= times[position - 1] {
            times[position] = times[position - 1] + 1
        }
        return times
    }
}
