import CSystemSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// inotify watches on every folder of the trees, and on each root's parent folder, so that a
/// root made, removed or replaced while watching (a site on the built-in theme that copies it
/// into `Templates/`) is watched and reported too. Owned by the watcher thread alone.
final class InotifyTree: NativeWatch, @unchecked Sendable {
    private let watch: OpaquePointer
    private let descriptor: Int32
    private let roots: [String]
    private var folders: [Int32: String] = [:]
    /// The watches on the roots' parent folders, each with the roots it is there for.
    private var parents: [Int32: (folder: String, roots: Set<String>)] = [:]

    /// Nil where inotify is missing or cannot watch every folder (then polling takes over).
    init?(roots: [String]) {
        guard let watch = timeline_watch_open() else { return nil }
        self.watch = watch
        descriptor = timeline_watch_descriptor(watch)
        self.roots = roots
        for root in roots where watchTree(root) == nil || !watchParent(of: root) {
            timeline_watch_close(watch)
            return nil
        }
    }

    deinit {
        timeline_watch_close(watch)
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
            let added = timeline_watch_add(watch, folder)
            if added >= 0 {
                folders[added] = folder
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
        let parent = root.contains("/") ? Path.parent(of: root) : ""
        let added = timeline_watch_add(watch, parent.isEmpty ? "." : parent)
        guard added >= 0 else { return errno == ENOENT || errno == ENOTDIR }
        parents[added, default: (parent, [])].roots.insert(root)
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
