import CSystemSupport

/// The system's own change notifications over some trees: inotify on Linux (`InotifyTree`),
/// FSEvents on macOS (`EventStreamTree`). Owned by the watcher thread alone once started.
protocol NativeWatch: Sendable {
    /// Reads events until `stop` fires, reporting each batch of changed paths.
    func run(until stop: StopSignal, report: ([String]) -> Void)
}

enum NativeWatches {
    /// The system's watch over `roots`, in place before it returns; nil where the system has
    /// none or refuses (then polling takes over), or when `skipped`.
    static func start(roots: [String], unless skipped: Bool) -> (any NativeWatch)? {
        guard !skipped else { return nil }
        return timeline_watch_is_per_folder() == 1 ? InotifyTree(roots: roots) : EventStreamTree(roots: roots)
    }
}
