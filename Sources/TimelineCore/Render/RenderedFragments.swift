import Synchronization

/// The HTML of a reused partial per item, made the first time a page needs it and kept for
/// the rest of the render stage; shared by the render tasks. Two tasks that miss the same
/// item both render it, with the same result: the lock is held only to read or store.
final class RenderedFragments: Sendable {
    private let html: Mutex<[String?]>

    init(count: Int) {
        html = Mutex(Array(repeating: nil, count: count))
    }

    /// The item's HTML, rendered by `render` unless an earlier page made it; nil when
    /// `render` gives nil (the partial is missing), which is not kept.
    func html(of item: Int, render: () -> String?) -> String? {
        if let made = html.withLock({ $0[item] }) { return made }
        guard let made = render() else { return nil }
        html.withLock { $0[item] = made }
        return made
    }
}
