/// The fields one render read of the objects that carry a `readKey`: for each key, a mask of
/// the slots read (slot 63 stands for every slot from 63 on). What a page read is what can change
/// it, so an edit build renders again exactly the pages that read a value the edit changed.
/// A read that found nothing is recorded too: a value that comes later changes the output.
///
/// Made for one render, by one task. A page reads a few dozen keyed objects, most fields in a
/// row of the same one, so the log is two short arrays searched from the last key found: a
/// dictionary cost a hash per field read.
public final class TemplateReadLog {
    private var keys: [UInt64] = []
    private var masks: [UInt64] = []
    private var last = 0

    public init() {}

    /// Each key read, with the mask of its slots.
    public var slots: [UInt64: UInt64] {
        var slots: [UInt64: UInt64] = [:]
        for (key, mask) in zip(keys, masks) { slots[key, default: 0] |= mask }
        return slots
    }

    @inline(__always)
    func record(_ key: UInt64, slot: Int) {
        record(key, mask: 1 << UInt64(min(slot, 63)))
    }

    @inline(__always)
    private func record(_ key: UInt64, mask: UInt64) {
        if last < keys.count, keys[last] == key {
            masks[last] |= mask
            return
        }
        if let found = keys.firstIndex(of: key) {
            last = found
            masks[found] |= mask
            return
        }
        last = keys.count
        keys.append(key)
        masks.append(mask)
    }

    public func record(_ reads: [UInt64: UInt64]) {
        for (key, mask) in reads { record(key, mask: mask) }
    }
}
