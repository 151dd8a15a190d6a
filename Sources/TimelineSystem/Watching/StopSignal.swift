#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe that wakes the watcher thread's `poll` when watching should stop.
final class StopSignal: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func fire() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Waits up to `milliseconds` for the signal (forever with -1), and also for `descriptor`
    /// to be readable when given. Returns true when the signal fired.
    func wait(milliseconds: Int32, alongside descriptor: Int32? = nil) -> (stopped: Bool, readable: Bool) {
        var descriptors = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        if let descriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        guard count > 0 else { return (false, false) }
        let stopped = descriptors[0].revents != 0
        let readable = descriptors.count > 1 && descriptors[1].revents != 0
        return (stopped, readable)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
