import Synchronization

/// The output of partials that read only their value (a post's card, a user's row), kept per
/// program and value for as long as the owner keeps this store (a build's render stage), and
/// shared by the render tasks. The compiler proves which partials qualify: a kept fragment is
/// the same bytes the partial would render in place. Two tasks that miss the same fragment both
/// render it, with the same result: the lock is held only to read or store.
public final class TemplateFragments: Sendable {
    private let kept = Mutex<[FragmentID: [UInt8]]>([:])

    struct FragmentID: Hashable {
        let program: Int
        let key: Int
    }

    public init() {}

    func bytes(of id: FragmentID) -> [UInt8]? {
        kept.withLock { $0[id] }
    }

    func keep(_ bytes: [UInt8], as id: FragmentID) {
        kept.withLock { $0[id] = bytes }
    }
}
