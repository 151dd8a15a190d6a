#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock on a folder (flock(2), the same on Linux and Darwin), held until
/// the lock is dropped.
package final class FileLock {
    private let descriptor: Int32

    /// Waits for the lock on the folder `path`. Throws what failed: opening or locking.
    package init(folder path: String) throws(FileSystem.Failure) {
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystem.Failure(path: path, operation: "open", code: SystemError.last) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard SystemError.last == EINTR else {
                let code = SystemError.last
                close(descriptor)
                throw FileSystem.Failure(path: path, operation: "lock", code: code)
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
