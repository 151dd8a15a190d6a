import CSystemSupport
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// File operations over apple/swift-system (`FileDescriptor`, `Stat`, `Errno`), plus the few
/// POSIX calls it does not wrap (directory listing, links, `realpath`). The pipeline touches
/// hundreds of thousands of files, and these avoid Foundation's per-call overhead while
/// reporting failures with the system's error text.
public enum FileSystem {
    package enum EntryKind: Sendable {
        case file
        case directory
        case symbolicLink
        case other
        case missing
    }

    /// `stat` (following symbolic links) or `lstat` of `path`; nil when it cannot be stated.
    static func stat(_ path: String, followingLinks: Bool) -> Stat? {
        try? path.withCString { (name) throws(Errno) in try Stat(name, followTargetSymlink: followingLinks) }
    }

    /// The kind of entry at `path`, without following a final symbolic link.
    package static func kind(of path: String) -> EntryKind {
        guard let info = stat(path, followingLinks: false) else { return .missing }
        switch info.type {
        case .regular: return .file
        case .directory: return .directory
        case .symbolicLink: return .symbolicLink
        default: return .other
        }
    }

    /// The kind of entry at `path`, following symbolic links.
    package static func resolvedKind(of path: String) -> EntryKind {
        guard let info = stat(path, followingLinks: true) else { return .missing }
        switch info.type {
        case .regular: return .file
        case .directory: return .directory
        default: return .other
        }
    }

    /// Opens `path` for reading, or throws naming it.
    package static func openForReading(_ path: String, operation: String = "read") throws(Failure) -> FileDescriptor {
        do {
            return try path.withCString { try FileDescriptor.open($0, .readOnly, options: [.closeOnExec]) }
        } catch {
            throw Failure(path: path, operation: operation, error: error)
        }
    }

    package static func readBytes(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = try openForReading(path)
        defer { try? descriptor.close() }
        let expected = (try? Stat(descriptor)).map { Int($0.size) } ?? 0
        return try readToEnd(descriptor, expectedSize: expected, path: path)
    }

    /// The rest of an open file, read straight into the result, sized by `expectedSize` and not
    /// zeroed first; a file that grows while it is read (or reports no size) gets more room as
    /// it goes. `path` names the file in the error.
    static func readToEnd(_ descriptor: FileDescriptor, expectedSize: Int, path: String) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        var capacity = max(expectedSize, 0) + 1
        while true {
            var outcome = FillOutcome.full
            let grown = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initializedCount in
                result.withUnsafeBufferPointer { old in
                    if let source = old.baseAddress { buffer.baseAddress?.initialize(from: source, count: old.count) }
                }
                (initializedCount, outcome) = fill(buffer, from: result.count, reading: descriptor)
            }
            if case .failed(let code) = outcome { throw Failure(path: path, operation: "read", code: code) }
            result = grown
            if case .atEnd = outcome { return result }
            capacity *= 2
        }
    }

    private enum FillOutcome {
        case full
        case atEnd
        case failed(Int32)
    }

    /// Reads from `descriptor` into `buffer` after its first `filled` bytes until the buffer is
    /// full or the file ends; how many bytes the buffer then holds.
    private static func fill(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, from filled: Int, reading descriptor: FileDescriptor
    ) -> (count: Int, outcome: FillOutcome) {
        var count = filled
        while count < buffer.count {
            let got: Int
            do {
                got = try descriptor.read(into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...])))
            } catch {
                return (count, .failed((error as? Errno)?.rawValue ?? Errno.ioError.rawValue))
            }
            if got == 0 { return (count, .atEnd) }
            count += got
        }
        return (count, .full)
    }

    /// The first `limit` bytes of a file and its total size.
    package static func readPrefix(_ path: String, limit: Int) throws(Failure) -> (bytes: [UInt8], size: Int) {
        let descriptor = try openForReading(path)
        defer { try? descriptor.close() }
        let size: Int
        do { size = max(Int(try Stat(descriptor).size), 0) } catch { throw Failure(path: path, operation: "read", error: error) }
        // No larger than the file, and not zeroed first: read fills what is kept.
        var outcome = FillOutcome.full
        let bytes = [UInt8](unsafeUninitializedCapacity: min(limit, size + 1)) { buffer, initializedCount in
            (initializedCount, outcome) = fill(buffer, from: 0, reading: descriptor)
        }
        if case .failed(let code) = outcome { throw Failure(path: path, operation: "read", code: code) }
        return (bytes, size)
    }

    /// Names in a directory, sorted byte by byte, without `.` and `..`.
    package static func entries(of path: String) throws(Failure) -> [String] {
        var names: [String] = []
        var packed = PackedBytes()
        try readDirectory(path) { name, _ in
            names.append(name)
            packed.append(name)
        }
        return packed.sortedIndexes().map { names[$0] }
    }

    /// One name in a directory, and whether it is a folder (a symbolic link is not).
    public struct DirectoryEntry: Sendable {
        public let name: String
        public let isDirectory: Bool
    }

    /// The entries of a directory in the order the system lists them, without `.` and `..`;
    /// empty when it cannot be read.
    public static func directoryEntries(of path: String) -> [DirectoryEntry] {
        var result: [DirectoryEntry] = []
        try? readDirectory(path) { name, type in
            var isDirectory = Int32(type) == Int32(DT_DIR)
            if Int32(type) == Int32(DT_UNKNOWN) {
                isDirectory = kind(of: path + "/" + name) == .directory
            }
            result.append(DirectoryEntry(name: name, isDirectory: isDirectory))
        }
        return result
    }

    /// Calls `body` with each name in a directory (without `.` and `..`) and its `d_type`
    /// (opendir(3), readdir(3): the same on Linux and Darwin).
    ///
    /// The directory is opened so that listing it does not write its access time where that can
    /// be avoided (a fresh clone's first build lists every post folder). The stream's type is
    /// left to the compiler: fdopendir(3) returns `OpaquePointer` where `DIR` is an incomplete
    /// type (glibc, musl) and `UnsafeMutablePointer<DIR>` where it is a complete one (Darwin's
    /// <dirent.h>), so naming either would not compile on the other.
    package static func readDirectory(_ path: String, _ body: (String, UInt8) -> Void) throws(Failure) {
        try scanDirectory(
            path,
            while: { name, type in
                body(name, type)
                return true
            })
    }

    /// `readDirectory`, stopping after the first name for which `body` returns false.
    private static func scanDirectory(_ path: String, while body: (String, UInt8) -> Bool) throws(Failure) {
        let descriptor = timeline_open_directory_for_listing(path)
        guard descriptor >= 0 else { throw Failure(path: path, operation: "list", code: SystemError.last) }
        guard let directory = fdopendir(descriptor) else {
            let code = SystemError.last
            close(descriptor)
            throw Failure(path: path, operation: "list", code: code)
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            // The name is read where it lies, up to its zero: a copy of `d_name` would read its
            // full size, past the end of a short entry at the end of the system's buffer
            // (found by ASan).
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            guard body(name, entry.pointee.d_type) else { return }
        }
    }

    /// The files below `folder`, recursively and following symbolic links, as sorted paths
    /// relative to it; empty when it cannot be read.
    package static func files(below folder: String, prefix: String = "") -> [String] {
        guard let names = try? entries(of: folder) else { return [] }
        var files: [String] = []
        for name in names {
            let path = folder + "/" + name
            switch resolvedKind(of: path) {
            case .directory: files.append(contentsOf: self.files(below: path, prefix: prefix + name + "/"))
            case .file: files.append(prefix + name)
            default: continue
            }
        }
        return files
    }

    /// The absolute path with every symbolic link resolved, or nil if it does not exist.
    package static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    package static func makeDirectory(_ path: String) throws(Failure) {
        if mkdir(path, 0o755) != 0 && SystemError.last != EEXIST {
            throw Failure(path: path, operation: "create directory", code: SystemError.last)
        }
    }

    /// Creates a directory and any missing parents.
    package static func makeDirectories(_ path: String) throws(Failure) {
        if mkdir(path, 0o755) == 0 || SystemError.last == EEXIST { return }
        guard SystemError.last == ENOENT else { throw Failure(path: path, operation: "create directory", code: SystemError.last) }
        let parent = Path.parent(of: path)
        if parent != path, !parent.isEmpty { try makeDirectories(parent) }
        try makeDirectory(path)
    }

    /// Opens `path` for writing, created or emptied; with `mustBeNew`, created only if it does
    /// not exist yet.
    package static func openForWriting(_ path: String, mustBeNew: Bool = false) throws(Failure) -> FileDescriptor {
        do {
            return try path.withCString {
                try FileDescriptor.open(
                    $0, .writeOnly, options: [.create, mustBeNew ? .exclusiveCreate : .truncate, .closeOnExec],
                    permissions: [.ownerReadWrite, .groupRead, .otherRead])
            }
        } catch {
            throw Failure(path: path, operation: "write", error: error)
        }
    }

    package static func writeFile(_ path: String, bytes contiguous: [UInt8]) throws(Failure) {
        let descriptor = try openForWriting(path)
        defer { try? descriptor.close() }
        try writeAll(bytes: contiguous, to: descriptor, path: path)
    }

    /// Writes every byte to an open file, through short writes and interruptions; `path` names
    /// the file in the error.
    package static func writeAll(bytes: [UInt8], to descriptor: FileDescriptor, path: String) throws(Failure) {
        do {
            // Through the buffer's write, not `writeAll`, which is generic over the sequence and
            // looked up its type's metadata, under the runtime's lock, for every file written.
            try bytes.withUnsafeBytes { raw in
                var written = 0
                while written < raw.count {
                    written += try descriptor.write(UnsafeRawBufferPointer(rebasing: raw[written...]))
                }
            }
        } catch {
            throw Failure(path: path, operation: "write", error: error)
        }
    }

    package static func rename(_ source: String, to destination: String) throws(Failure) {
        #if canImport(Glibc)
            let status = Glibc.rename(source, destination)
        #elseif canImport(Musl)
            let status = Musl.rename(source, destination)
        #else
            let status = Darwin.rename(source, destination)
        #endif
        guard status == 0 else { throw Failure(path: source, operation: "rename", code: SystemError.last) }
    }

    package static func checkWritable(_ path: String) throws(Failure) {
        guard access(path, W_OK) == 0 else { throw Failure(path: path, operation: "write in", code: SystemError.last) }
    }

    package static func removeFileIfPresent(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || SystemError.last == ENOENT else { throw Failure(path: path, operation: "remove", code: SystemError.last) }
    }

    /// Removes `path` if it is an empty directory; whether it did.
    package static func removeEmptyDirectory(_ path: String) -> Bool {
        rmdir(path) == 0
    }

    /// Removes this caller's share of what `folder` holds two levels down (its files, and what
    /// its folders hold): the entries whose name falls to `share` of `count` shares. `count`
    /// callers, each with its own share, remove a large tree on as many cores, a single large
    /// folder (a site's `posts/`) included. Folders stay, as does anything that could not be
    /// removed or that a listing skipped: `removeTree` finishes.
    package static func removeShare(of folder: String, _ share: Int, of count: Int) {
        func fallsToShare(_ name: String) -> Bool {
            ByteHash.fnv1a(name.utf8) % UInt64(count) == UInt64(share)
        }
        try? scanDirectory(
            folder,
            while: { name, type in
                let path = folder + "/" + name
                let isDirectory = Int32(type) == Int32(DT_UNKNOWN) ? kind(of: path) == .directory : Int32(type) == Int32(DT_DIR)
                if isDirectory {
                    try? scanDirectory(
                        path,
                        while: { child, _ in
                            if fallsToShare(child) { try? removeTree(path + "/" + child) }
                            return true
                        })
                } else if fallsToShare(name) {
                    unlink(path)
                }
                return true
            })
    }

    /// Removes a file or a whole directory tree; a missing path is not an error.
    package static func removeTree(_ path: String) throws(Failure) {
        switch kind(of: path) {
        case .missing:
            return
        case .directory:
            // Each name is removed as the listing reaches it, so removing an output folder of
            // 200,000 posts never holds their names (a clean build removes the old site while it
            // still holds the new one). readdir(3) may skip names after a removal; then rmdir finds
            // the folder not empty and it is listed again.
            while true {
                var failure: Failure?
                var removedAny = false
                try scanDirectory(
                    path,
                    while: { name, _ in
                        do throws(Failure) {
                            try removeTree(path + "/" + name)
                            removedAny = true
                            return true
                        } catch {
                            failure = error
                            return false
                        }
                    })
                if let failure { throw failure }
                if rmdir(path) == 0 { return }
                let code = SystemError.last
                guard removedAny, code == ENOTEMPTY || code == EEXIST else { throw Failure(path: path, operation: "remove", code: code) }
            }
        default:
            guard unlink(path) == 0 else { throw Failure(path: path, operation: "remove", code: SystemError.last) }
        }
    }

    package static var currentDirectory: String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(cString: path)
    }

    /// A hard link at `destination` to `source`.
    package static func link(from source: String, to destination: String) throws(Failure) {
        guard systemLink(source, destination) == 0 else { throw Failure(path: destination, operation: "link", code: SystemError.last) }
    }

    /// A hard link at `destination` to `source`, or a copy where the two cannot share a file
    /// (another file system).
    package static func linkOrCopy(from source: String, to destination: String) throws(Failure) {
        if systemLink(source, destination) == 0 { return }
        let code = SystemError.last
        guard code == EXDEV || code == EPERM || code == EMLINK || code == ENOTSUP else {
            let sourceMissing = code == ENOENT && kind(of: source) == .missing
            throw Failure(path: sourceMissing ? source : destination, operation: "link", code: code)
        }
        try copyFile(from: source, to: destination)
    }

    /// The chunk `copyFile` and `readChunks` read at a time.
    package static let chunkSize = 1 << 20

    /// Reads the file a chunk at a time into `body`, never holding it whole. The buffer is no
    /// larger than the file: a chunk's worth of zeros for each small photo was seconds of a build.
    package static func readChunks(_ path: String, _ body: (ArraySlice<UInt8>) throws(Failure) -> Void) throws(Failure) {
        let file = try ReadableFile(path)
        let capacity = min(chunkSize, max(try file.size(), 1))
        var buffer = [UInt8](repeating: 0, count: capacity)
        var offset = 0
        while true {
            let count = try file.read(into: &buffer, count: capacity, at: offset)
            guard count > 0 else { return }
            try body(buffer[0..<count])
            offset += count
        }
    }

    /// Copies `source` to `destination` (created, or emptied when it exists) a chunk at a time.
    package static func copyFile(from source: String, to destination: String) throws(Failure) {
        let output = try WritableFile(replacing: destination)
        try readChunks(source) { chunk throws(Failure) in try output.write(Array(chunk)) }
        output.close()
    }

    /// Writes beside `path`, then renames, so a reader never sees half a file.
    package static func writeAtomically(_ path: String, bytes: [UInt8]) throws(Failure) {
        let file = try StreamedFile(path: path)
        file.append(bytes)
        try file.finish()
    }

    /// link(2), which `link(from:to:)` hides inside this type.
    private static func systemLink(_ source: String, _ destination: String) -> Int32 {
        #if canImport(Glibc)
            Glibc.link(source, destination)
        #elseif canImport(Musl)
            Musl.link(source, destination)
        #else
            Darwin.link(source, destination)
        #endif
    }

    /// Swaps two paths in one step (Linux renameat2, Darwin renamex_np); a failure with
    /// ENOSYS or ENOTSUP where the system or file system cannot.
    package static func exchange(_ first: String, _ second: String) throws(Failure) {
        guard timeline_exchange_paths(first, second) == 0 else { throw Failure(path: first, operation: "exchange", code: SystemError.last) }
    }
}
