import Synchronization

/// Every file a build makes passes through here, from every stage and every core. Against the
/// previous build's manifest it decides what to do with it: skip making it when it was made
/// from the same inputs, make it but leave the file alone when the bytes come out the same, or
/// write it into `destination`. It records the new manifest as it goes. A clean build has no
/// previous manifest, so everything is written.
final class OutputRecorder: Sendable {
    /// What a build did to one output path.
    enum Outcome: Sendable {
        case written
        case unchanged
    }

    let previous: [String: BuildManifest.Entry]
    let destination: StagedOutput
    private let state = Mutex(State())

    private struct State {
        var entries: [String: BuildManifest.Entry] = [:]
        var written: [String] = []
        var unchanged = 0
    }

    init(previous: [String: BuildManifest.Entry], destination: StagedOutput) {
        self.previous = previous
        self.destination = destination
    }

    /// Whether the previous build made `path` from exactly `fingerprint`, so the file in the
    /// output folder is still right and need not be made again.
    func isCurrent(_ path: String, fingerprint: Digest) -> Bool {
        previous[path]?.fingerprint == fingerprint
    }

    /// A file made from `fingerprint`; `make` runs only when the previous build did not make
    /// this path from the same fingerprint.
    @discardableResult
    func file(_ path: String, fingerprint: Digest, make: () throws -> [UInt8]) throws -> Outcome {
        if let old = previous[path], old.fingerprint == fingerprint { return record(path, old, outcome: .unchanged) }
        return try store(path, bytes: try make(), fingerprint: fingerprint)
    }

    /// A file whose bytes are at hand anyway: its fingerprint is its content.
    @discardableResult
    func file(_ path: String, bytes: [UInt8]) throws(FileSystem.Failure) -> Outcome {
        try store(path, bytes: bytes, fingerprint: nil)
    }

    /// A copy of a source file, fingerprinted by the source's path and stamp; the source is
    /// read only when its stamp changed, and the copy rewritten only when its bytes did.
    @discardableResult
    func copy(from source: String, to path: String) throws(FileSystem.Failure) -> Outcome {
        let fingerprint = Self.fingerprint(ofFile: source, kind: 1)
        if let old = previous[path], old.fingerprint == fingerprint { return record(path, old, outcome: .unchanged) }
        return try store(path, bytes: try FileSystem.readBytes(source), fingerprint: fingerprint)
    }

    /// Writes `bytes` unless the previous build wrote exactly these bytes at `path`; a nil
    /// fingerprint means the bytes are the fingerprint.
    private func store(_ path: String, bytes: [UInt8], fingerprint: Digest?) throws(FileSystem.Failure) -> Outcome {
        let content = Digest.of(bytes)
        let entry = BuildManifest.Entry(fingerprint: fingerprint ?? content, content: content)
        if previous[path]?.content == content { return record(path, entry, outcome: .unchanged) }
        try destination.write(path, bytes: bytes)
        return record(path, entry, outcome: .written)
    }

    /// A hard link to a file of the image cache, which never changes a file in place: the
    /// cache file's path and stamp say everything about its bytes.
    @discardableResult
    func link(from source: String, to path: String) throws(FileSystem.Failure) -> Outcome {
        let fingerprint = Self.fingerprint(ofFile: source, kind: 2)
        let entry = BuildManifest.Entry(fingerprint: fingerprint, content: fingerprint)
        if previous[path]?.fingerprint == fingerprint { return record(path, entry, outcome: .unchanged) }
        try destination.link(from: source, to: path)
        return record(path, entry, outcome: .written)
    }

    private static func fingerprint(ofFile source: String, kind: UInt64) -> Digest {
        var hasher = StableHasher()
        hasher.combine(kind)
        hasher.combine(source)
        if let status = FileSystem.status(of: source) {
            hasher.combine(status.size)
            hasher.combine(status.modifiedNanoseconds)
            // Linking a file changes its change time, so links into the cache go by the rest.
            if kind == 1 { hasher.combine(status.changedNanoseconds) }
            hasher.combine(status.inode)
        }
        return hasher.finalize()
    }

    private func record(_ path: String, _ entry: BuildManifest.Entry, outcome: Outcome) -> Outcome {
        state.withLock { state in
            state.entries[path] = entry
            switch outcome {
            case .written: state.written.append(path)
            case .unchanged: state.unchanged += 1
            }
        }
        return outcome
    }

    /// What an edit build made: only the files it was asked for, nothing deleted.
    func recorded() -> OutputChanges {
        state.withLock { state in
            OutputChanges(entries: state.entries, written: state.written.sorted(), unchanged: state.unchanged, deleted: [])
        }
    }

    /// What the build made, once every stage is done: the files the previous build made that
    /// this one did not are deleted.
    func result() -> OutputChanges {
        let made = recorded()
        let deleted = previous.keys.filter { made.entries[$0] == nil }.sorted()
        return OutputChanges(entries: made.entries, written: made.written, unchanged: made.unchanged, deleted: deleted)
    }
}

/// The files one build wrote, left alone and deleted, and the manifest entries it made.
struct OutputChanges: Sendable {
    let entries: [String: BuildManifest.Entry]
    let written: [String]
    let unchanged: Int
    let deleted: [String]
}
