import CGit2
import Synchronization
import TimelineModel
import TimelineSystem

/// The git work tree a content folder is in, read through libgit2: for a file whose status is
/// the one git's index recorded when it last wrote the file, the index's blob ID says what its
/// bytes are without reading them. That is what makes a fresh clone's build, where every file
/// has a new inode and new times, know which files are the ones the last build read.
///
/// Git's answer is taken only where it is sure to name the bytes on disk: a regular file, not
/// skipped by a sparse checkout nor only intended to be added, whose size, times and inode are
/// those the index holds, and not changed in the same clock tick as the index was written
/// (git's "racily clean" entries). A repository that converts files on checkout (line endings,
/// filters other than Git LFS, `ident`, encodings) is not asked at all, since the same blob can
/// then give other bytes; nor is one whose index libgit2 cannot read. Every file git does not
/// answer for is hashed instead (`FileIdentities`).
package final class GitWorkTree: Sendable {
    private struct Handles: ~Copyable {
        let repository: OpaquePointer
        let index: OpaquePointer

        deinit {
            git_index_free(index)
            git_repository_free(repository)
        }
    }

    private let handles: Mutex<Handles>
    /// The content folder's path inside the work tree, ending in `/` ("" at its root).
    private let prefix: String
    /// The index file's modification time: entries changed at or after it are racy.
    private let indexModified: Int64

    /// The work tree holding `folder` (an absolute path), nil when there is none or it cannot
    /// be trusted.
    init?(holding folder: String) {
        guard let canonicalFolder = FileSystem.canonicalPath(folder), Self.hasGitEntry(atOrAbove: canonicalFolder) else { return nil }
        Self.prepareLibrary()
        var repository: OpaquePointer?
        guard git_repository_open_ext(&repository, canonicalFolder, 0, nil) == 0, let repository else { return nil }
        var index: OpaquePointer?
        guard git_repository_is_bare(repository) == 0, let workdir = git_repository_workdir(repository).map({ String(cString: $0) }),
            let canonicalWorkdir = FileSystem.canonicalPath(workdir),
            Path.isInside(canonicalFolder, directory: canonicalWorkdir) || canonicalFolder == canonicalWorkdir,
            let gitFolder = git_repository_path(repository).map({ String(cString: $0) }),
            let indexStatus = FileSystem.status(of: gitFolder + "index"),
            git_repository_index(&index, repository) == 0, let index
        else {
            git_repository_free(repository)
            return nil
        }
        guard Self.convertsNothing(repository, index: index, gitFolder: gitFolder, workdir: canonicalWorkdir) else {
            git_index_free(index)
            git_repository_free(repository)
            return nil
        }
        handles = Mutex(Handles(repository: repository, index: index))
        let inside = canonicalFolder.dropFirst(canonicalWorkdir.count).drop { $0 == "/" }
        prefix = inside.isEmpty ? "" : inside + "/"
        indexModified = indexStatus.modifiedNanoseconds
    }

    /// The blob ID git recorded for `relativePath` (inside the content folder) when the file
    /// is still as git's index describes it (`status`, as read through any symbolic link: the
    /// index holds a link as a link, which is not taken, so a match is the file itself); nil when
    /// git cannot say.
    func identity(of relativePath: String, status: FileSystem.Status) -> Digest? {
        let path = prefix + relativePath
        return handles.withLock { handles -> Digest? in
            guard let entry = git_index_get_bypath(handles.index, path, 0)?.pointee else { return nil }
            let skipped = UInt16(GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue | GIT_INDEX_ENTRY_INTENT_TO_ADD.rawValue)
            guard entry.flags_extended & skipped == 0, entry.mode & 0o170000 == 0o100000,
                entry.file_size == UInt32(truncatingIfNeeded: status.size), entry.ino == UInt32(truncatingIfNeeded: status.inode),
                Self.same(entry.mtime, status.modifiedNanoseconds), Self.same(entry.ctime, status.changedNanoseconds),
                Self.nanoseconds(entry.mtime) < indexModified
            else { return nil }
            return FileIdentities.digest(of: entry.id)
        }
    }

    private static func nanoseconds(_ time: git_index_time) -> Int64 {
        Int64(UInt32(bitPattern: time.seconds)) * 1_000_000_000 + Int64(time.nanoseconds)
    }

    /// The index keeps the low 32 bits of the seconds.
    private static func same(_ time: git_index_time, _ nanoseconds: Int64) -> Bool {
        let seconds = nanoseconds / 1_000_000_000
        return UInt32(bitPattern: time.seconds) == UInt32(truncatingIfNeeded: seconds) && Int64(time.nanoseconds) == nanoseconds - seconds * 1_000_000_000
    }

    /// Whether a checkout writes each blob's bytes as they are: no line-ending conversion
    /// (`core.autocrlf`), and no attributes file (the work tree's root `.gitattributes`, the
    /// repository's `info/attributes`, or one in the index anywhere) that asks for more than
    /// Git LFS or marking files binary. An attribute names a pointer's bytes' owner, not
    /// the bytes, only for LFS, whose pointer holds the content's own SHA-256.
    private static func convertsNothing(_ repository: OpaquePointer, index: OpaquePointer, gitFolder: String, workdir: String) -> Bool {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, repository) == 0, let config else { return false }
        defer { git_config_free(config) }
        var autocrlf: UnsafePointer<CChar>?
        if git_config_get_string(&autocrlf, config, "core.autocrlf") == 0, let autocrlf,
            !["false", "no", "off", "0", ""].contains(String(cString: autocrlf).lowercased())
        {
            return false
        }
        var attributeFiles = [gitFolder + "info/attributes"]
        for position in 0..<git_index_entrycount(index) {
            guard let path = git_index_get_byindex(index, position)?.pointee.path, Self.namesAttributesFile(path) else { continue }
            attributeFiles.append(workdir + "/" + String(cString: path))
        }
        return attributeFiles.allSatisfy { file in
            guard FileSystem.kind(of: file) != .missing else { return true }
            guard let bytes = try? FileSystem.readBytes(file) else { return false }
            return GitAttributes.onlyKeepsBytes(String(decoding: bytes, as: UTF8.self))
        }
    }

    private static let attributesFileName = Array(".gitattributes".utf8).map { CChar(bitPattern: $0) }

    /// Whether an index path's last component is `.gitattributes`, compared in place: a string
    /// for each of a large site's entries would cost more than the whole check.
    private static func namesAttributesFile(_ path: UnsafePointer<CChar>) -> Bool {
        var length = 0
        while path[length] != 0 { length += 1 }
        let name = attributesFileName
        guard length >= name.count, length == name.count || path[length - name.count - 1] == CChar(bitPattern: UInt8(ascii: "/")) else { return false }
        return name.indices.allSatisfy { path[length - name.count + $0] == name[$0] }
    }

    /// libgit2 sets itself up once per process; it is never shut down, as its users may be on
    /// any thread until the process ends.
    static func prepareLibrary() { libraryReady.confirm() }

    /// Whether `folder` or a folder above it holds a `.git` (a folder, or the file of a linked
    /// work tree or submodule), where libgit2's search (`git_repository_open_ext`, no flags)
    /// finds a work tree. Looked for first because starting libgit2 reads the system's
    /// certificates, 55 million instructions, which a site outside git need not pay.
    static func hasGitEntry(atOrAbove folder: String) -> Bool {
        var path = folder
        while true {
            if FileSystem.linkStatus(of: Path.join(path, ".git")) != nil { return true }
            let parent = Path.parent(of: path)
            guard parent != path, parent != "." else { return false }
            path = parent
        }
    }

    /// The version of the libgit2 the tool runs with, as the library says.
    package static var libraryVersion: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    private static let libraryReady = LibraryReady()

    private struct LibraryReady: Sendable {
        init() { git_libgit2_init() }
        func confirm() {}
    }
}

/// The attributes that leave a checked-out file's bytes those of its blob (or, for Git LFS,
/// of the content its pointer names).
enum GitAttributes {
    static let harmless: Set<String> = ["binary", "-text", "-diff", "diff", "-merge", "merge", "filter=lfs", "diff=lfs", "merge=lfs", "lockable"]

    static func onlyKeepsBytes(_ text: String) -> Bool {
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            if first.hasPrefix("[attr]") { return false }
            for attribute in fields.dropFirst() where !harmless.contains(String(attribute)) && !attribute.hasPrefix("linguist-") {
                return false
            }
        }
        return true
    }
}
