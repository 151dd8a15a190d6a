import TimelineModel
import TimelineSystem

/// Where the build state of one output folder lives in the cache folder.
package struct BuildStateFolder: Sendable {
    package let folder: String
    /// The output folder whose state this is.
    let outputRoot: String

    package var manifestFile: String { folder + "/manifest" }
    var nextManifestFile: String { folder + "/manifest.next" }
    package var journalFile: String { folder + "/journal" }
    package var inputsFile: String { folder + "/inputs" }
    package var recordsFile: String { folder + "/records" }
    /// The records of a build in progress, put in place as `recordsFile` only if it completes.
    package var pendingRecordsFile: String { folder + "/records.next" }
    /// The site index an edit build starts from (`SiteIndex`), and that of a build in progress.
    package var siteIndexFile: String { folder + "/site" }
    package var pendingSiteIndexFile: String { folder + "/site.next" }
    /// What each page read (`PageReads`), kept and put in place with the site index.
    package var readsFile: String { folder + "/reads" }
    package var pendingReadsFile: String { folder + "/reads.next" }

    /// Removes the reads: an edit of the output they do not follow (a live session's) makes
    /// them wrong for the next build, which then renders every page for them.
    package func forgetPageReads() {
        try? FileSystem.removeFileIfPresent(readsFile)
    }
    /// The entries of the files edit builds (`timeline serve`) changed since the manifest was
    /// written; they override the manifest's.
    package var editsFile: String { folder + "/manifest.edits" }
    var nextEditsFile: String { folder + "/manifest.edits.next" }

    /// What a manifest names as its writer: the tool, and the output folder it describes, so
    /// that a manifest copied from another site's state (a CI cache restored into the wrong
    /// place) is never taken for this one's.
    package func writer(_ tool: Digest) -> Digest {
        var hasher = StableHasher()
        hasher.combine(tool)
        hasher.combine(outputRoot)
        return hasher.finalize()
    }

    /// The edits file's entries (`BuildManifest.Entry.deleted` for a deleted file); empty when
    /// there is none, nil when it cannot be read or has another `writer`.
    package func readEdits(writer: Digest) -> [String: BuildManifest.Entry]? {
        guard FileSystem.kind(of: editsFile) != .missing else { return [:] }
        guard let bytes = try? FileSystem.readBytes(editsFile), let edits = try? BuildManifest.decode(bytes), edits.tool == writer else { return nil }
        return edits.entries
    }

    /// The manifest with the edits' entries over it; nil when either cannot be read or has
    /// another `writer` (the next build is then a clean one).
    package func readManifest(writer: Digest) -> BuildManifest? {
        guard let bytes = try? FileSystem.readBytes(manifestFile), var manifest = try? BuildManifest.decode(bytes), manifest.tool == writer else {
            return nil
        }
        guard let edits = readEdits(writer: writer) else { return nil }
        for (path, entry) in edits { manifest.entries[path] = entry == .deleted ? nil : entry }
        return manifest
    }

    /// The manifest read by path (`StoredManifest`) with the edits' entries over it, and those
    /// entries: what an edit build starts from. Nil as `readManifest`.
    package func readStoredManifest(writer: Digest) -> (manifest: ManifestEntries, edits: [String: BuildManifest.Entry])? {
        guard let bytes = try? FileSystem.readBytes(manifestFile), let stored = StoredManifest(bytes: bytes), stored.tool == writer,
            let edits = readEdits(writer: writer)
        else { return nil }
        return (ManifestEntries(stored: stored, edits: edits), edits)
    }

    /// The status of the manifest and edits files, which moves whenever either is written.
    package var stamp: [FileSystem.Status?] { [FileSystem.status(of: manifestFile), FileSystem.status(of: editsFile)] }

    /// `<cache>/builds/Output-<digest>`: one per output folder, named by its absolute path, so
    /// that sites sharing one cache folder (its processed images are worth sharing) never read
    /// each other's manifest. A cache restored in CI matches when the checkout is at the same
    /// path, as it is on a CI service's runners.
    package init(cacheRoot: String, outputRoot: String) {
        let key = String(Digest.of(outputRoot).description.prefix(12))
        folder = cacheRoot + "/builds/" + Path.fileName(of: outputRoot) + "-" + key
        self.outputRoot = outputRoot
    }
}
