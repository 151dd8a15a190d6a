/// The fields one render read of the objects that carry a `readKey`: for each key, a mask of
/// the slots read (slot 63 stands for every slot from 63 on). What a page read is what can change
/// it, so an edit build renders again exactly the pages that read a value the edit changed.
/// A read that found nothing is recorded too: a value that comes later changes the output.
///
/// Made for one render, by one task. A render takes the reads while it runs and hands them back
/// when it ends (`Reads`), so that a field read is recorded in a value the renderer owns, not in
/// this class's properties, each access to which the runtime checks for exclusivity.
public final class TemplateReadLog {
    private var reads = Reads()

    public init() {}

    /// Each key read and the mask of its slots, flat (key, mask, key, mask, …), in key order.
    public var pairs: [UInt64] { reads.pairs }

    /// Records reads given as `pairs` gives them.
    public func record(pairs: [UInt64]) {
        reads.record(pairs: pairs)
    }

    /// The reads so far, for a render to add to; the log holds none until they are handed back.
    func take() -> Reads {
        let taken = reads
        reads = Reads()
        return taken
    }

    func handBack(_ reads: Reads) {
        self.reads = reads
    }

    /// A page reads a few dozen keyed objects, most fields in a row of the same one, so the
    /// reads are two short arrays searched from the last key found: a dictionary cost a hash per
    /// field read.
    struct Reads {
        private var keys: [UInt64] = []
        private var masks: [UInt64] = []
        private var last = 0

        var pairs: [UInt64] {
            var pairs: [UInt64] = []
            pairs.reserveCapacity(keys.count * 2)
            for (key, mask) in zip(keys, masks).sorted(by: { $0.0 < $1.0 }) {
                pairs.append(key)
                pairs.append(mask)
            }
            return pairs
        }

        @inline(__always)
        mutating func record(_ key: UInt64, slot: Int) {
            record(key, mask: 1 << UInt64(min(slot, 63)))
        }

        @inline(__always)
        private mutating func record(_ key: UInt64, mask: UInt64) {
            if last < keys.count, keys[last] == key {
                masks[last] |= mask
                return
            }
            if let found = keys.firstIndex(of: key) {
                last = found
                masks[found] |= mask
                return
            }
            if keys.isEmpty {
                // A page reads a few dozen keys: grown from empty, the two arrays were made
                // six times each per page.
                keys.reserveCapacity(64)
                masks.reserveCapacity(64)
            }
            last = keys.count
            keys.append(key)
            masks.append(mask)
        }

        mutating func record(pairs: [UInt64]) {
            for index in stride(from: 0, to: pairs.count - 1, by: 2) { record(pairs[index], mask: pairs[index + 1]) }
        }
    }
}
