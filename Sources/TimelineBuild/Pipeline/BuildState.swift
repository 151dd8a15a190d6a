import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSystem

/// What a build keeps for the next one in its state folder, beside the output stage's manifest
/// and journal: the records it read (the next build's load starts from them) and its inputs (the
/// next build's up-to-date check). Each is put in place only by a build that completes; one
/// that cannot be written or trusted is removed, which only costs the next build that shortcut.
struct BuildState: Sendable {
    let options: BuildOptions
    let folder: BuildStateFolder
    /// Inputs changed at or after this time are not trusted by the next build (`InputSnapshot`).
    let stableBefore: Int64

    init(options: BuildOptions, startedAt start: Int64) {
        self.options = options
        folder = BuildStateFolder(options: options)
        stableBefore = start - options.racyWindowNanoseconds
    }

    /// What changed since the last build, as its input snapshot tells.
    enum SinceLastBuild {
        /// Nothing: what the last build made, whose output is complete.
        case upToDate(BuildFacts)
        /// Only these files and folders of posts (relative to the content folder); the facts are
        /// the last build's.
        case changed(contentPaths: [String], facts: BuildFacts)
        /// Anything else, or no snapshot to tell: a whole pass.
        case unknown
    }

    /// What changed since the last build, when its snapshot and output can be trusted.
    func sinceLastBuild() async -> SinceLastBuild {
        guard FileSystem.kind(of: folder.journalFile) == .missing, FileSystem.resolvedKind(of: options.absolute(options.output)) == .directory,
            let bytes = try? FileSystem.readBytes(folder.inputsFile), let snapshot = try? InputSnapshot.decode(bytes), let output = outputDigest(),
            output == snapshot.output
        else { return .unknown }
        switch await snapshot.verdict(options: options.fingerprint) {
        case .current:
            return .upToDate(snapshot.facts)
        case .sameContent(let refreshed):
            // The same inputs with new statuses (a fresh clone): noted, so that the next check
            // is one `stat` per input again.
            var stable = refreshed
            stable.trees = refreshed.trees.map { $0.forgettingStatuses(changedSince: stableBefore) }
            if (try? stable.write(to: folder.inputsFile)) == nil { try? FileSystem.removeFileIfPresent(folder.inputsFile) }
            return .upToDate(snapshot.facts)
        case .changed(let paths?):
            return .changed(contentPaths: paths, facts: snapshot.facts)
        case .changed(nil):
            return .unknown
        }
    }

    /// The digest of the manifest's bytes and the edits file's, which together say what the
    /// output folder holds; nil when there is no manifest.
    private func outputDigest() -> Digest? {
        guard let manifest = try? FileSystem.readBytes(folder.manifestFile) else { return nil }
        guard let edits = try? FileSystem.readBytes(folder.editsFile) else { return Digest.of(manifest) }
        var hasher = StableHasher()
        hasher.combine(Digest.of(manifest))
        hasher.combine(Digest.of(edits))
        return hasher.finalize()
    }

    func previousRecords() -> RecordCache? {
        RecordCache.read(from: folder.recordsFile)
    }

    /// Writes the records read as the pending record cache (unless they are those the build
    /// started from, when there is none).
    func keepPendingRecords(_ records: RecordCache, previous: RecordCache?) {
        let unchanged = previous.map { records.hasSameEntries(as: $0) } ?? false
        // The state folder is made here, before any other state file: a first build has none.
        if unchanged || (try? FileSystem.makeDirectories(folder.folder)) == nil
            || (try? records.keepingOnlyStable(before: stableBefore).write(to: folder.pendingRecordsFile)) == nil
        {
            discardPendingRecords()
        }
    }

    /// A build that does not complete leaves the record cache the last one put in place.
    func discardPendingRecords() {
        try? FileSystem.removeFileIfPresent(folder.pendingRecordsFile)
    }

    /// Once the build's output is in place: its pending records as the record cache, and its
    /// inputs for the next build's check. The snapshot vouches for the record cache (an edit
    /// build takes the records as they are), so it is removed first and written last: a kill
    /// in between leaves no snapshot, never one beside records of another build.
    func saveCompleted(_ facts: BuildFacts, content: InputSnapshot.Tree?) {
        try? FileSystem.removeFileIfPresent(folder.inputsFile)
        if FileSystem.kind(of: folder.pendingRecordsFile) == .file, (try? FileSystem.rename(folder.pendingRecordsFile, to: folder.recordsFile)) == nil {
            try? FileSystem.removeFileIfPresent(folder.recordsFile)
            return
        }
        let snapshot = content.flatMap { content in
            outputDigest().flatMap { output in
                InputSnapshot.capture(
                    content: content, templates: options.absolute(options.templates), options: options.fingerprint, facts: facts, output: output,
                    stableBefore: stableBefore)
            }
        }
        if (try? snapshot?.write(to: folder.inputsFile)) == nil { try? FileSystem.removeFileIfPresent(folder.inputsFile) }
    }
}
