import TimelineModel

/// The output folder's files and what each was made from, as the builds that made them left
/// them: the manifest file read by path (`StoredManifest`), with the entries changed since over
/// it; or, in a live session and a whole build, every entry in memory.
package struct ManifestEntries: Sendable {
    private let stored: StoredManifest?
    /// Over `stored`: an entry made since, or `BuildManifest.Entry.deleted` for one removed.
    private var overlay: [String: BuildManifest.Entry]
    package private(set) var count: Int

    /// Every entry, in memory.
    package init(_ entries: [String: BuildManifest.Entry] = [:]) {
        stored = nil
        overlay = entries
        count = entries.count
    }

    /// The stored manifest with `edits` (the edits file's entries) over it.
    package init(stored: StoredManifest, edits: [String: BuildManifest.Entry]) {
        self.stored = stored
        overlay = [:]
        count = stored.count
        for (path, entry) in edits { self[path] = entry == .deleted ? nil : entry }
    }

    package subscript(path: String) -> BuildManifest.Entry? {
        get {
            if let entry = overlay[path] { return entry == .deleted ? nil : entry }
            return stored?[path]
        }
        set {
            let had = self[path] != nil
            if let newValue {
                overlay[path] = newValue
            } else if stored?[path] != nil {
                overlay[path] = .deleted
            } else {
                overlay[path] = nil
            }
            count += (newValue != nil ? 1 : 0) - (had ? 1 : 0)
        }
    }

    /// Every path, in no particular order (what a whole build deletes when it no longer makes it).
    package var paths: [String] {
        var paths: [String] = []
        paths.reserveCapacity(count)
        stored?.visitEntries { path, _ in if overlay[path] == nil { paths.append(path) } }
        for (path, entry) in overlay where entry != .deleted { paths.append(path) }
        return paths
    }
}
