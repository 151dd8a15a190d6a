/// Numbers values as first seen (0, 1, 2, …): the numbering of a reads table's keys and masks.
/// Open addressing with a multiplicative hash: the keys are already hashes and the masks few,
/// so a `Dictionary`'s SipHash cost 100 instructions of each of the millions of reads a clean
/// build numbers, about 1 % of it.
struct FirstSeenNumbers {
    /// Each value once, in the order first seen: value `i` has number `i`.
    private(set) var values: [UInt64] = []
    /// Per slot, a value's number + 1, or 0 when the slot is free.
    private var slots = [UInt32](repeating: 0, count: 64)

    mutating func number(of value: UInt64) -> UInt32 {
        let mask = slots.count - 1
        var slot = Self.slot(of: value, mask: mask)
        while slots[slot] != 0 {
            let number = slots[slot] - 1
            if values[Int(number)] == value { return number }
            slot = (slot + 1) & mask
        }
        let number = UInt32(values.count)
        values.append(value)
        slots[slot] = number + 1
        if values.count * 2 > slots.count { grow() }
        return number
    }

    private static func slot(of value: UInt64, mask: Int) -> Int {
        // Fibonacci hashing: the high bits of the product, where every bit of the value counts.
        Int(truncatingIfNeeded: (value &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, value) in values.enumerated() {
            var slot = Self.slot(of: value, mask: mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(number + 1)
        }
    }
}
