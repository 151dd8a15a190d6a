import Synchronization
import TimelineModel
import TimelineSystem

/// Every file a build makes passes through here, from every stage and every core. Against the
/// previous build's manifest it decides what to do with it: skip making it when it was made
/// from the same inputs, make it but leave the file alone when the bytes come out the same, or
/// write it into `destination`. It records the new manifest as it goes. A clean build has no
/// previous manifest, so everything is written.
///
/// With `precompression`, a file that gets compressed copies has them recorded beside it as
/// outputs of their own (`index.html.gz`, `index.html.br`), each fingerprinted by the
/// original's bytes and the compressor settings: they are compressed on the core that made the
/// file, only when its bytes changed, and deleted like any file the build no longer makes.
package final class OutputRecorder: FileSink {
    /// What a build did to one output path.
    private enum Outcome {
        case written
        case unchanged
    }

    package let previous: ManifestEntries
    let destination: StagedOutput
    package let precompression: Precompression?
    private let state = Mutex(State())

    private struct State {
        var entries: [String: BuildManifest.Entry] = [:]
        var written: [String] = []
        var unchanged = 0
        /// Files of the previous build that this one does not make (an edit build's removed
        /// search files, the compressed copies of files that no longer get them).
        var retired: [String] = []
    }

    package init(previous: ManifestEntries, destination: StagedOutput, precompression: Precompression? = nil) {
        self.previous = previous
        self.destination = destination
        self.precompression = precompression
    }

    /// A file made from `fingerprint`; `make` runs only when the previous build did not make
    /// this path (and its compressed copies) from the same fingerprint.
    package func file(_ path: String, fingerprint: Digest, make: () throws -> [UInt8]) throws {
        let fingerprint = withPrecompression(fingerprint, of: path)
        if recordedUnchanged(path, fingerprint: fingerprint) { return }
        try store(path, bytes: try make(), fingerprint: fingerprint)
    }

    /// A file whose bytes are at hand anyway: its fingerprint is its content.
    package func file(_ path: String, bytes: [UInt8]) throws(FileSystem.Failure) {
        try store(path, bytes: bytes, fingerprint: nil)
    }

    /// A copy of a source file, fingerprinted by the source's path and identity; with the
    /// identity known, the source is read only when it changed, else it is read to learn it.
    /// The copy is rewritten only when its bytes changed.
    package func copy(from source: String, identity: Digest?, to path: String) throws(FileSystem.Failure) {
        // A file of a kind that gets no compressed copies (a photo published as it is) is never
        // held whole: hashed, then copied, a chunk at a time. A text file (a theme's stylesheet)
        // is read whole, and `store` decides by its size whether it gets copies.
        if precompression == nil || !Precompression.compresses(path) {
            try copyInChunks(from: source, identity: identity, to: path)
            return
        }
        var bytes: [UInt8]?
        let content: Digest
        if let identity {
            content = identity
        } else {
            let read = try FileSystem.readBytes(source)
            bytes = read
            content = Digest.of(read)
        }
        let fingerprint = withPrecompression(Self.fingerprint(ofFile: source, kind: 1, content: content), of: path)
        if recordedUnchanged(path, fingerprint: fingerprint) { return }
        if let bytes {
            try store(path, bytes: bytes, content: content, fingerprint: fingerprint)
        } else {
            try store(path, bytes: try FileSystem.readBytes(source), fingerprint: fingerprint)
        }
    }

    /// `copy` for a file that gets no compressed copies: its content digest (when the identity
    /// is not known) and its copy made a chunk at a time.
    private func copyInChunks(from source: String, identity: Digest?, to path: String) throws(FileSystem.Failure) {
        let content: Digest
        if let identity {
            content = identity
        } else {
            var hasher = StableHasher()
            try FileSystem.readChunks(source) { chunk in chunk.withUnsafeBytes { hasher.combine(bytes: $0) } }
            content = hasher.finalize()
        }
        let fingerprint = withPrecompression(Self.fingerprint(ofFile: source, kind: 1, content: content), of: path)
        if recordedUnchanged(path, fingerprint: fingerprint) { return }
        let stale = Precompression.copyPaths(of: path).filter { previous[$0] != nil }
        if !stale.isEmpty { state.withLock { $0.retired += stale } }
        let entry = BuildManifest.Entry(fingerprint: fingerprint, content: content)
        if previous[path]?.content == content {
            record(path, entry, outcome: .unchanged)
            return
        }
        try destination.copy(from: source, to: path)
        record(path, entry, outcome: .written)
    }

    /// A fingerprint that also changes when precompression is turned on or off or its settings
    /// change, for the types of file it compresses: the file is then made again, and its copies
    /// made or dropped, though its own bytes stay the same.
    private func withPrecompression(_ fingerprint: Digest, of path: String) -> Digest {
        guard let precompression, Precompression.compresses(path) else { return fingerprint }
        var hasher = StableHasher()
        hasher.combine(fingerprint)
        hasher.combine(precompression.settings)
        return hasher.finalize()
    }

    /// Records `path` as unchanged, with the compressed copies the previous build made of it,
    /// when the previous build made it from `fingerprint` (which covers the precompression
    /// settings); false when it must be made.
    private func recordedUnchanged(_ path: String, fingerprint: Digest) -> Bool {
        guard let old = previous[path], old.fingerprint == fingerprint else { return false }
        if precompression != nil {
            for copy in Precompression.copyPaths(of: path) {
                if let entry = previous[copy] { record(copy, entry, outcome: .unchanged) }
            }
        }
        record(path, old, outcome: .unchanged)
        return true
    }

    /// A file of the previous build that this one removes, with its compressed copies: for
    /// edit builds, which delete only what they are told.
    package func retire(_ path: String) {
        let paths = [path] + Precompression.copyPaths(of: path).filter { previous[$0] != nil }
        state.withLock { $0.retired += paths }
    }

    /// Writes `bytes` unless the previous build wrote exactly these bytes at `path`, and its
    /// compressed copies likewise; a nil fingerprint means the bytes are the fingerprint.
    private func store(_ path: String, bytes: [UInt8], content known: Digest? = nil, fingerprint: Digest?) throws(FileSystem.Failure) {
        let content = known ?? Digest.of(bytes)
        try storeCompressedCopies(of: path, bytes: bytes, content: content)
        try write(path, bytes: bytes, content: content, fingerprint: fingerprint ?? content)
    }

    /// Writes one file unless the previous build wrote exactly these bytes at `path`.
    private func write(_ path: String, bytes: [UInt8], content: Digest, fingerprint: Digest) throws(FileSystem.Failure) {
        let entry = BuildManifest.Entry(fingerprint: fingerprint, content: content)
        if previous[path]?.content == content {
            record(path, entry, outcome: .unchanged)
            return
        }
        try destination.write(path, bytes: bytes)
        record(path, entry, outcome: .written)
    }

    /// The `.gz` and `.br` of a file that gets them, each compressed only when the previous
    /// build did not make it from the same bytes; for a file that no longer gets them, the
    /// previous build's are noted for deletion.
    private func storeCompressedCopies(of path: String, bytes: [UInt8], content: Digest) throws(FileSystem.Failure) {
        guard let precompression, Precompression.compresses(path, byteCount: bytes.count) else {
            let stale = Precompression.copyPaths(of: path).filter { previous[$0] != nil }
            if !stale.isEmpty { state.withLock { $0.retired += stale } }
            return
        }
        for encoding in Precompression.Encoding.allCases {
            let copyPath = path + encoding.suffix
            let fingerprint = precompression.fingerprint(of: encoding, content: content)
            if let old = previous[copyPath], old.fingerprint == fingerprint {
                record(copyPath, old, outcome: .unchanged)
                continue
            }
            let compressed: [UInt8]
            do {
                compressed = try precompression.compress(bytes, as: encoding)
            } catch {
                throw FileSystem.Failure(path: destination.stagingRoot + "/" + copyPath, operation: "compress (\(error)) into", code: error.systemCode)
            }
            try write(copyPath, bytes: compressed, content: Digest.of(compressed), fingerprint: fingerprint)
        }
    }

    /// A hard link to a file of the image cache, which never changes a file in place and names
    /// each file by what it is made from: the cache file's path and size say everything about
    /// its bytes. Neither its inode nor its times count, so an output folder and cache restored
    /// elsewhere (a CI cache) are not linked again.
    package func link(from source: String, to path: String) throws(FileSystem.Failure) {
        let fingerprint = Self.fingerprint(ofFile: source, kind: 2, content: .zero)
        let entry = BuildManifest.Entry(fingerprint: fingerprint, content: fingerprint)
        if previous[path]?.fingerprint == fingerprint {
            record(path, entry, outcome: .unchanged)
            return
        }
        try destination.link(from: source, to: path)
        record(path, entry, outcome: .written)
    }

    package var location: String { destination.stagingRoot }

    private static func fingerprint(ofFile source: String, kind: UInt64, content: Digest) -> Digest {
        var hasher = StableHasher()
        hasher.combine(kind)
        hasher.combine(source)
        hasher.combine(content)
        if let status = FileSystem.status(of: source) { hasher.combine(status.size) }
        return hasher.finalize()
    }

    private func record(_ path: String, _ entry: BuildManifest.Entry, outcome: Outcome) {
        state.withLock { state in
            state.entries[path] = entry
            switch outcome {
            case .written: state.written.append(path)
            case .unchanged: state.unchanged += 1
            }
        }
    }

    /// What an edit build made: only the files it was asked for; deleted, only what it retired
    /// and the compressed copies of files that no longer get them.
    package func recorded() -> OutputChanges {
        state.withLock { state in
            let deleted = Set(state.retired).filter { state.entries[$0] == nil }.sorted()
            return OutputChanges(entries: state.entries, written: state.written.sorted(), unchanged: state.unchanged, deleted: deleted)
        }
    }

    /// What the build made, once every stage is done: the files the previous build made that
    /// this one did not are deleted.
    package func result() -> OutputChanges {
        let made = recorded()
        let deleted = previous.paths.filter { made.entries[$0] == nil }.sorted()
        return OutputChanges(entries: made.entries, written: made.written, unchanged: made.unchanged, deleted: deleted)
    }
}

/// The files one build wrote, left alone and deleted, and the manifest entries it made.
package struct OutputChanges: Sendable {
    package let entries: [String: BuildManifest.Entry]
    package let written: [String]
    package let unchanged: Int
    package let deleted: [String]
}
