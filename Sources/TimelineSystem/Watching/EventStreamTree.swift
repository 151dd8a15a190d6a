import CSystemSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One FSEvents stream over the roots' trees (macOS): the C layer watches each root's parent
/// folder, so that a root made, removed or replaced while watching is seen, and passes on only
/// events at or under a root, named under the root as given. Events arrive one per datagram.
/// Where events were lost (FSEvents asks for a rescan), the roots are reported as changed.
/// Nil off macOS (the C layer answers ENOSYS).
final class EventStreamTree: NativeWatch, @unchecked Sendable {
    private let watch: OpaquePointer
    private let descriptor: Int32
    private let roots: [String]

    init?(roots: [String]) {
        guard let watch = timeline_watch_open() else { return nil }
        let status = CMemory.withCStrings(roots) { names in
            names.withUnsafeBufferPointer { timeline_watch_trees(watch, $0.baseAddress, Int32(roots.count)) }
        }
        guard status == 0 else {
            timeline_watch_close(watch)
            return nil
        }
        self.watch = watch
        descriptor = timeline_watch_descriptor(watch)
        self.roots = roots
    }

    deinit {
        timeline_watch_close(watch)
    }

    func run(until stop: StopSignal, report: ([String]) -> Void) {
        var buffer = [CChar](repeating: 0, count: 16 * 1024)
        while true {
            let (stopped, readable) = stop.wait(milliseconds: -1, alongside: descriptor)
            if stopped { return }
            guard readable else { continue }
            var changed: [String] = []
            // Each read takes one datagram, one event; take every one waiting before reporting.
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else {
                    if count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { return }
                    break
                }
                changed += buffer.withUnsafeBufferPointer { decode($0.baseAddress, length: count) }
            }
            if !changed.isEmpty { report(changed) }
        }
    }

    private func decode(_ bytes: UnsafePointer<CChar>?, length: Int) -> [String] {
        guard let bytes else { return [] }
        var event = timeline_watch_event()
        guard timeline_watch_next(bytes, length, 0, &event) >= 0 else { return [] }
        if event.overflowed != 0 { return roots }
        let path = String(cString: event.name)
        if FileWatcher.isScratchFile(Path.fileName(of: path)) { return [] }
        guard event.is_directory != 0, event.appeared != 0 else { return [path] }
        // A folder that appeared: its files, made before any event could name them, too.
        return FileSystem.files(below: path).filter { !FileWatcher.isScratchFile(Path.fileName(of: $0)) }.map { path + "/" + $0 } + [path]
    }
}
