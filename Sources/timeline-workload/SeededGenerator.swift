import Foundation

/// The independent random streams the workload draws from. Each post, user and
/// ranking gets its own generator derived from the seed and its index, so the
/// numbers one item sees never depend on the order in which items are made.
enum RandomStream: UInt64, Sendable {
    case ranking = 0x5241_4E4B
    case user = 0x5553_4552
    case post = 0x504F_5354
    case identifierKey = 0x4B45_5953
}

/// SplitMix64 (Steele, Lea & Flood, 2014): small, fast and fully determined by
/// its 64-bit state. Every random choice in the workload goes through here;
/// the bounded and floating-point helpers are written out so the results do not
/// depend on the standard library's own (unspecified) algorithms.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A generator for item `index` of `stream`, independent of every other item.
    init(seed: UInt64, stream: RandomStream, index: Int) {
        let streamKey = SeededGenerator.mix(seed ^ SeededGenerator.mix(stream.rawValue))
        state = SeededGenerator.mix(streamKey &+ UInt64(truncatingIfNeeded: index))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededGenerator.mix(state)
    }

    /// A uniform integer in `0 ..< bound` (Lemire's multiply-and-reject method).
    mutating func nextInt(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let limit = UInt64(bound)
        var product = next().multipliedFullWidth(by: limit)
        if product.low < limit {
            let threshold = (0 &- limit) % limit
            while product.low < threshold {
                product = next().multipliedFullWidth(by: limit)
            }
        }
        return Int(product.high)
    }

    /// A uniform integer in `range`.
    mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + nextInt(below: range.upperBound - range.lowerBound + 1)
    }

    /// A uniform value in [0, 1) with 53 random bits.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform value in (0, 1], safe to take the logarithm of.
    mutating func nextPositiveUnit() -> Double {
        Double((next() >> 11) + 1) * 0x1p-53
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        nextUnit() < probability
    }

    /// A standard normal value (Box–Muller, one of the pair).
    mutating func nextGaussian() -> Double {
        let radius = (-2 * log(nextPositiveUnit())).squareRoot()
        return radius * cos(2 * Double.pi * nextUnit())
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[nextInt(below: elements.count)]
    }

    /// The SplitMix64 finaliser. Every step is invertible, so it is a bijection
    /// on 64-bit values: distinct inputs always give distinct outputs.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
