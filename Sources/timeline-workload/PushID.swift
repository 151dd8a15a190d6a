/// A Firebase push ID: 20 characters from a 64-character alphabet in ASCII
/// order. The first 8 encode the creation time in milliseconds (6 bits each,
/// most significant first), so IDs sort byte-wise by creation time; the last 12
/// carry 72 bits that tell IDs made in the same millisecond apart.
struct PushID: Sendable, Hashable {
    static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

    /// The latest time 8 characters can hold.
    static let maximumMilliseconds: Int64 = (1 << 48) - 1

    let text: String

    /// - Parameters:
    ///   - milliseconds: creation time since 1970-01-01T00:00:00Z.
    ///   - suffixHigh: the top 8 of the 72 suffix bits.
    ///   - suffixLow: the low 64 of the 72 suffix bits.
    init(milliseconds: Int64, suffixHigh: UInt8, suffixLow: UInt64) {
        precondition((0...PushID.maximumMilliseconds).contains(milliseconds), "time out of range for a push ID")
        let alphabet = PushID.alphabet
        var characters = [UInt8](repeating: 0, count: 20)
        var time = UInt64(milliseconds)
        for position in stride(from: 7, through: 0, by: -1) {
            characters[position] = alphabet[Int(time & 63)]
            time >>= 6
        }
        characters[8] = alphabet[Int(suffixHigh >> 2)]
        characters[9] = alphabet[Int((UInt64(suffixHigh & 3) << 4) | (suffixLow >> 60))]
        for position in 10..<20 {
            let shift = UInt64(6 * (19 - position))
            characters[position] = alphabet[Int((suffixLow >> shift) & 63)]
        }
        text = String(decoding: characters, as: UTF8.self)
    }
}

/// Makes the push IDs of one workload. The 72-bit suffix is 8 bits from the
/// item's generator plus a seed-keyed bijection of the item's serial number
/// (post index and slot within the post), so two IDs can never be equal, even
/// when they share a millisecond, while still looking random.
struct PushIDFactory: Sendable {
    private let key: UInt64

    init(seed: UInt64) {
        var generator = SeededGenerator(seed: seed, stream: .identifierKey, index: 0)
        key = generator.next()
    }

    /// - Parameters:
    ///   - postIndex: the index of the post the ID belongs to (below 2^32).
    ///   - slot: 0 for the post itself, then one per comment and like (below 2^32).
    func makeID(milliseconds: Int64, postIndex: Int, slot: Int, using generator: inout SeededGenerator) -> PushID {
        precondition(postIndex >= 0 && postIndex < 1 << 32 && slot >= 0 && slot < 1 << 32, "serial out of range")
        let serial = UInt64(postIndex) << 32 | UInt64(slot)
        let high = UInt8(truncatingIfNeeded: generator.next() >> 56)
        return PushID(milliseconds: milliseconds, suffixHigh: high, suffixLow: SeededGenerator.mix(serial ^ key))
    }
}
