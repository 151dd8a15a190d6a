import Synchronization

/// The output of partials that read only their value (a post's card, a user's row), kept per
/// program and value for as long as the owner keeps this store (a build's render stage), and
/// shared by the render tasks. The compiler proves which partials qualify: a kept fragment is
/// the same bytes the partial would render in place. Two tasks that miss the same fragment both
/// render it, with the same result: the lock is held only to read or store.
public final class TemplateFragments: Sendable {
    private let kept = Mutex<[FragmentID: Fragment]>([:])

    /// A partial's output, and what it read when the render that made it recorded reads (a
    /// render that records reads and reuses a fragment kept without them renders it again).
    /// A class, so that reusing one counts one reference rather than one for each of its arrays.
    final class Fragment: Sendable {
        let bytes: [UInt8]
        let reads: [UInt64]?

        init(bytes: [UInt8], reads: [UInt64]?) {
            self.bytes = bytes
            self.reads = reads
        }
    }

    struct FragmentID: Hashable {
        let program: Int
        let key: Int
    }

    public init() {}

    func fragment(_ id: FragmentID) -> Fragment? {
        kept.withLock { $0[id] }
    }

    func keep(_ fragment: Fragment, as id: FragmentID) {
        kept.withLock { $0[id] = fragment }
    }
}
