import TimelineModel
import TimelineSystem

/// The write stage's destination: a fresh folder beside the output folder that receives the
/// whole new site, and replaces the output folder only when it is complete. A failed or
/// interrupted build therefore leaves the previous output exactly as it was.
package struct StagedOutput: Sendable {
    package let outputRoot: String
    let stagingRoot: String

    /// Creates an empty staging folder next to `outputRoot` (same file system, so the final
    /// swap is a rename), after removing what an interrupted earlier build left behind.
    package static func begin(outputRoot: String) throws(FileSystem.Failure) -> StagedOutput {
        let parent = Path.parent(of: outputRoot)
        let name = Path.fileName(of: outputRoot)
        try FileSystem.makeDirectories(parent)
        removeLeftovers(outputRoot: outputRoot)
        let staging = parent + "/.\(name).staging-\(CurrentProcess.id)"
        try FileSystem.removeTree(staging)
        try FileSystem.makeDirectory(staging)
        return StagedOutput(outputRoot: outputRoot, stagingRoot: staging)
    }

    /// Staging folders and old sites that a killed build left beside the output folder.
    private static func removeLeftovers(outputRoot: String) {
        let parent = Path.parent(of: outputRoot)
        let prefix = "." + Path.fileName(of: outputRoot) + ".staging-"
        for leftover in (try? FileSystem.entries(of: parent)) ?? [] where leftover.hasPrefix(prefix) {
            try? FileSystem.removeTree(parent + "/" + leftover)
        }
    }

    /// Where an incremental build stages its new and changed files: `.Output.pending` beside
    /// the output folder, on the same file system, so each can be renamed into place.
    static func pendingRoot(of outputRoot: String) -> String {
        Path.parent(of: outputRoot) + "/." + Path.fileName(of: outputRoot) + ".pending"
    }

    /// An empty pending folder for an incremental build.
    package static func pending(outputRoot: String) throws(FileSystem.Failure) -> StagedOutput {
        removeLeftovers(outputRoot: outputRoot)
        let pending = pendingRoot(of: outputRoot)
        try FileSystem.removeTree(pending)
        try FileSystem.makeDirectory(pending)
        return StagedOutput(outputRoot: outputRoot, stagingRoot: pending)
    }

    /// Writes a file at a path relative to the site root, creating folders as needed.
    package func write(_ relativePath: String, text: String) throws(FileSystem.Failure) {
        try write(relativePath, bytes: Array(text.utf8))
    }

    package func write(_ relativePath: String, bytes: [UInt8]) throws(FileSystem.Failure) {
        try creatingFolders(for: relativePath) { path throws(FileSystem.Failure) in try FileSystem.writeFile(path, bytes: bytes) }
    }

    /// Copies `source` a chunk at a time, never holding it whole.
    func copy(from source: String, to relativePath: String) throws(FileSystem.Failure) {
        try creatingFolders(for: relativePath) { path throws(FileSystem.Failure) in try FileSystem.copyFile(from: source, to: path) }
    }

    /// Publishes a file of the image cache: a hard link where possible, since the cache never
    /// changes a file in place (it writes a new one and renames).
    package func link(from source: String, to relativePath: String) throws(FileSystem.Failure) {
        try creatingFolders(for: relativePath) { path throws(FileSystem.Failure) in try FileSystem.linkOrCopy(from: source, to: path) }
    }

    /// Runs `create` on the staged path; when its folder does not exist yet (the first file of
    /// a folder), makes the folders and runs it again. Most files land in an existing folder,
    /// so this costs no extra system call for them.
    private func creatingFolders(for relativePath: String, _ create: (String) throws(FileSystem.Failure) -> Void) throws(FileSystem.Failure) {
        let path = stagingRoot + "/" + relativePath
        do {
            try create(path)
        } catch  where error.isMissingFile && error.path == path {
            try FileSystem.makeDirectories(Path.parent(of: path))
            try create(path)
        }
    }

    /// Puts the new site in place: an atomic exchange where the system offers one, so there is
    /// no moment without an output folder. Returns the folder now holding the old site (nil when
    /// there was none), for the caller to delete once the new site is recorded: deleting a large
    /// site takes longer than building parts of it, and nothing depends on it.
    package func commit() throws(FileSystem.Failure) -> String? {
        guard FileSystem.kind(of: outputRoot) != .missing else {
            try FileSystem.rename(stagingRoot, to: outputRoot)
            return nil
        }
        if (try? FileSystem.exchange(stagingRoot, outputRoot)) != nil {
            return stagingRoot
        }
        let previous = stagingRoot + ".previous"
        try FileSystem.rename(outputRoot, to: previous)
        do {
            try FileSystem.rename(stagingRoot, to: outputRoot)
        } catch {
            try? FileSystem.rename(previous, to: outputRoot)
            throw error
        }
        return previous
    }

    /// Deletes an old site on every core, each taking its share of every folder
    /// (`FileSystem.removeShare`), so that `posts/` is not left to one. What is left (after a
    /// kill) is removed by the next build, as any leftover staging folder.
    static func removeOldSite(_ folder: String) async {
        let shares = ParallelMap.processorCount
        _ = await ParallelMap.map(Array(0..<shares)) { share in FileSystem.removeShare(of: folder, share, of: shares) }
        try? FileSystem.removeTree(folder)
    }

    /// Throws the staged files away; the output folder is untouched.
    package func abandon() {
        try? FileSystem.removeTree(stagingRoot)
    }
}
