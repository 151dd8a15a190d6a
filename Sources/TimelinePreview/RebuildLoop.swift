import ServiceLifecycle
import TimelineBuild
import TimelineModel
import TimelineSystem

/// What the preview did, for the terminal.
public enum PreviewEvent: Sendable {
    case watching(FileWatcher.Mechanism, roots: [String])
    case listening(url: String)
    case built(BuildReport, changes: [String])
    case failed(BuildFailure)
}

/// Builds the site, then waits for changes: a burst of saves is merged into one rebuild (the
/// watcher's batches are collected until `debounce` passes without a new one), the rebuild
/// runs, and open pages are told (`reload`, `stylesheets` when only stylesheets under the
/// theme's `assets/` changed, or `failed`). A failed build leaves the output as it was and is
/// remembered in the state, so pages show the errors over the last good site. Pings keep the
/// event streams alive. Runs as a service of the preview's service group: graceful shutdown
/// stops it and closes every event stream.
struct RebuildLoop: Service {
    let options: BuildOptions
    let watcher: FileWatcher
    let stylesheetFolder: String
    let debounce: Duration
    let heartbeat: Duration
    /// Yields once the server listens: the first build waits for it, so a port in use is
    /// reported at once.
    let startSignal: AsyncStream<Void>
    let state: PreviewState
    let broadcaster: ReloadBroadcaster
    let report: @Sendable (PreviewEvent) -> Void

    func run() async throws {
        for await _ in startSignal { break }
        guard !Task.isCancelled else { return }
        let (mechanism, batches) = watcher.changes()
        report(.watching(mechanism, roots: watcher.roots))
        let session = BuildSession(options: options)
        await rebuild(changes: [], in: session)
        let pending = PendingChanges()
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let heartbeat = self.heartbeat
        let broadcaster = self.broadcaster
        let debounce = self.debounce
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await batch in batches {
                        await pending.add(batch)
                        wake.yield()
                    }
                    wake.finish()
                }
                group.addTask {
                    while (try? await Task.sleep(for: heartbeat)) != nil {
                        await broadcaster.send(.ping)
                    }
                }
                for await _ in wakeups {
                    let changes = await pending.takeWhenQuiet(for: debounce)
                    if !changes.isEmpty { await rebuild(changes: changes.sorted(), in: session) }
                }
                group.cancelAll()
            }
        }
        await broadcaster.close()
    }

    /// Builds through the session, which keeps the built site in memory: an edit of posts'
    /// captions, comments or likes is built from it, looking only at what shows those posts.
    func rebuild(changes: [String], in session: BuildSession) async {
        do {
            let built = try await session.build(changes: changes.isEmpty ? nil : changes)
            let generation = await state.succeeded(built)
            let onlyStylesheets = !changes.isEmpty && changes.allSatisfy(isStylesheet)
            await broadcaster.send(onlyStylesheets ? .stylesheets(generation: generation) : .reload(generation: generation))
            await state.announced()
            report(.built(built, changes: changes))
        } catch {
            let generation = await state.failed(error)
            await broadcaster.send(.failed(generation: generation))
            await state.announced()
            report(.failed(error))
        }
    }

    func isStylesheet(_ path: String) -> Bool {
        path.hasPrefix(stylesheetFolder + "/") && path.hasSuffix(".css")
    }
}

/// The changed paths not yet built, and when the last arrived.
actor PendingChanges {
    private var paths: Set<String> = []
    private var lastChange = ContinuousClock.now

    func add(_ batch: [String]) {
        paths.formUnion(batch)
        lastChange = .now
    }

    /// Waits until no change has arrived for `debounce`, then takes the changes.
    func takeWhenQuiet(for debounce: Duration) async -> Set<String> {
        while true {
            let quietAt = lastChange + debounce
            if ContinuousClock.now >= quietAt || Task.isCancelled {
                defer { paths.removeAll() }
                return paths
            }
            try? await Task.sleep(until: quietAt)
        }
    }
}
