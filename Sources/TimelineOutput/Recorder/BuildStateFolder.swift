import TimelineModel
import TimelineSystem

/// Where the build state of one output folder lives in the cache folder.
package struct BuildStateFolder: Sendable {
    package let folder: String

    package var manifestFile: String { folder + "/manifest" }
    var nextManifestFile: String { folder + "/manifest.next" }
    package var journalFile: String { folder + "/journal" }
    package var inputsFile: String { folder + "/inputs" }
    package var recordsFile: String { folder + "/records" }
    /// The records of a build in progress, put in place as `recordsFile` only if it completes.
    package var pendingRecordsFile: String { folder + "/records.next" }
    /// The entries of the files edit builds (`timeline serve`) changed since the manifest was
    /// written; they override the manifest's.
    var editsFile: String { folder + "/manifest.edits" }
    var nextEditsFile: String { folder + "/manifest.edits.next" }

    /// The manifest with the edits' entries over it; nil when either cannot be read or was
    /// made by another tool (the next build is then a clean one).
    func readManifest(tool: Digest) -> BuildManifest? {
        guard let bytes = try? FileSystem.readBytes(manifestFile), var manifest = try? BuildManifest.decode(bytes), manifest.tool == tool else { return nil }
        guard FileSystem.kind(of: editsFile) != .missing else { return manifest }
        guard let editBytes = try? FileSystem.readBytes(editsFile), let edits = try? BuildManifest.decode(editBytes), edits.tool == tool else { return nil }
        for (path, entry) in edits.entries { manifest.entries[path] = entry == .deleted ? nil : entry }
        return manifest
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
    }
}
