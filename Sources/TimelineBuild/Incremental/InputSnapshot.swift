import Synchronization
import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// The state of every input of the last complete build: each file and folder it read under the
/// content folder and every one under the templates folder, with its size, times and inode, the
/// options, and what the build made (`BuildFacts`). When all of it is still the same, a build has nothing
/// to do and reports it again after one `stat` per input, without reading a file. A folder's
/// times change when an entry is added, removed or renamed in it, and a file's when it is
/// written, so nothing is missed.
struct InputSnapshot: Sendable {
    /// The files and folders below one root, as paths relative to it, each ended by a NUL so
    /// that the check can hand them to `fstatat` without making a string.
    struct Tree: Sendable {
        let root: String
        /// Nil when the root did not exist (a site without a templates folder).
        let rootStatus: FileSystem.Status?
        /// Relative paths, each followed by a 0 byte.
        let pathBytes: [UInt8]
        /// Where each path starts in `pathBytes`.
        let offsets: [UInt32]
        let statuses: [FileSystem.Status]
    }

    static let magic = Array("timeline-inputs 3".utf8)
    /// A file changed this close to the start of the build that read it might change again
    /// within the file system's timestamp granularity without its times moving: such a snapshot
    /// is not kept (git's "racily clean" problem).
    static let racyWindowNanoseconds: Int64 = 1_000_000_000

    let options: Digest
    let trees: [Tree]
    let facts: BuildFacts

    /// The inputs of a build: for the content folder, the tree `captureContent` made when the
    /// records were read; for the templates folder, every file and folder below it (or that
    /// there is none: the built-in theme as it is). Nil when a
    /// status cannot be read, a folder below the templates is a symbolic link (its contents
    /// could change without any time below the root moving), or an input changed at or after
    /// `racy` (the build's start less the racy window).
    static func capture(content: Tree, templates: String, options: Digest, facts: BuildFacts, stableBefore racy: Int64) -> InputSnapshot? {
        let templatesStatus = FileSystem.status(of: templates)
        var templateTree = TreeBuilder()
        if let templatesStatus {
            guard templatesStatus.isDirectory, walk(templates, relative: "", into: &templateTree) else { return nil }
        } else if FileSystem.kind(of: templates) != .missing {
            return nil
        }
        let trees = [content, templateTree.tree(root: templates, status: templatesStatus)]
        let all = trees.flatMap { $0.statuses + [$0.rootStatus].compactMap { $0 } }
        guard !all.contains(where: { $0.modifiedNanoseconds >= racy || $0.changedNanoseconds >= racy }) else { return nil }
        return InputSnapshot(options: options, trees: trees, facts: facts)
    }

    /// The content folder's inputs: the files and folders its records were read from
    /// (`records`, which must hold every user and post of the site) with the folder itself,
    /// `site.json` and the `users` and `posts` folders, whose times move when anything is added
    /// to or removed from them. Taken once the records are read, so that the build need not
    /// keep them (at 200,000 posts, a million dependencies) until it writes the snapshot.
    static func captureContent(_ content: String, records: RecordCache) -> Tree? {
        guard let contentStatus = FileSystem.status(of: content) else { return nil }
        var contentTree = TreeBuilder()
        for path in ["site.json", "users", "posts"] {
            guard let status = FileSystem.status(of: content + "/" + path) else { return nil }
            contentTree.append(path, status)
        }
        for entry in records.users.values { for dependency in entry.dependencies { contentTree.append(dependency.path, dependency.status) } }
        for entry in records.posts.values { for dependency in entry.dependencies { contentTree.append(dependency.path, dependency.status) } }
        return contentTree.tree(root: content, status: contentStatus)
    }

    private struct TreeBuilder {
        var pathBytes: [UInt8] = []
        var offsets: [UInt32] = []
        var statuses: [FileSystem.Status] = []

        mutating func append(_ path: String, _ status: FileSystem.Status) {
            offsets.append(UInt32(truncatingIfNeeded: pathBytes.count))
            pathBytes.append(contentsOf: path.utf8)
            pathBytes.append(0)
            statuses.append(status)
        }

        func tree(root: String, status: FileSystem.Status?) -> Tree {
            Tree(root: root, rootStatus: status, pathBytes: pathBytes, offsets: offsets, statuses: statuses)
        }
    }

    private static func walk(_ folder: String, relative: String, into tree: inout TreeBuilder) -> Bool {
        for entry in FileSystem.directoryEntries(of: folder) {
            let path = folder + "/" + entry.name
            let relativePath = relative + entry.name
            guard let status = FileSystem.status(of: path), tree.pathBytes.count < Int(UInt32.max) - 4096 else { return false }
            if status.isDirectory {
                guard entry.isDirectory, walk(path, relative: relativePath + "/", into: &tree) else { return false }
            }
            tree.append(relativePath, status)
        }
        return true
    }

    /// Whether every input still has the status recorded; stops at the first difference.
    func isCurrent(options current: Digest) async -> Bool {
        guard current == options else { return false }
        for tree in trees where FileSystem.status(of: tree.root) != tree.rootStatus { return false }
        let changed = ChangeFlag()
        await withTaskGroup(of: Void.self) { group in
            for tree in trees where tree.rootStatus != nil {
                guard let root = FileSystem.openDirectory(tree.root) else {
                    changed.set()
                    break
                }
                for range in ParallelMap.chunkRanges(count: tree.statuses.count) {
                    group.addTask {
                        tree.pathBytes.withUnsafeBufferPointer { bytes in
                            for index in range {
                                if index & 255 == 0, changed.isSet { return }
                                let path = UnsafeRawPointer(bytes.baseAddress! + Int(tree.offsets[index])).assumingMemoryBound(to: CChar.self)
                                if FileSystem.status(at: path, in: root) != tree.statuses[index] {
                                    changed.set()
                                    return
                                }
                            }
                        }
                    }
                }
            }
        }
        return !changed.isSet
    }

    /// Lets the other tasks stop as soon as one finds a change.
    private final class ChangeFlag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        encode(into: &writer)
        return writer.bytes
    }

    /// Writes the snapshot to `path` (replacing it atomically) without holding it whole.
    func write(to path: String) throws(FileSystem.Failure) {
        try StreamedFile.create(path) { encode(into: &$0) }
    }

    private func encode(into writer: inout ByteWriter) {
        writer.raw(Self.magic)
        writer.digest(options)
        facts.encode(into: &writer)
        writer.number(trees.count)
        for tree in trees {
            writer.string(tree.root)
            writer.number(tree.rootStatus == nil ? 0 : 1)
            if let status = tree.rootStatus { writer.status(status) }
            writer.number(tree.statuses.count)
            writer.number(tree.pathBytes.count)
            writer.raw(tree.pathBytes)
            for (index, offset) in tree.offsets.enumerated() {
                writer.word(UInt64(offset))
                if index & 4095 == 0 { writer.flushIfFull() }
            }
            for (index, status) in tree.statuses.enumerated() {
                writer.status(status)
                if index & 4095 == 0 { writer.flushIfFull() }
            }
        }
    }

    static func decode(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> InputSnapshot {
        var reader = ByteReader(bytes)
        guard Array(try reader.slice(magic.count)) == magic else { throw ByteReader.Malformed() }
        let options = try reader.digest()
        let facts = try BuildFacts.decode(from: &reader)
        var trees: [Tree] = []
        for _ in 0..<(try reader.count(limit: 16)) {
            let root = try reader.string()
            let rootStatus = try reader.count(limit: 1) == 1 ? try reader.status() : nil
            let count = try reader.count()
            let pathBytes = Array(try reader.slice(try reader.count()))
            var offsets: [UInt32] = []
            offsets.reserveCapacity(count)
            for _ in 0..<count {
                let offset = try reader.word()
                // Each path must end inside the buffer, at a 0 byte.
                guard offset < UInt64(pathBytes.count) else { throw ByteReader.Malformed() }
                offsets.append(UInt32(offset))
            }
            guard pathBytes.last == 0 || count == 0 else { throw ByteReader.Malformed() }
            var statuses: [FileSystem.Status] = []
            statuses.reserveCapacity(count)
            for _ in 0..<count { statuses.append(try reader.status()) }
            trees.append(Tree(root: root, rootStatus: rootStatus, pathBytes: pathBytes, offsets: offsets, statuses: statuses))
        }
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        return InputSnapshot(options: options, trees: trees, facts: facts)
    }
}
