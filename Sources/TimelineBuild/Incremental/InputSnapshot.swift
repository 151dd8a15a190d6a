import Synchronization
import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// The state of every input of the last complete build: each file and folder it read under the
/// content folder and every one under the templates folder, with its status (size, times,
/// inode) and its identity (`FileIdentities`: its bytes, or a folder's entry names), the
/// options, and what the build made (`BuildFacts`). When all of it is still the same, a build
/// has nothing to do and reports it again after one `stat` per input, without reading a file.
/// A folder's times change when an entry is added, removed or renamed in it, and a file's when
/// it is written, so nothing is missed. An input whose status moved but whose identity did not
/// (every file of a fresh clone) is still the same input: git's index, or hashing the file,
/// says so, and the snapshot is written again with the new statuses.
struct InputSnapshot: Sendable {
    /// The files and folders below one root, as paths relative to it, each ended by a NUL so
    /// that the check can hand them to `fstatat` without making a string.
    struct Tree: Sendable {
        let root: String
        /// Whether identities here may come from git's index (the content folder's).
        let asksGit: Bool
        /// Nil when the root did not exist (a site without a templates folder).
        var rootStatus: FileSystem.Status?
        let rootIdentity: Digest
        /// Relative paths, each followed by a 0 byte.
        let pathBytes: [UInt8]
        /// Where each path starts in `pathBytes`.
        let offsets: [UInt32]
        var statuses: [FileSystem.Status]
        var identities: [Digest]

        /// The tree with the statuses changed at or after `limit` replaced by one that matches
        /// no file, so that the next check compares those inputs' identities.
        func forgettingStatuses(changedSince limit: Int64) -> Tree {
            var copy = self
            copy.statuses = statuses.map { RecordCache.kept($0, changedBefore: limit) }
            copy.rootStatus = rootStatus.map { RecordCache.kept($0, changedBefore: limit) }
            return copy
        }

        /// Whether the path at `index` is `folder` (its bytes) or inside it.
        func isInside(_ folder: [UInt8], at index: Int) -> Bool {
            let start = Int(offsets[index])
            guard pathBytes.count - start > folder.count, pathBytes[start..<start + folder.count].elementsEqual(folder) else { return false }
            let next = pathBytes[start + folder.count]
            return next == 0 || next == UInt8(ascii: "/")
        }

        func path(at index: Int) -> String {
            let start = Int(offsets[index])
            return String(decoding: pathBytes[start..<pathEnd(from: start) - 1], as: UTF8.self)
        }

        /// Where the path starting at `start` ends, its 0 byte included.
        func pathEnd(from start: Int) -> Int {
            (pathBytes[start...].firstIndex(of: 0) ?? pathBytes.count - 1) + 1
        }
    }

    /// A file changed this close to the start of the build that read it might change again
    /// within the file system's timestamp granularity without its times moving: its status is
    /// not kept (git's "racily clean" problem), so the next build compares its identity.
    static let racyWindowNanoseconds: Int64 = 1_000_000_000

    let options: Digest
    var trees: [Tree]
    let facts: BuildFacts
    /// The digest of the manifest and edits file the build left (`BuildState.outputDigest`): the
    /// output folder is as that build made it only while they are too (a damaged or replaced one
    /// means building again).
    let output: Digest

    /// What the up-to-date check found.
    enum Verdict {
        /// Every input has the status it had.
        case current
        /// Some statuses moved, but every identity is the same: the same inputs, as `refreshed`
        /// records them now.
        case sameContent(refreshed: InputSnapshot)
        /// Some inputs changed. When every one is a file or folder of a post in the content
        /// folder (and there are not more than `changeSetLimit(inputs:)`), `contentPaths` names them,
        /// relative to the content folder; nil for any other change, which only a whole pass
        /// can take. `refreshed` records the inputs whose status moved but not their
        /// identity as they are now, and the posts folder as it was listed to find new posts.
        case changed(contentPaths: [String]?, refreshed: InputSnapshot? = nil)
    }

    /// More changed files than this, of a tree of `inputs`, are a whole pass's to build: one in
    /// 16 inputs (about one for every four posts), and at least 1,024. A change set that size is
    /// read and linked in a fraction of a whole pass, and what it reaches is bounded again by
    /// the edit build (`EditBuild.pageLimit`); `timeline rename user` of a user with 41
    /// comments and 72 likes changes about 120 files. A checkout of another branch, which
    /// changes most files, gives up early.
    static func changeSetLimit(inputs: Int) -> Int {
        max(1_024, inputs / 16)
    }

    /// The inputs of a build: for the content folder, the tree `captureContent` made when the
    /// records were read; for the templates folder, every file and folder below it (or that
    /// there is none: the built-in theme as it is). Nil when a status cannot be read or a
    /// folder below the templates is a symbolic link (its contents could change without any
    /// time below the root moving). Statuses at or after `racy` (the build's start less the
    /// racy window) are not kept.
    static func capture(
        content: Tree, templates: String, options: Digest, facts: BuildFacts, output: Digest, stableBefore racy: Int64
    ) -> InputSnapshot? {
        let templatesStatus = FileSystem.status(of: templates)
        var templateTree = TreeBuilder(identities: FileIdentities(root: templates, asksGit: false))
        if let templatesStatus {
            guard templatesStatus.isDirectory, walk(templates, relative: "", into: &templateTree) else { return nil }
        } else if FileSystem.kind(of: templates) != .missing {
            return nil
        }
        guard let templateTree = templateTree.tree(root: templates, asksGit: false, status: templatesStatus) else { return nil }
        let trees = [content, templateTree].map { $0.forgettingStatuses(changedSince: racy) }
        return InputSnapshot(options: options, trees: trees, facts: facts, output: output)
    }

    /// The content folder's inputs: the files and folders its records were read from
    /// (`records`, which must hold every user and post of the site) with the folder itself,
    /// `site.json` and the `users` and `posts` folders, whose times move when anything is added
    /// to or removed from them, and everything in the albums folder. Taken once the records are read, so that the build need not
    /// keep them (at 200,000 posts, a million dependencies) until it writes the snapshot.
    static func captureContent(_ content: String, records: RecordCache) -> Tree? {
        // Folders and site.json: listed and hashed, never worth reading git's index for.
        var contentTree = TreeBuilder(identities: FileIdentities(root: content, asksGit: false))
        for path in ContentLayout.topLevelEntries {
            guard contentTree.append(path) else { return nil }
        }
        // Albums are read whole on every build: every file and folder below them is an input.
        for path in ContentLayout.optionalTopLevelEntries where FileSystem.kind(of: content + "/" + path) != .missing {
            guard FileSystem.kind(of: content + "/" + path) == .directory, walk(content + "/" + path, relative: path + "/", into: &contentTree),
                contentTree.append(path)
            else { return nil }
        }
        for entry in records.users.values { for dependency in entry.dependencies { contentTree.append(dependency) } }
        for entry in records.posts.values { for dependency in entry.dependencies { contentTree.append(dependency) } }
        return contentTree.tree(root: content, asksGit: true, status: FileSystem.status(of: content))
    }

    /// Every file and folder at and below `folder` (relative to the content folder `content`)
    /// as it is now, as `captureContent` takes the albums folder; none when it is not there,
    /// nil when one cannot be read.
    static func folderInputs(_ folder: String, content: String) -> [RecordCache.Dependency]? {
        let kind = FileSystem.kind(of: content + "/" + folder)
        if kind == .missing { return [] }
        var builder = TreeBuilder(identities: FileIdentities(root: content, asksGit: false))
        guard kind == .directory, walk(content + "/" + folder, relative: folder + "/", into: &builder), builder.append(folder) else { return nil }
        let tree = builder.tree(root: content, asksGit: false, status: nil, identity: .zero)
        return tree.offsets.indices.map { RecordCache.Dependency(path: tree.path(at: $0), status: tree.statuses[$0], identity: tree.identities[$0]) }
    }

    private struct TreeBuilder {
        let identities: FileIdentities
        var pathBytes: [UInt8] = []
        var offsets: [UInt32] = []
        var statuses: [FileSystem.Status] = []
        var digests: [Digest] = []

        mutating func append(_ dependency: RecordCache.Dependency) {
            offsets.append(UInt32(truncatingIfNeeded: pathBytes.count))
            pathBytes.append(contentsOf: dependency.path.utf8)
            pathBytes.append(0)
            statuses.append(dependency.status)
            digests.append(dependency.identity)
        }

        mutating func reserve(like tree: Tree) {
            pathBytes.reserveCapacity(tree.pathBytes.count)
            offsets.reserveCapacity(tree.offsets.count)
            statuses.reserveCapacity(tree.statuses.count)
            digests.reserveCapacity(tree.identities.count)
        }

        /// Appends the input at `index` of `tree` as it is there, its path copied as bytes.
        mutating func append(_ index: Int, of tree: Tree) {
            let start = Int(tree.offsets[index])
            let end = tree.pathEnd(from: start)
            offsets.append(UInt32(truncatingIfNeeded: pathBytes.count))
            pathBytes.append(contentsOf: tree.pathBytes[start..<end])
            statuses.append(tree.statuses[index])
            digests.append(tree.identities[index])
        }

        /// Appends the file or folder at `path` as it is now (`status`, when the caller has read
        /// it); false when it cannot be read.
        mutating func append(_ path: String, status known: FileSystem.Status? = nil) -> Bool {
            guard let status = known ?? FileSystem.status(of: identities.root + "/" + path), let identity = identities.of(path, status: status) else {
                return false
            }
            append(RecordCache.Dependency(path: path, status: status, identity: identity))
            return true
        }

        func tree(root: String, asksGit: Bool, status: FileSystem.Status?) -> Tree? {
            let rootIdentity = status.map { identities.of("", status: $0) } ?? Digest.zero
            guard let rootIdentity else { return nil }
            return tree(root: root, asksGit: asksGit, status: status, identity: rootIdentity)
        }

        func tree(root: String, asksGit: Bool, status: FileSystem.Status?, identity: Digest) -> Tree {
            Tree(
                root: root, asksGit: asksGit, rootStatus: status, rootIdentity: identity, pathBytes: pathBytes, offsets: offsets, statuses: statuses,
                identities: digests)
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
            guard tree.append(relativePath, status: status) else { return false }
        }
        return true
    }

    /// Whether every input is still the same: first by status, one `stat` per input; an input
    /// whose status moved is compared by identity. A change in the content folder is looked
    /// for to the end, to name every changed input (the change set); anything else stops the
    /// check at once.
    func verdict(options current: Digest) async -> Verdict {
        guard current == options else { return .changed(contentPaths: nil) }
        var refreshed = self
        var anyMoved = false
        var changedPaths: [String] = []
        for (position, tree) in trees.enumerated() {
            // Only the content tree (the first) can name a change set.
            let namesChanges = position == 0 && tree.asksGit
            let identities = FileIdentities(root: tree.root, asksGit: tree.asksGit)
            let rootStatus = FileSystem.status(of: tree.root)
            guard (rootStatus == nil) == (tree.rootStatus == nil) else { return .changed(contentPaths: nil) }
            guard let rootStatus else { continue }
            if rootStatus != tree.rootStatus {
                guard identities.of("", status: rootStatus) == tree.rootIdentity else { return .changed(contentPaths: nil) }
                refreshed.trees[position].rootStatus = rootStatus
                anyMoved = true
            }
            guard let scan = await scan(tree, identities: identities, collectingChanges: namesChanges) else { return .changed(contentPaths: nil) }
            for (index, status) in scan.moved { refreshed.trees[position].statuses[index] = status }
            anyMoved = anyMoved || !scan.moved.isEmpty
            for index in scan.changed {
                let path = tree.path(at: index)
                guard Self.listedFolders.contains(path) else {
                    changedPaths.append(path)
                    continue
                }
                guard let listed = newEntries(of: path, in: tree, at: index) else { return .changed(contentPaths: nil) }
                refreshed.trees[position].statuses[index] = listed.status
                refreshed.trees[position].identities[index] = listed.identity
                anyMoved = true
                changedPaths += listed.newEntries
            }
        }
        guard changedPaths.isEmpty else { return .changed(contentPaths: changedPaths.sorted(), refreshed: refreshed) }
        return anyMoved ? .sameContent(refreshed: refreshed) : .current
    }

    /// The inputs of `tree` whose status moved though their identity did not (`moved`, with
    /// their status now) and, when `collectingChanges`, those missing or whose identity changed
    /// (`changed`), up to `changeSetLimit(inputs:)` of them, each a post's file or folder or a user's file. Nil as soon as
    /// there is a change it does not collect, or more than it collects.
    private func scan(_ tree: Tree, identities: FileIdentities, collectingChanges: Bool) async -> (
        moved: [(Int, FileSystem.Status)], changed: [Int]
    )? {
        guard let root = FileSystem.openDirectory(tree.root) else { return nil }
        let tally = ChangeTally()
        let limit = collectingChanges ? Self.changeSetLimit(inputs: tree.statuses.count) : 0
        let results = await ParallelMap.chunks(count: tree.statuses.count) { range -> (moved: [(Int, FileSystem.Status)], changed: [Int]) in
            var moved: [(Int, FileSystem.Status)] = []
            var changed: [Int] = []
            tree.pathBytes.withUnsafeBufferPointer { bytes in
                for index in range {
                    if index & 255 == 0, tally.gaveUp { return }
                    let path = UnsafeRawPointer(bytes.baseAddress! + Int(tree.offsets[index])).assumingMemoryBound(to: CChar.self)
                    let status = FileSystem.status(at: path, in: root)
                    if let status, status == tree.statuses[index] { continue }
                    if let status, identities.of(tree.path(at: index), status: status) == tree.identities[index] {
                        moved.append((index, status))
                        continue
                    }
                    // Any other change is a whole pass's: no need to look further.
                    let changedPath = tree.path(at: index)
                    guard collectingChanges, EditBuild.record(at: changedPath) != nil || Self.listedFolders.contains(changedPath),
                        tally.countChange(limit: limit)
                    else {
                        tally.giveUp()
                        return
                    }
                    changed.append(index)
                }
            }
            return (moved, changed)
        }
        guard !tally.gaveUp else { return nil }
        return (results.flatMap(\.moved), results.flatMap(\.changed))
    }

    /// The folders of the content whose names an edit build follows: a new post folder, a new
    /// avatar. Another folder whose names changed is a whole build's.
    private static let listedFolders: Set<String> = [ContentLayout.postsFolder, ContentLayout.usersFolder]

    /// `folder` (the input at `index` of `tree`, whose names changed) listed now: its status and
    /// identity as listed, and the entries in it that `tree` has no inputs of (new post folders,
    /// new files of the users folder), relative to the content folder; nil when it cannot be
    /// listed. An entry that went leaves its files missing, which the scan names.
    private func newEntries(of folder: String, in tree: Tree, at index: Int) -> (status: FileSystem.Status, identity: Digest, newEntries: [String])? {
        let path = tree.root + "/" + folder
        // Status first: a name added after the listing moves it again, so the next build looks.
        var names: [String] = []
        guard let status = FileSystem.status(of: path), status.isDirectory, (try? FileSystem.readDirectory(path, { name, _ in names.append(name) })) != nil
        else { return nil }
        let identity = FileIdentities.ofFolder(names: names)
        // The names of the entries the tree holds inputs of, as slices of its path bytes
        // (860,000 inputs at 200,000 posts: no string is made for each).
        let prefix = Array((folder + "/").utf8)
        let bytes = tree.pathBytes
        var known = Set<ArraySlice<UInt8>>()
        var last: ArraySlice<UInt8> = []
        for offset in tree.offsets {
            let start = Int(offset)
            guard bytes.count - start > prefix.count, bytes[start..<start + prefix.count].elementsEqual(prefix) else { continue }
            var end = start + prefix.count
            while bytes[end] != 0, bytes[end] != UInt8(ascii: "/") { end += 1 }
            let name = bytes[(start + prefix.count)..<end]
            if name.elementsEqual(last) { continue }
            known.insert(name)
            last = name
        }
        let added = names.filter { !known.contains(ArraySlice($0.utf8)) }.sorted { $0.utf8Precedes($1) }
            .map { folder + "/" + $0 }
        return (status, identity, added.filter { EditBuild.record(at: $0) != nil })
    }

    /// The changes the tasks of a scan found, so that all stop once there are more than it
    /// collects.
    private final class ChangeTally: Sendable {
        private let count = Atomic<Int>(0)
        private let stopped = Atomic<Bool>(false)
        var gaveUp: Bool { stopped.load(ordering: .relaxed) }

        /// Counts one change; false when it is one more than `limit`.
        func countChange(limit: Int) -> Bool {
            count.add(1, ordering: .relaxed).newValue <= limit
        }

        /// Stops every task of the scan.
        func giveUp() {
            stopped.store(true, ordering: .relaxed)
        }
    }

    /// The content inputs the snapshot holds at `path` (relative to the content folder): a
    /// post folder and the files in it, or a user's file.
    func contentInputs(at path: String) -> [RecordCache.Dependency] {
        guard let tree = trees.first else { return [] }
        let pathBytes = Array(path.utf8)
        return tree.offsets.indices.compactMap { index in
            tree.isInside(pathBytes, at: index)
                ? RecordCache.Dependency(path: tree.path(at: index), status: tree.statuses[index], identity: tree.identities[index]) : nil
        }
    }

    /// The snapshot after an edit build: the content inputs of each post folder of `edited`
    /// (or the albums folder) replaced by the ones read now, with the edit's facts and output.
    func replacingPostInputs(_ edited: [String: [RecordCache.Dependency]], facts: BuildFacts, output: Digest, stableBefore racy: Int64) -> InputSnapshot {
        var trees = trees
        guard let content = trees.first else { return self }
        let folders = edited.keys.sorted().map { Array($0.utf8) }
        var builder = TreeBuilder(identities: FileIdentities(root: content.root, asksGit: content.asksGit))
        builder.reserve(like: content)
        for index in content.offsets.indices where !folders.contains(where: { content.isInside($0, at: index) }) {
            builder.append(index, of: content)
        }
        for folder in edited.keys.sorted() {
            for dependency in edited[folder] ?? [] { builder.append(dependency) }
        }
        let tree = builder.tree(root: content.root, asksGit: content.asksGit, status: content.rootStatus, identity: content.rootIdentity)
        trees[0] = tree.forgettingStatuses(changedSince: racy)
        return InputSnapshot(options: options, trees: trees, facts: facts, output: output)
    }

    func encoded() -> [UInt8] {
        var coder = StateCoder()
        _ = try? Self.code(self, with: &coder)
        return coder.bytes
    }

    /// Writes the snapshot to `path` (replacing it atomically) without holding it whole.
    func write(to path: String) throws(FileSystem.Failure) {
        try StreamedFile.create(path) { coder in _ = try? Self.code(self, with: &coder) }
    }

    static func decode(_ bytes: [UInt8]) throws(StateCoder.Malformed) -> InputSnapshot {
        var coder = StateCoder(reading: bytes)
        let snapshot = try code(nil, with: &coder)
        guard coder.isAtEnd else { throw StateCoder.Malformed() }
        return snapshot
    }
}

extension InputSnapshot: StateCodable {
    static func code(_ snapshot: InputSnapshot?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> InputSnapshot {
        try coder.header(.inputs)
        let options = try coder.digest(snapshot?.options)
        let facts = try coder.value(snapshot?.facts)
        let output = try coder.digest(snapshot?.output)
        let trees = try coder.list(snapshot?.trees, limit: 16)
        return snapshot ?? InputSnapshot(options: options, trees: trees, facts: facts, output: output)
    }
}

extension InputSnapshot.Tree: StateCodable {
    /// The paths as one block of bytes, then an offset, a status and an identity per path, each
    /// of fixed width, so that a million inputs decode without a branch per byte.
    static func code(_ tree: Self?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Self {
        let root = try coder.string(tree?.root)
        let asksGit = try coder.flag(tree?.asksGit)
        let rootStatus = try coder.optional(tree.map(\.rootStatus))
        let rootIdentity = try coder.digest(tree?.rootIdentity)
        let count = try coder.count(tree?.statuses.count)
        let pathBytes = try coder.raw(tree?.pathBytes, count: try coder.count(tree?.pathBytes.count))
        var offsets: [UInt32] = []
        var statuses: [FileSystem.Status] = []
        var identities: [Digest] = []
        if coder.isReading {
            offsets.reserveCapacity(count)
            statuses.reserveCapacity(count)
            identities.reserveCapacity(count)
        }
        for index in 0..<count {
            let offset = try coder.word(tree.map { UInt64($0.offsets[index]) })
            // Each path must end inside the buffer, at a 0 byte.
            guard offset < UInt64(pathBytes.count) else { throw StateCoder.Malformed() }
            if coder.isReading { offsets.append(UInt32(offset)) }
            if index & 4095 == 0 { coder.flushIfFull() }
        }
        guard pathBytes.last == 0 || count == 0 else { throw StateCoder.Malformed() }
        for index in 0..<count {
            let status = try coder.status(tree?.statuses[index])
            let identity = try coder.digest(tree?.identities[index])
            if coder.isReading {
                statuses.append(status)
                identities.append(identity)
            }
            if index & 4095 == 0 { coder.flushIfFull() }
        }
        return tree
            ?? Self(
                root: root, asksGit: asksGit, rootStatus: rootStatus, rootIdentity: rootIdentity, pathBytes: pathBytes, offsets: offsets,
                statuses: statuses, identities: identities)
    }
}
