import CSystemSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reports changes under some folders, recursively: inotify on Linux (a watch on every folder,
/// added for new folders as they appear), FSEvents on macOS (one stream over the trees), or a
/// scan every `interval` where neither works (inotify out of watches, an unsupported system). Each element of `changes()` is a batch of changed paths; the
/// consumer merges bursts (see `RebuildLoop`). Editor scratch files (`.swp`, `~`, `.#name`,
/// vim's `4913`) are left out.
public struct FileWatcher: Sendable {
    public enum Mode: Sendable, Hashable {
        /// The system's own notifications where they work, else polling every 500 ms.
        case automatic
        case polling(interval: Duration)
    }

    /// Which mechanism a running watcher uses.
    public enum Mechanism: Sendable, Hashable {
        case inotify
        case fsEvents
        case polling(interval: Duration)

        /// How the console names it: "inotify", "FSEvents", "a scan every 500 ms".
        public var summary: String {
            switch self {
            case .inotify: "inotify"
            case .fsEvents: "FSEvents"
            case .polling(let interval): "a scan every \(interval.wholeMilliseconds) ms"
            }
        }

        /// What `automatic` uses on this system when it works.
        public static var native: Mechanism {
            timeline_watch_is_per_folder() == 1 ? .inotify : .fsEvents
        }
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
        switch (mode, NativeWatches.start(roots: roots, unless: mode != .automatic)) {
        case (.automatic, let native?):
            mechanism = Mechanism.native
            watch = { native.run(until: stop, report: report) }
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

extension Duration {
    /// The duration in whole milliseconds (rounded down).
    public var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
