/// The fields an entry template (with every partial, parent and text it reaches) may read of
/// objects whose kind a Swift type declares: a value it cannot read cannot change what it
/// renders, so a page's fingerprint leaves such values out (a count in the site's values that
/// only the home page shows does not make every other page render again when it changes).
/// A template that reads a name into an object of a kind not known ahead has none
/// (`TemplateSet.reads(ofEntry:)` is nil): it may read anything.
public struct TemplateReads: Sendable {
    /// By the Swift type that declares a kind of object (`TemplateSchema.owner`), the slots read.
    let slots: [ObjectIdentifier: Slots]

    init(slots: [ObjectIdentifier: Set<Int>]) {
        self.slots = slots.mapValues(Slots.init)
    }

    /// The slots of an object of `schema`'s kind the template may read; nil for all of them:
    /// objects of a kind no Swift type declares (data of any shape) are read by name. Asked
    /// once per object while a page is fingerprinted.
    public func readableSlots(of schema: TemplateSchema) -> Slots? {
        guard let owner = schema.owner else { return nil }
        return slots[owner] ?? Slots([])
    }

    /// A set of slots asked of every field of every object a page is fingerprinted from: the
    /// first 64 as a mask, since hashing each slot into a `Set` cost 1 % of a clean build.
    public struct Slots: Sendable {
        private let mask: UInt64
        private let beyondMask: Set<Int>

        init(_ slots: Set<Int>) {
            mask = slots.reduce(0) { $1 < 64 ? $0 | 1 << UInt64($1) : $0 }
            beyondMask = slots.filter { $0 >= 64 }
        }

        @inline(__always)
        public func contains(_ slot: Int) -> Bool {
            slot < 64 ? mask & 1 << UInt64(slot) != 0 : beyondMask.contains(slot)
        }
    }
}
