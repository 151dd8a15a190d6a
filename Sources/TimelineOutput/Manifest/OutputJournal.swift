import TimelineModel
import TimelineSystem

/// The commit record of an incremental build, written once every changed file waits in the
/// pending folder: which files move into the output folder and which are deleted. Its
/// appearance is the moment the new site exists; replaying it is idempotent, so a build killed
/// while applying it is finished by the next build (or `timeline serve`) before anything else.
///
/// A build's journal comes with a whole new manifest (`manifest.next`); an edit's with the
/// manifest entries of every file edits changed since that manifest (`manifest.edits.next`).
package struct OutputJournal: Sendable, Equatable {
    package enum Kind: UInt64, Sendable {
        case build = 1
        case edit = 2
    }

    package var kind: Kind = .build
    package var written: [String]
    package var deleted: [String]

    package func encoded() -> [UInt8] {
        var coder = StateCoder()
        _ = try? Self.code(self, with: &coder)
        return coder.bytes
    }

    package static func decode(_ bytes: [UInt8]) throws(StateCoder.Malformed) -> OutputJournal {
        var coder = StateCoder(reading: bytes)
        let journal = try code(nil, with: &coder)
        guard coder.isAtEnd else { throw StateCoder.Malformed() }
        return journal
    }

    /// Fails, before anything is committed, when a folder the journal would change cannot be
    /// written (a read-only output folder), so that a commit never stops halfway for that reason.
    func checkWritable(outputRoot: String) throws(FileSystem.Failure) {
        var checked = Set<String>()
        for path in written + deleted {
            var folder = Path.parent(of: outputRoot + "/" + path)
            while FileSystem.kind(of: folder) == .missing, folder != outputRoot, folder != "/" { folder = Path.parent(of: folder) }
            guard checked.insert(folder).inserted else { continue }
            try FileSystem.checkWritable(folder)
        }
    }

    /// Moves each written file from `pendingRoot` into `outputRoot` (a rename over the old one,
    /// so no reader sees half a file), deletes the deleted ones and the folders they leave
    /// empty. Files already moved by an interrupted replay are skipped.
    func apply(pendingRoot: String, outputRoot: String) throws(FileSystem.Failure) {
        for path in written {
            let source = pendingRoot + "/" + path
            guard FileSystem.kind(of: source) != .missing else { continue }
            let destination = outputRoot + "/" + path
            try FileSystem.makeDirectories(Path.parent(of: destination))
            try FileSystem.rename(source, to: destination)
        }
        for path in deleted {
            try FileSystem.removeFileIfPresent(outputRoot + "/" + path)
            var folder = Path.parent(of: path)
            while !folder.isEmpty, folder != ".", FileSystem.removeEmptyDirectory(outputRoot + "/" + folder) {
                folder = Path.parent(of: folder)
            }
        }
    }
}

extension OutputJournal: StateCodable {
    package static func code(_ journal: OutputJournal?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> OutputJournal {
        try coder.header(.journal)
        guard let kind = Kind(rawValue: UInt64(try coder.count(journal.map { Int($0.kind.rawValue) }, limit: 2))) else { throw StateCoder.Malformed() }
        let written = try coder.list(journal?.written)
        let deleted = try coder.list(journal?.deleted)
        return journal ?? OutputJournal(kind: kind, written: written, deleted: deleted)
    }
}
