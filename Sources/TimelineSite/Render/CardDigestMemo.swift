import Synchronization
import TimelineModel

/// Each post's card digest, made once per build where posts are read one at a time (an edit
/// build from the site index): a post is listed on many of the pages an edit reaches, and
/// making its card means decoding it and rendering its caption. Shared by the copies of one
/// `PageContexts`; an edit of the site's values starts a new one.
final class CardDigestMemo: Sendable {
    private let digests = Mutex<[Int: Digest]>([:])

    func digest(ofPost index: Int, making make: () -> Digest) -> Digest {
        if let digest = digests.withLock({ $0[index] }) { return digest }
        let digest = make()
        digests.withLock { $0[index] = digest }
        return digest
    }
}
