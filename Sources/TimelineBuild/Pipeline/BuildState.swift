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

    /// What the last build made, when no input, option or tool changed since it and its output
    /// is complete: nothing to do.
    func upToDateFacts() async -> BuildFacts? {
        guard FileSystem.kind(of: folder.journalFile) == .missing, FileSystem.kind(of: folder.editsFile) == .missing,
            FileSystem.resolvedKind(of: options.absolute(options.output)) == .directory, let bytes = try? FileSystem.readBytes(folder.inputsFile),
            let snapshot = try? InputSnapshot.decode(bytes), let manifest = manifestDigest(), manifest == snapshot.manifest
        else { return nil }
        switch await snapshot.verdict(options: options.fingerprint) {
        case .current:
            return snapshot.facts
        case .sameContent(let refreshed):
            // The same inputs with new statuses (a fresh clone): noted, so that the next check
            // is one `stat` per input again.
            var stable = refreshed
            stable.trees = refreshed.trees.map { $0.forgettingStatuses(changedSince: stableBefore) }
            if (try? stable.write(to: folder.inputsFile)) == nil { try? FileSystem.removeFileIfPresent(folder.inputsFile) }
            return snapshot.facts
        case .changed:
            return nil
        }
    }

    /// The digest of the manifest's bytes; nil when there is none.
    private func manifestDigest() -> Digest? {
        (try? FileSystem.readBytes(folder.manifestFile)).map(Digest.of)
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

    /// Once the build's output is in place: its inputs for the next build's up-to-date check,
    /// and its pending records as the record cache.
    func saveCompleted(_ facts: BuildFacts, content: InputSnapshot.Tree?) {
        let snapshot = content.flatMap { content in
            manifestDigest().flatMap { manifest in
                InputSnapshot.capture(
                    content: content, templates: options.absolute(options.templates), options: options.fingerprint, facts: facts, manifest: manifest,
                    stableBefore: stableBefore)
            }
        }
        if (try? snapshot?.write(to: folder.inputsFile)) == nil { try? FileSystem.removeFileIfPresent(folder.inputsFile) }
        if FileSystem.kind(of: folder.pendingRecordsFile) == .file, (try? FileSystem.rename(folder.pendingRecordsFile, to: folder.recordsFile)) == nil {
            try? FileSystem.removeFileIfPresent(folder.recordsFile)
        }
    }
}
