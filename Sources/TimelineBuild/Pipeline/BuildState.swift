import Synchronization
import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
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
    /// The manifest's digest and the status it was taken at (`manifestDigest`).
    private let manifestDigests = ManifestDigest()

    private final class ManifestDigest: Sendable {
        let taken = Mutex<(FileSystem.Status, Digest)?>(nil)
    }

    init(options: BuildOptions, startedAt start: Int64) {
        self.options = options
        folder = BuildStateFolder(options: options)
        stableBefore = start - options.racyWindowNanoseconds
    }

    /// What changed since the last build, as its input snapshot tells.
    enum SinceLastBuild {
        /// Nothing: what the last build made, whose output is complete.
        case upToDate(BuildFacts)
        /// Only these files and folders of posts (relative to the content folder); the snapshot
        /// is the last build's.
        case changed(contentPaths: [String], snapshot: InputSnapshot)
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
            keepSnapshot(stable)
            return .upToDate(snapshot.facts)
        case .changed(let paths?, let refreshed):
            return .changed(contentPaths: paths, snapshot: refreshed ?? snapshot)
        case .changed(nil, _):
            return .unknown
        }
    }

    /// The digest of the manifest's bytes and the edits file's, which together say what the
    /// output folder holds; nil when there is no manifest.
    private func outputDigest() -> Digest? {
        guard let manifest = manifestDigest() else { return nil }
        guard let edits = try? FileSystem.readBytes(folder.editsFile) else { return manifest }
        var hasher = StableHasher()
        hasher.combine(manifest)
        hasher.combine(Digest.of(edits))
        return hasher.finalize()
    }

    /// The digest of the manifest's bytes, taken again only when its status moved: an edit
    /// build writes the edits file alone, and at 200,000 posts reading and hashing the manifest
    /// (47 MB) once more cost it a tenth of a second.
    private func manifestDigest() -> Digest? {
        guard let status = FileSystem.status(of: folder.manifestFile) else { return nil }
        if let (known, digest) = manifestDigests.taken.withLock({ $0 }), known == status { return digest }
        guard let bytes = try? FileSystem.readBytes(folder.manifestFile) else { return nil }
        let digest = Digest.of(bytes)
        manifestDigests.taken.withLock { $0 = (status, digest) }
        return digest
    }

    /// The last whole pass's records, each with its inputs as the input snapshot notes them
    /// now; nil without a snapshot of this content folder to take them from.
    func previousRecords() -> RecordCache? {
        previousContentInputs().flatMap { RecordCache.read(from: folder.recordsFile, inputs: $0.recordRuns()) }
    }

    /// The inputs the last build noted for each record's place (`InputSnapshot.Tree.knownInputs`),
    /// without its records: what a clean build, which reads every record again, takes identities
    /// from. Decoding the record cache for them held every record twice at the load's peak.
    func previousInputs() -> RecordCache.KnownInputs? {
        previousContentInputs()?.knownInputs()
    }

    /// The last snapshot's inputs of this content folder.
    private func previousContentInputs() -> InputSnapshot.Tree? {
        guard let bytes = try? FileSystem.readBytes(folder.inputsFile), let snapshot = try? InputSnapshot.decode(bytes),
            let content = snapshot.trees.first, content.root == options.layout.content.absolute
        else { return nil }
        return content
    }

    /// Writes the records read as the pending record cache (unless they are those the build
    /// started from, when there is none).
    func keepPendingRecords(_ records: RecordCache, previous: RecordCache?) {
        let unchanged = previous.map { records.hasSameEntries(as: $0) } ?? false
        // The state folder is made here, before any other state file: a first build has none.
        if unchanged || (try? FileSystem.makeDirectories(folder.folder)) == nil
            || (try? records.write(to: folder.pendingRecordsFile)) == nil
        {
            discardPendingRecords()
        }
    }

    /// Writes the site index of the build as the pending one; when it cannot be written, the
    /// build leaves none (the next edit build is then a whole pass).
    func keepPendingSiteIndex(_ index: SiteIndex) {
        if (try? FileSystem.makeDirectories(folder.folder)) == nil || (try? index.write(to: folder.pendingSiteIndexFile, writer: siteIndexWriter)) == nil {
            try? FileSystem.removeFileIfPresent(folder.pendingSiteIndexFile)
        }
    }

    /// Writes what each page read as the pending reads, or, for reads read from the reads file
    /// (`previousReads`) that did not change since, links that file as the pending one; when
    /// they cannot be written, the build leaves none (the next edit build is then a whole pass,
    /// which renders every page for them).
    func keepPendingReads(_ reads: PageReads) {
        try? FileSystem.removeFileIfPresent(folder.pendingReadsFile)
        if !reads.hasChanged, (try? FileSystem.link(from: folder.readsFile, to: folder.pendingReadsFile)) != nil { return }
        if (try? FileSystem.makeDirectories(folder.folder)) == nil || (try? reads.write(to: folder.pendingReadsFile, writer: siteIndexWriter)) == nil {
            try? FileSystem.removeFileIfPresent(folder.pendingReadsFile)
        }
    }

    /// What each page of the last build read; nil when there is nothing to trust.
    func previousReads() -> PageReads? {
        PageReads.read(from: folder.readsFile, writer: siteIndexWriter)
    }

    /// What the site index names as its writer: the tool and the output folder.
    var siteIndexWriter: Digest { folder.writer(BuildTool.digest) }

    /// A build that does not complete leaves the record cache and site index the last one put
    /// in place.
    func discardPendingRecords() {
        try? FileSystem.removeFileIfPresent(folder.pendingRecordsFile)
        try? FileSystem.removeFileIfPresent(folder.pendingSiteIndexFile)
        try? FileSystem.removeFileIfPresent(folder.pendingReadsFile)
    }

    /// Once the build's output is in place: its pending records as the record cache, and its
    /// inputs for the next build's check. The snapshot vouches for the output and holds the
    /// records' inputs, so it is removed first and written last: a kill in between leaves no
    /// snapshot (the next build is a whole pass that parses every record), never one beside the
    /// output of another build.
    func saveCompleted(_ facts: BuildFacts, content: InputSnapshot.Tree?) {
        try? FileSystem.removeFileIfPresent(folder.inputsFile)
        if FileSystem.kind(of: folder.pendingRecordsFile) == .file, (try? FileSystem.rename(folder.pendingRecordsFile, to: folder.recordsFile)) == nil {
            try? FileSystem.removeFileIfPresent(folder.recordsFile)
            return
        }
        putSiteIndexInPlace()
        let snapshot = content.flatMap { content in
            outputDigest().flatMap { output in
                InputSnapshot.capture(
                    content: content, templates: options.absolute(options.templates), options: options.fingerprint, facts: facts, output: output,
                    stableBefore: stableBefore)
            }
        }
        keepSnapshot(snapshot)
    }

    /// After an edit build: its site index, and the last build's snapshot with the edited posts'
    /// inputs as they are now (`edited`, by post folder), its facts and its output. The record
    /// cache stays the last whole pass's: its entries for the edited posts no longer match their
    /// files, so the next whole pass reads those posts again.
    func saveEdited(_ facts: BuildFacts, snapshot: InputSnapshot, edited: [String: [RecordCache.Dependency]]) {
        try? FileSystem.removeFileIfPresent(folder.inputsFile)
        putSiteIndexInPlace()
        keepSnapshot(outputDigest().map { snapshot.replacingPostInputs(edited, facts: facts, output: $0, stableBefore: stableBefore) })
    }

    /// Writes the snapshot the next build checks against; without one, or when it cannot be
    /// written, there is none (the next build is a whole pass).
    private func keepSnapshot(_ snapshot: InputSnapshot?) {
        if (try? snapshot?.write(to: folder.inputsFile)) == nil { try? FileSystem.removeFileIfPresent(folder.inputsFile) }
    }

    /// The pending site index and reads in place; without one, none: an index or reads of an
    /// older build must not stand beside this build's snapshot.
    private func putSiteIndexInPlace() {
        for (pending, file) in [(folder.pendingSiteIndexFile, folder.siteIndexFile), (folder.pendingReadsFile, folder.readsFile)]
        where FileSystem.kind(of: pending) != .file || (try? FileSystem.rename(pending, to: file)) == nil {
            try? FileSystem.removeFileIfPresent(file)
        }
    }
}
