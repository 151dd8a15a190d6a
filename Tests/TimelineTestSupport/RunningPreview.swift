import Foundation
import TimelinePreview
import TimelineSystem

/// A preview server of a site fixture, running in this process on a free loopback port until
/// `stop()`. `start` returns once it listens and its first build has finished.
package final class RunningPreview: Sendable {
    package let server: PreviewServer
    package let port: Int
    /// The changed paths of each build after the first, in order, as the server reports them.
    package let rebuilds: AsyncStream<[String]>
    private let task: Task<Void, Never>

    package enum Failure: Error, CustomStringConvertible {
        case notListening
        case firstBuildTimedOut
        case noHello

        package var description: String {
            switch self {
            case .notListening: "the preview server did not start listening in time"
            case .firstBuildTimedOut: "the preview's first build did not finish in time"
            case .noHello: "the event stream sent no hello event"
            }
        }
    }

    private init(server: PreviewServer, port: Int, rebuilds: AsyncStream<[String]>, task: Task<Void, Never>) {
        self.server = server
        self.port = port
        self.rebuilds = rebuilds
        self.task = task
    }

    package static func start(
        _ fixture: SiteFixture, watchMode: FileWatcher.Mode = .automatic, debounce: Duration = .milliseconds(100),
        allowedHosts: AllowedHosts = AllowedHosts()
    ) async throws -> RunningPreview {
        let configuration = PreviewConfiguration(
            build: fixture.options(), host: "127.0.0.1", port: 0, debounce: debounce, watchMode: watchMode, heartbeat: .seconds(5),
            handlesSignals: false, allowedHosts: allowedHosts)
        let server = PreviewServer(configuration: configuration)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let (rebuilds, rebuildContinuation) = AsyncStream.makeStream(of: [String].self, bufferingPolicy: .unbounded)
        let task = Task {
            do {
                try await server.run { event in
                    switch event {
                    case .listening(let url): if let port = URL(string: url)?.port { portContinuation.yield(port) }
                    case .built(_, let changes) where !changes.isEmpty: rebuildContinuation.yield(changes)
                    default: break
                    }
                }
            } catch {
                portContinuation.finish()
            }
        }
        let port = try await withDeadline(.seconds(60)) {
            for await port in ports { return port }
            return nil
        }
        guard let port else {
            task.cancel()
            throw Failure.notListening
        }
        let preview = RunningPreview(server: server, port: port, rebuilds: rebuilds, task: task)
        let generation = try await withDeadline(.seconds(300)) { await server.state.waitForBuild(after: 0) }
        guard generation != nil else {
            await preview.stop()
            throw Failure.firstBuildTimedOut
        }
        return preview
    }

    /// Starts a preview and opens an event stream on it; returns once the stream's `hello`
    /// event has arrived.
    package static func startListening(
        _ fixture: SiteFixture, watchMode: FileWatcher.Mode = .automatic, debounce: Duration = .milliseconds(100)
    ) async throws -> (RunningPreview, EventStreamProbe) {
        let preview = try await start(fixture, watchMode: watchMode, debounce: debounce)
        let events = try await EventStreamProbe(port: preview.port)
        guard try await events.next("hello", timeout: .seconds(60)) != nil else {
            await preview.stop()
            throw Failure.noHello
        }
        return (preview, events)
    }

    package func stop() async {
        task.cancel()
        await task.value
    }

    package func get(_ target: String, headers: [String: String] = [:]) async throws -> HTTPProbe.Response {
        try await HTTPProbe.request(port: port, target, headers: headers)
    }

    /// Waits for the next rebuild the server reports and returns its changed paths (nil when
    /// none comes in time).
    package func nextRebuild(timeout: Duration = .seconds(60)) async throws -> [String]? {
        try await withDeadline(timeout) { [rebuilds] in
            for await changes in rebuilds { return changes }
            return nil
        }
    }

    /// Waits through rebuilds until the page at `path` passes `check`: a rebuild queued before
    /// the change the caller waits for (the watcher may split one change into two batches
    /// under load) is not mistaken for it. False when no rebuild brings it within `timeout`
    /// of the last.
    package func rebuilt(_ path: String, timeout: Duration = .seconds(60), until check: (String) -> Bool) async throws -> Bool {
        while try await nextRebuild(timeout: timeout) != nil {
            if check(try await get(path).text) { return true }
        }
        return false
    }

    /// Waits for the next build after `generation` (nil when none finishes in time).
    func nextBuild(after generation: Int, timeout: Duration = .seconds(60)) async throws -> Int? {
        try await withDeadline(timeout) { await self.server.state.waitForBuild(after: generation) }
    }
}

/// Runs `operation` and returns its value, or nil when `timeout` passes first (the operation
/// is then cancelled, so it must end on cancellation).
package func withDeadline<T: Sendable>(_ timeout: Duration, _ operation: @escaping @Sendable () async -> T?) async throws -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await operation() }
        group.addTask {
            try? await Task.sleep(for: timeout.allowingSlowRuns)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
