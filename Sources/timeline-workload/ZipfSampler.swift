import Foundation

/// Draws items with a Zipf–Mandelbrot law: the item at rank `r` (0 = most
/// likely) is drawn with probability proportional to `1 / (r + 1 + offset)^exponent`.
/// A larger offset flattens the head; a larger exponent makes the tail thinner.
struct ZipfSampler: Sendable {
    /// The items in order of decreasing probability.
    let itemsByRank: [Int]
    private let cumulativeWeights: [Double]

    init(itemsByRank: [Int], exponent: Double, offset: Double) {
        precondition(!itemsByRank.isEmpty, "a Zipf sampler needs at least one item")
        self.itemsByRank = itemsByRank
        var running = 0.0
        cumulativeWeights = itemsByRank.indices.map { rank in
            running += 1 / pow(Double(rank) + 1 + offset, exponent)
            return running
        }
    }

    func sample(using generator: inout SeededGenerator) -> Int {
        let total = cumulativeWeights[cumulativeWeights.count - 1]
        let target = generator.nextUnit() * total
        // The first rank whose cumulative weight exceeds the target.
        var low = 0
        var high = cumulativeWeights.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativeWeights[middle] > target {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return itemsByRank[low]
    }
}
