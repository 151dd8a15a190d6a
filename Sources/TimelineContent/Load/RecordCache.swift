import TimelineModel
import TimelineSystem

/// The records the last build read, each with the status (size, times, inode) and the identity
/// (`FileIdentities`: what the bytes are) of every file and folder it was read from. The load
/// stage takes a record from here when all of those are unchanged, instead of parsing YAML,
/// JSON and image headers again: on a large site that is most of a rebuild's load time. A file
/// whose status moved but whose identity did not (a fresh clone, a file written again with the
/// same bytes, a restored backup) still counts as unchanged. Kept beside the build manifest; a
/// missing or damaged cache only costs parsing.
package struct RecordCache: Sendable {
    /// One file or folder a record was read from, relative to the content folder.
    package struct Dependency: Sendable, Equatable {
        package let path: String
        /// The shortcut: while it is the same, the file is taken as unchanged without reading it.
        package let status: FileSystem.Status
        package let identity: Digest

        package init(path: String, status: FileSystem.Status, identity: Digest) {
            self.path = path
            self.status = status
            self.identity = identity
        }
    }

    package struct Entry<Record: Sendable>: Sendable {
        package let dependencies: [Dependency]
        package let record: Record
        /// The warnings reading it gave (records with errors are not kept).
        package let warnings: [Diagnostic]

        /// What the file keeps of the dependencies: the digest of their paths and identities.
        var inputs: Digest { RecordCache.inputs(dependencies) }
    }

    /// The digest of the paths and identities of `dependencies`, in order.
    static func inputs(_ dependencies: [Dependency]) -> Digest {
        var hasher = StableHasher()
        for dependency in dependencies {
            hasher.combine(dependency.path)
            hasher.combine(dependency.identity)
        }
        return hasher.finalize()
    }

    /// Where the file's entries find their dependencies: the `count` inputs the last build
    /// noted from `path` on (`InputSnapshot` keeps each record's inputs together, the record's
    /// own file or folder first), nil when it noted none there.
    package typealias InputRuns = (_ path: String, _ count: Int) -> [Dependency]?

    /// The inputs the last build noted for a record's place (its post folder or user file),
    /// without knowing how many are the record's: for the identities of unchanged files only.
    package typealias KnownInputs = @Sendable (_ place: String) -> [Dependency]

    /// Stands for a status that was not kept (the file changed too close to the build that
    /// read it): no file has inode 0, so it matches none, and the next build compares the identity.
    package static let unknownStatus = FileSystem.Status(size: 0, modifiedNanoseconds: 0, changedNanoseconds: 0, inode: 0, isDirectory: false)

    /// `status`, or `unknownStatus` when it changed at or after `limit` (within the racy window).
    package static func kept(_ status: FileSystem.Status, changedBefore limit: Int64) -> FileSystem.Status {
        status.modifiedNanoseconds < limit && status.changedNanoseconds < limit ? status : unknownStatus
    }

    /// Diagnostics name files as the run shows them (`Content/…` from the site folder): a cache
    /// made from another working directory is not used.
    package var displayPrefix: String
    /// The program that read them: another version may read the same files differently.
    package var tool = BuildTool.digest
    /// By folder name under `posts/`.
    package var posts: [String: Entry<Post>] = [:]
    /// By file name under `users/`.
    package var users: [String: Entry<User>] = [:]

    /// The status and identity of each dependency now, relative to `identities.root`; nil
    /// when one is missing or cannot be read. An identity in `known` (a record's dependencies
    /// as an earlier build found them) is taken for a file whose status is the same.
    package static func dependencies(_ paths: [String], identities: FileIdentities, known: [Dependency] = []) -> [Dependency]? {
        var result: [Dependency] = []
        result.reserveCapacity(paths.count)
        for path in paths {
            guard let status = FileSystem.status(of: path.isEmpty ? identities.root : identities.root + "/" + path) else { return nil }
            let earlier = known.first { $0.path == path && $0.status == status }
            guard let identity = earlier?.identity ?? identities.of(path, status: status) else { return nil }
            result.append(Dependency(path: path, status: status, identity: identity))
        }
        return result
    }

    /// The dependencies with their statuses now when every one still has the status or the
    /// identity it had; nil when one changed.
    package static func current(_ dependencies: [Dependency], identities: FileIdentities) -> [Dependency]? {
        var refreshed: [Dependency]?
        for (index, dependency) in dependencies.enumerated() {
            guard let status = FileSystem.status(of: identities.root + "/" + dependency.path) else { return nil }
            if status == dependency.status { continue }
            guard identities.of(dependency.path, status: status) == dependency.identity else { return nil }
            if refreshed == nil { refreshed = dependencies }
            refreshed?[index] = Dependency(path: dependency.path, status: status, identity: dependency.identity)
        }
        return refreshed ?? dependencies
    }

    /// Whether `other` holds the same records read from the same files (by path and identity):
    /// a record is read again only when one changed, so equal inputs mean equal records, and the
    /// file need not be written again. Statuses are not kept in the file (`InputSnapshot` keeps
    /// them), so a fresh clone does not write it again either.
    package func hasSameEntries(as other: RecordCache) -> Bool {
        func same<Record>(_ mine: [String: Entry<Record>], _ theirs: [String: Entry<Record>]) -> Bool {
            mine.count == theirs.count
                && mine.allSatisfy { name, entry in
                    theirs[name].map { $0.dependencies.count == entry.dependencies.count && $0.inputs == entry.inputs } ?? false
                }
        }
        return displayPrefix == other.displayPrefix && tool == other.tool && same(users, other.users) && same(posts, other.posts)
    }

    // MARK: Encoding

    package func encoded() -> [UInt8] {
        var coder = StateCoder()
        _ = try? Self.code(self, inputs: { _, _ in nil }, with: &coder)
        return coder.bytes
    }

    /// Writes the cache to `path` (replacing it atomically) without holding it whole.
    package func write(to path: String) throws(FileSystem.Failure) {
        try StreamedFile.create(path) { coder in _ = try? Self.code(self, inputs: { _, _ in nil }, with: &coder) }
    }

    /// The cache kept in `path`, its entries' dependencies as `inputs` gives them; nil when
    /// there is none, it is damaged, or another build of the tool wrote it. An entry whose
    /// inputs are not those it was read from (a post changed since, which an edit build took)
    /// is left out. Its header is read first, so that a cache the tool cannot use (each new
    /// version meets one) is not decoded: at 200,000 posts that held 198 MB of records at the
    /// peak of a build, only to be dropped.
    package static func read(from path: String, inputs: InputRuns) -> RecordCache? {
        if let (head, size) = try? FileSystem.readPrefix(path, limit: 4096), size > head.count,
            let tool = try? writingTool(of: head), tool != BuildTool.digest
        {
            return nil
        }
        return (try? FileSystem.readBytes(path)).flatMap { try? decode($0, inputs: inputs) }
    }

    /// The tool digest in a cache's header.
    private static func writingTool(of bytes: [UInt8]) throws(StateCoder.Malformed) -> Digest {
        var coder = StateCoder(reading: bytes)
        try coder.header(.records)
        _ = try coder.string(nil)
        return try coder.digest(nil)
    }

    package static func decode(_ bytes: [UInt8], inputs: InputRuns) throws(StateCoder.Malformed) -> RecordCache {
        var coder = StateCoder(reading: bytes)
        let cache = try code(nil, inputs: inputs, with: &coder)
        guard coder.isAtEnd else { throw StateCoder.Malformed() }
        return cache
    }

    /// The header, then the users and the posts, each sorted by name.
    private static func code(_ cache: RecordCache?, inputs: InputRuns, with coder: inout StateCoder) throws(StateCoder.Malformed) -> RecordCache {
        try coder.header(.records)
        var read = RecordCache(displayPrefix: try coder.string(cache?.displayPrefix))
        read.tool = try coder.digest(cache?.tool)
        read.users = try codeEntries(cache?.users, inputs: inputs, place: ContentLayout.fileInUsersFolder(named:), with: &coder)
        read.posts = try codeEntries(cache?.posts, inputs: inputs, place: ContentLayout.postFolder(named:), with: &coder)
        return cache ?? read
    }

    /// Each entry as its name, record and warnings, with the number of its dependencies and
    /// their `inputs` digest; read back, its dependencies are those `inputs` has from its
    /// `place` (the record's file or folder) on. The paths, statuses and identities themselves
    /// are the input snapshot's: at 200,000 posts, 75 MB the state folder held twice.
    private static func codeEntries<Record: StateCodable>(
        _ entries: [String: Entry<Record>]?, inputs: InputRuns, place: (String) -> String, with coder: inout StateCoder
    ) throws(StateCoder.Malformed) -> [String: Entry<Record>] {
        if let entries {
            let sorted = entries.sorted { $0.key < $1.key }
            _ = try coder.count(sorted.count)
            for (name, entry) in sorted {
                _ = try coder.string(name)
                _ = try coder.value(entry.record)
                _ = try coder.list(entry.warnings)
                _ = try coder.count(entry.dependencies.count)
                _ = try coder.digest(entry.inputs)
                coder.flushIfFull()
            }
            return entries
        }
        let count = try coder.count(nil)
        var read: [String: Entry<Record>] = [:]
        read.reserveCapacity(Swift.min(count, 1 << 20))
        for _ in 0..<count {
            let name = try coder.string(nil)
            let record: Record = try coder.value(nil)
            let warnings: [Diagnostic] = try coder.list(nil)
            let dependencyCount = try coder.count(nil)
            let digest = try coder.digest(nil)
            let dependencies = dependencyCount == 0 ? [] : inputs(place(name), dependencyCount)
            guard let dependencies, Self.inputs(dependencies) == digest else { continue }
            read[name] = Entry(dependencies: dependencies, record: record, warnings: warnings)
        }
        return read
    }
}
