import TimelineModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock on the content folder (`flock` on the folder itself), held while
/// a command reads files and writes their new versions, so that two commands run at once
/// (two `timeline like` in a script) cannot both rewrite `likes.json` from the same old copy.
package final class ContentLock {
    private let descriptor: Int32

    init(folder: String, shownAs shown: String) throws(AuthoringError) {
        descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AuthoringError(.fileSystem, at: SourceLocation(path: shown), "cannot open the content folder: \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw AuthoringError(.fileSystem, at: SourceLocation(path: shown), "cannot lock the content folder: \(reason)")
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
