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

    package static let magic = Array("timeline-manifest".utf8)
    static let formatVersion: UInt64 = 1

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
        var writer = ByteWriter()
        encode(into: &writer)
        return writer.bytes
    }

    /// Writes the manifest to `path` (replacing it atomically) without holding it whole.
    package func write(to path: String) throws(FileSystem.Failure) {
        try StreamedFile.create(path) { encode(into: &$0) }
    }

    /// Sorted paths, each written as the length it shares with the previous one and the rest.
    private func encode(into writer: inout ByteWriter) {
        writer.raw(Self.magic)
        writer.number(Self.formatVersion)
        writer.digest(tool)
        writer.number(entries.count)
        var previous: [UInt8] = []
        for (path, entry) in entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let bytes = Array(path.utf8)
            let shared = zip(previous, bytes).prefix { $0 == $1 }.count
            writer.number(shared)
            writer.number(bytes.count - shared)
            writer.raw(bytes[shared...])
            writer.digest(entry.fingerprint)
            writer.digest(entry.content)
            writer.flushIfFull()
            previous = bytes
        }
    }

    package static func decode(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> BuildManifest {
        var reader = ByteReader(bytes)
        guard Array(try reader.slice(magic.count)) == magic, try reader.number() == formatVersion else { throw ByteReader.Malformed() }
        let tool = try reader.digest()
        let count = try reader.count()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(count)
        var previous: [UInt8] = []
        for _ in 0..<count {
            let shared = try reader.count(limit: previous.count)
            let rest = try reader.slice(try reader.count())
            var path = Array(previous[..<shared])
            path.append(contentsOf: rest)
            let fingerprint = try reader.digest()
            entries[String(decoding: path, as: UTF8.self)] = Entry(fingerprint: fingerprint, content: try reader.digest())
            previous = path
        }
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        return BuildManifest(tool: tool, entries: entries)
    }
}
