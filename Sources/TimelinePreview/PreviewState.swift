import TimelineBuild
import TimelineModel

/// What the preview knows of the site between requests: the generation (counts finished
/// builds, failed ones included), the base path of the last good build, the failure of the
/// last build when it failed, and how often each path was asked for (a count the tests and the
/// benchmark read).
public actor PreviewState {
    public struct Snapshot: Sendable {
        public let generation: Int
        public let basePath: String
        public let failure: BuildFailure?
    }

    public private(set) var generation = 0
    public private(set) var basePath = "/"
    public private(set) var failure: BuildFailure?
    public private(set) var lastReport: BuildReport?
    private var requestCounts: [String: Int] = [:]
    private var buildWaiters: [Int: (after: Int, continuation: CheckedContinuation<Int, Never>)] = [:]
    private var nextWaiter = 0

    public init() {}

    public var snapshot: Snapshot { Snapshot(generation: generation, basePath: basePath, failure: failure) }

    /// Counts a request for `path` (without its query) and returns the state to answer it with.
    /// At most `countedPathLimit` distinct paths are counted, so random URLs cannot grow the
    /// table without end.
    func request(_ path: Substring) -> Snapshot {
        let key = String(path)
        if requestCounts[key] != nil || requestCounts.count < Self.countedPathLimit {
            requestCounts[key, default: 0] += 1
        }
        return snapshot
    }

    static let countedPathLimit = 10_000

    /// How many requests asked for `path` (as sent, without the query).
    public func requestCount(for path: String) -> Int {
        requestCounts[path] ?? 0
    }

    func succeeded(_ report: BuildReport) -> Int {
        lastReport = report
        basePath = report.basePath
        failure = nil
        return advance()
    }

    func failed(_ failure: BuildFailure) -> Int {
        self.failure = failure
        return advance()
    }

    private func advance() -> Int {
        generation += 1
        return generation
    }

    /// Wakes those waiting for a build, once open pages have been told of it (`reload`), so
    /// that a page whose event stream opens after a wait returns never gets the event of the
    /// build it already sees.
    func announced() {
        for (id, waiter) in buildWaiters where waiter.after < generation {
            buildWaiters.removeValue(forKey: id)
            waiter.continuation.resume(returning: generation)
        }
    }

    /// Waits until a build after `generation` has finished (at once if one has), and returns
    /// the new generation; returns the current one when the task is cancelled.
    public func waitForBuild(after generation: Int) async -> Int {
        if self.generation > generation || Task.isCancelled { return self.generation }
        let id = nextWaiter
        nextWaiter += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { buildWaiters[id] = (generation, $0) }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        buildWaiters.removeValue(forKey: id)?.continuation.resume(returning: generation)
    }
}
