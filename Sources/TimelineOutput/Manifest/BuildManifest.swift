import TimelineModel
import TimelineSystem

/// What the last complete build wrote, kept in the cache folder: for every output file, a
/// fingerprint of everything it was made from and a digest of its bytes. A build compares
/// against it to skip rendering what did not change and to leave untouched what renders the
/// same; files it lists that a build no longer makes are deleted.
package struct BuildManifest: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        /// What the file was made from: template and context, feed values, source file stamp.
        package var fingerprint: Digest
        /// The bytes written (for links into the image cache, the cache file's identity).
        package var content: Digest

        /// In the edits file: the path was deleted since the manifest was written.
        package static let deleted = Entry(fingerprint: .zero, content: .zero)
    }

    /// Changes whenever anything that is not itself fingerprinted could change the output:
    /// the format of this file, the tool that wrote it and the output folder it describes
    /// (`BuildStateFolder.writer`).
    package var tool: Digest
    package var entries: [String: Entry]

    package init(tool: Digest, entries: [String: Entry] = [:]) {
        self.tool = tool
        self.entries = entries
    }

    package func encoded() -> [UInt8] {
        var coder = StateCoder()
        _ = try? Self.code(self, with: &coder)
        return coder.bytes
    }

    /// Writes the manifest to `path` (replacing it atomically) without holding it whole.
    package func write(to path: String) throws(FileSystem.Failure) {
        try StreamedFile.create(path) { coder in _ = try? Self.code(self, with: &coder) }
    }

    package static func decode(_ bytes: [UInt8]) throws(StateCoder.Malformed) -> BuildManifest {
        var coder = StateCoder(reading: bytes)
        let manifest = try code(nil, with: &coder)
        guard coder.isAtEnd else { throw StateCoder.Malformed() }
        return manifest
    }
}

extension BuildManifest: StateCodable {
    /// Sorted paths, each written as the length it shares with the previous one and the rest.
    package static func code(_ manifest: BuildManifest?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> BuildManifest {
        try coder.header(.manifest)
        let tool = try coder.digest(manifest?.tool)
        // Sorted as bytes, by index (`PackedBytes`): sorting the strings retained both of every
        // pair compared.
        var paths = PackedBytes(reservingCapacity: manifest?.entries.count ?? 0)
        var kept: [Entry] = []
        kept.reserveCapacity(manifest?.entries.count ?? 0)
        for (path, entry) in manifest?.entries ?? [:] {
            paths.append(path)
            kept.append(entry)
        }
        let order = paths.sortedIndexes()
        let count = try coder.count(manifest.map { _ in order.count })
        var entries: [String: Entry] = [:]
        if coder.isReading { entries.reserveCapacity(count) }
        var previous: ArraySlice<UInt8> = []
        for index in 0..<count {
            let writing = manifest != nil
            let path = try coder.bytes(writing ? paths[order[index]] : nil, sharingPrefixWith: previous)
            let fingerprint = try coder.digest(writing ? kept[order[index]].fingerprint : nil)
            let content = try coder.digest(writing ? kept[order[index]].content : nil)
            if coder.isReading { entries[String(decoding: path, as: UTF8.self)] = Entry(fingerprint: fingerprint, content: content) }
            coder.flushIfFull()
            previous = path
        }
        return manifest ?? BuildManifest(tool: tool, entries: entries)
    }
}
