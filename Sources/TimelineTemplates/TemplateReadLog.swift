/// The fields one render read of the objects that carry a `readKey`: for each key, a mask of
/// the slots read (slot 63 stands for every slot from 63 on). What a page read is what can change
/// it, so an edit build renders again exactly the pages that read a value the edit changed.
/// A read that found nothing is recorded too: a value that comes later changes the output.
///
/// Made for one render, by one task.
public final class TemplateReadLog {
    public private(set) var slots: [UInt64: UInt64] = [:]

    public init() {}

    @inline(__always)
    func record(_ key: UInt64, slot: Int) {
        slots[key, default: 0] |= 1 << UInt64(min(slot, 63))
    }

    public func record(_ reads: [UInt64: UInt64]) {
        for (key, mask) in reads { slots[key, default: 0] |= mask }
    }
}
