import CGit2
import Synchronization
import TimelineModel
import TimelineSystem

/// What a file's bytes are, named without depending on where or when it was written: its git
/// blob ID (SHA-1 of `blob <size>\0` and the bytes, the first 16 bytes kept as a `Digest`). A
/// fresh clone gives every file a new inode and new times but the same identity, so the state
/// a build keeps for the next one is keyed by identities, with the status only as a shortcut.
///
/// A file's identity comes from git's index when the content folder is in a git work tree and
/// the file is as the index describes it (`GitWorkTree`), else from hashing its bytes, which
/// gives the same ID git would. A folder's identity is that of its entry names, in any order.
///
/// Both give the same identity, so which one answers is only a matter of cost: reading a large
/// site's index takes time and memory (0.7 s and 220 MB for 660,000 files), hashing a few
/// changed files almost nothing. Files are hashed until `hashingBudget` is spent, and git's
/// index is read only then: an edit in the checkout that built last never opens it, a fresh
/// clone opens it once.
package final class FileIdentities: Sendable {
    /// The folder the paths asked about are relative to.
    package let root: String
    private let asksGit: Bool
    private let git = Mutex<GitState>(.unopened)
    private let hashed = Mutex(HashingSpent())
    /// Large files already hashed in this run, by status: a photo hard-linked into many post
    /// folders is read once.
    private let hashedLargeFiles = Mutex<[FileSystem.Status: Digest]>([:])
    static let largeFileSize = 64 << 10

    /// How much is hashed before git's index is read instead.
    static let hashingBudget = HashingSpent(files: 256, bytes: 8 << 20)

    struct HashingSpent {
        var files = 0
        var bytes = 0
    }

    private enum GitState {
        case unopened
        case absent
        case open(GitWorkTree)
    }

    /// Identities below `root` (an absolute path); with `asksGit`, git's index is read the
    /// first time a file's identity is asked for.
    package init(root: String, asksGit: Bool = true) {
        self.root = root
        self.asksGit = asksGit
    }

    /// The identity of the file or folder at `relativePath` ("" for the root) as it is now,
    /// following symbolic links as the loader does; nil when it is missing or cannot be read.
    package func of(_ relativePath: String) -> Digest? {
        FileSystem.status(of: path(relativePath)).flatMap { of(relativePath, status: $0) }
    }

    /// The identity of the file or folder at `relativePath` whose status (following symbolic
    /// links) the caller has just read. Git's index answers for a path it holds as a regular
    /// file with that very size, inode and times; a path reached through a symbolic link is not
    /// one it holds (it holds the link), so such a file is hashed.
    package func of(_ relativePath: String, status: FileSystem.Status) -> Digest? {
        if status.isDirectory { return Self.ofFolder(path(relativePath)) }
        if asksGit, !withinHashingBudget(status.size), let workTree = workTree(), let known = workTree.identity(of: relativePath, status: status) {
            return known
        }
        guard status.size >= Self.largeFileSize else { return Self.hashFile(path(relativePath)) }
        if let known = hashedLargeFiles.withLock({ $0[status] }) { return known }
        let identity = Self.hashFile(path(relativePath))
        // Kept only when the file did not change while it was read.
        if let identity, FileSystem.status(of: path(relativePath)) == status { hashedLargeFiles.withLock { $0[status] = identity } }
        return identity
    }

    private func path(_ relativePath: String) -> String {
        relativePath.isEmpty ? root : root + "/" + relativePath
    }

    /// Counts a file of `size` bytes as hashed while the budget lasts; false once it is spent.
    private func withinHashingBudget(_ size: Int) -> Bool {
        hashed.withLock { spent in
            let budget = Self.hashingBudget
            guard spent.files < budget.files, spent.bytes < budget.bytes else { return false }
            spent.files += 1
            spent.bytes += size
            return true
        }
    }

    /// A folder's identity: its entries' names, in any order (each name's digest summed, so the
    /// order the system lists them in does not count and nothing is sorted); nil when it cannot
    /// be listed.
    package static func ofFolder(_ path: String) -> Digest? {
        var names: [String] = []
        do {
            try FileSystem.readDirectory(path) { name, _ in names.append(name) }
        } catch {
            return nil
        }
        return ofFolder(names: names)
    }

    /// The identity of a folder whose entries are `names`, in any order.
    package static func ofFolder(names: [String]) -> Digest {
        var sum = Digest.of("folder")
        for name in names { sum = sum &+ Digest.of(name) }
        var hasher = StableHasher()
        hasher.combine(sum)
        hasher.combine(names.count)
        return hasher.finalize()
    }

    /// The blob ID of a file's bytes, as git computes it; nil when it cannot be read.
    package static func hashFile(_ path: String) -> Digest? {
        GitWorkTree.prepareLibrary()
        var id = git_oid()
        guard git_odb_hashfile(&id, path, GIT_OBJECT_BLOB) == 0 else { return nil }
        return digest(of: id)
    }

    /// The blob ID of `bytes`, as git computes it.
    package static func hash(_ bytes: [UInt8]) -> Digest {
        GitWorkTree.prepareLibrary()
        var id = git_oid()
        _ = bytes.withUnsafeBytes { git_odb_hash(&id, $0.baseAddress, $0.count, GIT_OBJECT_BLOB) }
        return digest(of: id)
    }

    static func digest(of id: git_oid) -> Digest {
        withUnsafeBytes(of: id.id) { raw in
            var high: UInt64 = 0
            var low: UInt64 = 0
            for index in 0..<8 {
                high = high << 8 | UInt64(raw[index])
                low = low << 8 | UInt64(raw[index + 8])
            }
            return Digest(high: high, low: low)
        }
    }

    private func workTree() -> GitWorkTree? {
        git.withLock { state in
            switch state {
            case .open(let workTree): return workTree
            case .absent: return nil
            case .unopened:
                let opened = GitWorkTree(holding: root)
                state = opened.map(GitState.open) ?? .absent
                return opened
            }
        }
    }
}
