import CFileWatch
import Foundation
import TimelineModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reports changes under some folders, recursively: inotify on Linux (a watch on every folder,
/// added for new folders as they appear), or a scan every `interval` where inotify is missing
/// or refuses (no more watches). Each element of `changes()` is a batch of changed paths; the
/// consumer merges bursts (see `RebuildLoop`). Editor scratch files (`.swp`, `~`, `.#name`,
/// vim's `4913`) are left out.
public struct FileWatcher: Sendable {
    public enum Mode: Sendable, Hashable {
        /// inotify where it works, else polling every 500 ms.
        case automatic
        case polling(interval: Duration)
    }

    /// Which mechanism a running watcher uses.
    public enum Mechanism: Sendable, Hashable {
        case inotify
        case polling(interval: Duration)
    }

    public let roots: [String]
    public let mode: Mode

    public static let defaultPollingInterval = Duration.milliseconds(500)

    public init(roots: [String], mode: Mode = .automatic) {
        self.roots = roots
        self.mode = mode
    }

    /// Starts watching on a thread of its own and returns the batches of changed paths, and the
    /// mechanism in use. Every folder is watched (inotify) or scanned (polling) before it
    /// returns, so any change made after it returns is reported. Watching stops when the stream's consumer stops (cancellation or the
    /// end of iteration).
    public func changes() -> (mechanism: Mechanism, batches: AsyncStream<[String]>) {
        let (batches, continuation) = AsyncStream.makeStream(of: [String].self, bufferingPolicy: .unbounded)
        let stop = StopSignal()
        continuation.onTermination = { _ in stop.fire() }
        let report: @Sendable ([String]) -> Void = { continuation.yield($0) }
        let mechanism: Mechanism
        let watch: @Sendable () -> Void
        switch (mode, InotifyTree(roots: roots, unless: mode != .automatic)) {
        case (.automatic, let inotify?):
            mechanism = .inotify
            watch = { inotify.run(until: stop, report: report) }
        default:
            let interval = if case .polling(let interval) = mode { interval } else { Self.defaultPollingInterval }
            mechanism = .polling(interval: interval)
            // The first scan is taken before returning, so a change made after `changes()`
            // returns is always a change.
            let scan = PollingScan(roots: roots, interval: interval)
            let baseline = scan.snapshot()
            watch = { scan.run(from: baseline, until: stop, report: report) }
        }
        Thread.detachNewThread {
            watch()
            continuation.finish()
        }
        return (mechanism, batches)
    }

    /// Names editors write beside the file they save, which are not content.
    static func isScratchFile(_ name: some StringProtocol) -> Bool {
        name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasPrefix(".#") || name == "4913"
    }
}

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

/// inotify watches on every folder of the trees, and on each root's parent folder, so that a
/// root made, removed or replaced while watching (a site on the built-in theme that copies it
/// into `Templates/`) is watched and reported too. Owned by the watcher thread alone.
final class InotifyTree: @unchecked Sendable {
    private let descriptor: Int32
    private let roots: [String]
    private var folders: [Int32: String] = [:]
    /// The watches on the roots' parent folders, each with the roots it is there for.
    private var parents: [Int32: (folder: String, roots: Set<String>)] = [:]

    /// Nil where inotify is missing or cannot watch every folder (then polling takes over), or
    /// when `skipped` (polling was asked for).
    init?(roots: [String], unless skipped: Bool = false) {
        guard !skipped else { return nil }
        descriptor = timeline_watch_open()
        guard descriptor >= 0 else { return nil }
        self.roots = roots
        for root in roots where watchTree(root) == nil || !watchParent(of: root) {
            close(descriptor)
            return nil
        }
    }

    deinit {
        close(descriptor)
    }

    /// Adds a watch to `root` and every folder below it, and returns the files it saw there
    /// when `listingFiles` (editor scratch files left out; otherwise none, since at start and
    /// after an overflow the list would be thrown away, and on a site of 200,000 posts it is
    /// hundreds of thousands of paths); nil when the system refuses a watch (other than for a
    /// folder that vanished meanwhile). Each folder is watched before it is listed: a subfolder
    /// made after the watch has its own event, one made before is in the listing. (Listing the
    /// whole tree first left a subfolder made between the listing and its parent's watch
    /// unwatched, and with no event: `mkdir -p a/b` could lose `b`.)
    @discardableResult
    private func watchTree(_ root: String, listingFiles: Bool = false) -> [String]? {
        var pending = [root]
        var files: [String] = []
        while let folder = pending.popLast() {
            let watch = timeline_watch_add(descriptor, folder)
            if watch >= 0 {
                folders[watch] = folder
            } else if errno != ENOENT && errno != ENOTDIR {
                return nil
            } else {
                continue
            }
            for entry in FileSystem.directoryEntries(of: folder) {
                if entry.isDirectory {
                    pending.append(folder + "/" + entry.name)
                } else if listingFiles && !FileWatcher.isScratchFile(entry.name) {
                    files.append(folder + "/" + entry.name)
                }
            }
        }
        return files
    }

    /// A folder that appeared: its tree is watched from now on, and the files made in it before
    /// their watches existed (which have no event of their own) are reported with it.
    private func watchAppeared(_ path: String) -> [String] {
        (watchTree(path, listingFiles: true) ?? []) + [path]
    }

    /// Adds a watch to the folder that holds `root`, whose events are looked at only for the
    /// root's own name. A parent that does not exist is left alone.
    private func watchParent(of root: String) -> Bool {
        let parent = (root as NSString).deletingLastPathComponent
        let watch = timeline_watch_add(descriptor, parent.isEmpty ? "." : parent)
        guard watch >= 0 else { return errno == ENOENT || errno == ENOTDIR }
        parents[watch, default: (parent, [])].roots.insert(root)
        return true
    }

    func run(until stop: StopSignal, report: ([String]) -> Void) {
        var buffer = [CChar](repeating: 0, count: 64 * 1024)
        while true {
            let (stopped, readable) = stop.wait(milliseconds: -1, alongside: descriptor)
            if stopped { return }
            guard readable else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0 && errno != EAGAIN && errno != EINTR { return }
                continue
            }
            let changed = buffer.withUnsafeBufferPointer { decode($0.baseAddress, length: count) }
            if !changed.isEmpty { report(changed) }
        }
    }

    private func decode(_ bytes: UnsafePointer<CChar>?, length: Int) -> [String] {
        guard let bytes else { return [] }
        var changed: [String] = []
        var event = timeline_watch_event()
        var offset = 0
        while true {
            let next = timeline_watch_next(bytes, length, offset, &event)
            guard next >= 0 else { break }
            offset = next
            if event.overflowed != 0 {
                // Events were lost: watch any new folders and report the roots as changed.
                for root in roots { watchTree(root) }
                changed.append(contentsOf: roots)
                continue
            }
            if event.watch_removed != 0 {
                folders.removeValue(forKey: event.watch)
                parents.removeValue(forKey: event.watch)
                continue
            }
            let name = String(cString: event.name)
            guard let folder = folders[event.watch] else {
                // In a root's parent, only the root itself counts: made (its tree is watched
                // from now on, and its files reported), removed or moved away.
                guard let parent = parents[event.watch] else { continue }
                let path = parent.folder.isEmpty ? name : parent.folder + "/" + name
                guard parent.roots.contains(path) else { continue }
                changed += event.is_directory != 0 && event.appeared != 0 ? watchAppeared(path) : [path]
                continue
            }
            if FileWatcher.isScratchFile(name) { continue }
            let path = name.isEmpty ? folder : folder + "/" + name
            changed += event.is_directory != 0 && event.appeared != 0 ? watchAppeared(path) : [path]
        }
        return changed
    }
}

/// The fallback: a scan of every file's size, modification time and inode at each interval.
struct PollingScan {
    let roots: [String]
    let interval: Duration

    struct Stamp: Equatable {
        let size: Int64
        let seconds: Int
        let nanoseconds: Int
        let inode: UInt64
    }

    /// Every entry below the roots (folders too; symbolic links are not followed), each folder
    /// listed once.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        var pending = roots
        while let folder = pending.popLast() {
            for entry in FileSystem.directoryEntries(of: folder) {
                let path = folder + "/" + entry.name
                if entry.isDirectory { pending.append(path) }
                guard !FileWatcher.isScratchFile(entry.name) else { continue }
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                stamps[path] = Stamp(
                    size: Int64(status.st_size), seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec),
                    inode: UInt64(status.st_ino))
            }
        }
        return stamps
    }

    func run(from baseline: [String: Stamp], until stop: StopSignal, report: ([String]) -> Void) {
        let milliseconds = Int32(clamping: interval.wholeMilliseconds)
        var previous = baseline
        while !stop.wait(milliseconds: max(milliseconds, 1)).stopped {
            let current = snapshot()
            var changed = current.filter { previous[$0.key] != $0.value }.map(\.key)
            changed += previous.keys.filter { current[$0] == nil }
            previous = current
            if !changed.isEmpty { report(changed.sorted()) }
        }
    }
}

extension Duration {
    /// The duration in whole milliseconds (rounded down).
    public var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
