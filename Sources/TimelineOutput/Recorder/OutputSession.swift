import TimelineModel
import TimelineSystem

/// How one build puts its files in place. A clean build (the first, `--clean`, or whenever
/// the manifest cannot be trusted) writes the whole site into a staging folder and swaps it in.
/// An incremental build writes only new and changed files into a pending folder beside the
/// output folder, then commits through the journal; an atomic one (`--atomic`) writes them into
/// a staging folder, hard-links the unchanged files beside them and swaps it in as a clean build
/// does. Either way a failed or killed build leaves the previous site and its manifest as they
/// were, or is finished by the next build.
package struct OutputSession: Sendable {
    package enum Mode: Sendable, Equatable {
        case clean
        case incremental
    }

    package let mode: Mode
    /// An incremental build staged as a whole new folder and swapped in.
    let swapsWholeFolder: Bool
    package let outputRoot: String
    package let state: BuildStateFolder
    package let recorder: OutputRecorder
    private let tool: Digest
    private let previousManifest: BuildManifest?

    /// Finishes or throws away what an interrupted build left, then decides how to build.
    package static func begin(
        outputRoot: String, state: BuildStateFolder, tool: Digest, clean: Bool, atomic: Bool = false, precompression: Precompression? = nil
    ) throws(FileSystem.Failure) -> OutputSession {
        try recover(outputRoot: outputRoot, state: state)
        let tool = state.writer(tool)
        let previous = clean || FileSystem.resolvedKind(of: outputRoot) != .directory ? nil : state.readManifest(writer: tool)
        let destination: StagedOutput
        if previous != nil, !atomic {
            destination = try StagedOutput.pending(outputRoot: outputRoot)
        } else {
            destination = try StagedOutput.begin(outputRoot: outputRoot)
        }
        return OutputSession(
            mode: previous == nil ? .clean : .incremental, swapsWholeFolder: atomic, outputRoot: outputRoot, state: state,
            recorder: OutputRecorder(previous: ManifestEntries(previous?.entries ?? [:]), destination: destination, precompression: precompression), tool: tool,
            previousManifest: previous)
    }

    /// A journal left by a build killed while applying it is replayed; files staged by a build
    /// killed before it committed are thrown away.
    static func recover(outputRoot: String, state: BuildStateFolder) throws(FileSystem.Failure) {
        let pendingRoot = StagedOutput.pendingRoot(of: outputRoot)
        if let bytes = try? FileSystem.readBytes(state.journalFile) {
            if let journal = try? OutputJournal.decode(bytes) {
                try journal.apply(pendingRoot: pendingRoot, outputRoot: outputRoot)
                switch journal.kind {
                case .build:
                    if FileSystem.kind(of: state.nextManifestFile) == .file { try FileSystem.rename(state.nextManifestFile, to: state.manifestFile) }
                    // The new manifest describes every file; older edits' entries would now lie.
                    try FileSystem.removeFileIfPresent(state.editsFile)
                case .edit:
                    if FileSystem.kind(of: state.nextEditsFile) == .file { try FileSystem.rename(state.nextEditsFile, to: state.editsFile) }
                }
            } else {
                // A journal that cannot be read cannot be finished: forget the manifest, so the
                // next build is a clean one.
                try FileSystem.removeFileIfPresent(state.manifestFile)
            }
        }
        try FileSystem.removeTree(pendingRoot)
        try FileSystem.removeFileIfPresent(state.nextManifestFile)
        try FileSystem.removeFileIfPresent(state.nextEditsFile)
        try FileSystem.removeFileIfPresent(state.journalFile)
    }

    /// Puts the new site in place and records its manifest.
    package func commit() async throws(FileSystem.Failure) -> OutputChanges {
        let changes = recorder.result()
        let manifest = BuildManifest(tool: tool, entries: changes.entries)
        try FileSystem.makeDirectories(state.folder)
        if mode == .incremental, changes.written.isEmpty, changes.deleted.isEmpty {
            if manifest != previousManifest || FileSystem.kind(of: state.editsFile) != .missing {
                // Every file is as the manifest says, so the edits' entries may go after it.
                try manifest.write(to: state.manifestFile)
                try FileSystem.removeFileIfPresent(state.editsFile)
            }
            recorder.destination.abandon()
            return changes
        }
        switch mode {
        case .clean:
            try await swapIn(manifest)
        case .incremental where swapsWholeFolder:
            try await linkUnchangedFiles(changes)
            try await swapIn(manifest)
        case .incremental:
            try commitThroughJournal(OutputJournal(written: changes.written, deleted: changes.deleted), writing: manifest, to: state.nextManifestFile)
        }
        return changes
    }

    /// An edit build's session (`EditBuild`): the manifest is the one the live session
    /// holds, and new and changed files wait in the pending folder as in an incremental build.
    package static func beginEdit(
        outputRoot: String, state: BuildStateFolder, tool: Digest, manifest: ManifestEntries, precompression: Precompression?
    ) throws(FileSystem.Failure) -> OutputSession {
        try recover(outputRoot: outputRoot, state: state)
        let destination = try StagedOutput.pending(outputRoot: outputRoot)
        return OutputSession(
            mode: .incremental, swapsWholeFolder: false, outputRoot: outputRoot, state: state,
            recorder: OutputRecorder(previous: manifest, destination: destination, precompression: precompression), tool: state.writer(tool),
            previousManifest: nil)
    }

    /// Puts an edit in place: the files it wrote and deleted through an edit journal, and
    /// `edits` (every entry edits changed since the manifest was written) as the edits file.
    package func commitEdit(written: [String], deleted: [String], edits: [String: BuildManifest.Entry]) throws(FileSystem.Failure) {
        let file = BuildManifest(tool: tool, entries: edits)
        guard !written.isEmpty || !deleted.isEmpty else {
            recorder.destination.abandon()
            try file.write(to: state.editsFile)
            return
        }
        try commitThroughJournal(OutputJournal(kind: .edit, written: written, deleted: deleted), writing: file, to: state.nextEditsFile)
    }

    /// Writes the journal's state file beside the current one, then the journal (the moment
    /// the change exists), then applies it.
    private func commitThroughJournal(_ journal: OutputJournal, writing next: BuildManifest, to path: String) throws(FileSystem.Failure) {
        try journal.checkWritable(outputRoot: outputRoot)
        try next.write(to: path)
        try FileSystem.writeAtomically(state.journalFile, bytes: journal.encoded())
        try Self.recover(outputRoot: outputRoot, state: state)
    }

    /// Swaps the staging folder with the output folder and records `manifest`. Without a
    /// manifest the next build is a clean one, so no moment has a manifest that describes a site
    /// other than the one in place.
    private func swapIn(_ manifest: BuildManifest) async throws(FileSystem.Failure) {
        try manifest.write(to: state.nextManifestFile)
        try FileSystem.removeFileIfPresent(state.manifestFile)
        try FileSystem.removeFileIfPresent(state.editsFile)
        let oldSite = try recorder.destination.commit()
        try FileSystem.rename(state.nextManifestFile, to: state.manifestFile)
        if let oldSite { await StagedOutput.removeOldSite(oldSite) }
    }

    /// Completes an atomic build's staging folder: every file the site keeps unchanged is hard-
    /// linked from the output folder, so it keeps its inode, bytes and modification time.
    private func linkUnchangedFiles(_ changes: OutputChanges) async throws(FileSystem.Failure) {
        let written = Set(changes.written)
        let unchanged = changes.entries.keys.filter { !written.contains($0) }
        let destination = recorder.destination
        let outputRoot = outputRoot
        let outcomes = await ParallelMap.chunks(count: unchanged.count) { range in
            Result { () throws(FileSystem.Failure) in
                for index in range {
                    try destination.link(from: outputRoot + "/" + unchanged[index], to: unchanged[index])
                }
            }
        }
        for outcome in outcomes { try outcome.get() }
    }

    /// Throws away what this build staged; the output folder and manifest are untouched.
    package func abandon() {
        recorder.destination.abandon()
    }
}
