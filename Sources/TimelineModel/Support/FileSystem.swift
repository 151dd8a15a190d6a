#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin POSIX file operations. The pipeline touches hundreds of thousands of files, and these
/// avoid Foundation's per-call overhead while reporting failures as `errno` text.
public enum FileSystem {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let path: String
        package let operation: String
        package let code: Int32

        package init(path: String, operation: String, code: Int32) {
            self.path = path
            self.operation = operation
            self.code = code
        }

        package var description: String { "cannot \(operation) '\(path)': \(String(cString: strerror(code)))\(hint)" }
        package var reason: String { String(cString: strerror(code)) }

        /// What the system's message leaves unsaid. A clean build replaces the output folder by
        /// renaming it, which a mount point (a read-only bind mount, a container volume) refuses
        /// with EBUSY.
        private var hint: String {
            operation == "rename" && code == EBUSY ? " (a mount point cannot be replaced: mount the folder that holds it instead)" : ""
        }
    }

    package enum EntryKind: Sendable {
        case file
        case directory
        case symbolicLink
        case other
        case missing
    }

    /// The kind of entry at `path`, without following a final symbolic link.
    package static func kind(of path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// The kind of entry at `path`, following symbolic links.
    package static func resolvedKind(of path: String) -> EntryKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    package static func readBytes(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, operation: "read", code: errno) }
        defer { close(descriptor) }
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 ? max(Int(info.st_size), 0) : 0
        // Read straight into the result, sized by the file and not zeroed first; a file that
        // grows while it is read (or reports no size) gets more room as it goes.
        var result: [UInt8] = []
        var capacity = expected + 1
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
        _ buffer: UnsafeMutableBufferPointer<UInt8>, from filled: Int, reading descriptor: Int32
    ) -> (count: Int, outcome: FillOutcome) {
        guard let base = buffer.baseAddress else { return (filled, .full) }
        var count = filled
        while count < buffer.count {
            let got = read(descriptor, base + count, buffer.count - count)
            if got < 0 {
                if errno == EINTR { continue }
                return (count, .failed(errno))
            }
            if got == 0 { return (count, .atEnd) }
            count += got
        }
        return (count, .full)
    }

    /// The first `limit` bytes of a file and its total size.
    package static func readPrefix(_ path: String, limit: Int) throws(Failure) -> (bytes: [UInt8], size: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, operation: "read", code: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(path: path, operation: "read", code: errno) }
        // No larger than the file, and not zeroed first: read fills what is kept.
        var outcome = FillOutcome.full
        let bytes = [UInt8](unsafeUninitializedCapacity: min(limit, max(Int(info.st_size), 0) + 1)) { buffer, initializedCount in
            (initializedCount, outcome) = fill(buffer, from: 0, reading: descriptor)
        }
        if case .failed(let code) = outcome { throw Failure(path: path, operation: "read", code: code) }
        return (bytes, Int(info.st_size))
    }

    /// Names in a directory, sorted byte by byte, without `.` and `..`.
    package static func entries(of path: String) throws(Failure) -> [String] {
        var names: [String] = []
        try readDirectory(path) { name, _ in names.append(name) }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
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
            var isDirectory = Int32(type) == DT_DIR
            if Int32(type) == DT_UNKNOWN {
                var status = stat()
                isDirectory = lstat(path + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            }
            result.append(DirectoryEntry(name: name, isDirectory: isDirectory))
        }
        return result
    }

    /// Calls `body` with each name in a directory (without `.` and `..`) and its `d_type`.
    private static func readDirectory(_ path: String, _ body: (String, UInt8) -> Void) throws(Failure) {
        guard let directory = opendir(path) else { throw Failure(path: path, operation: "list", code: errno) }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            // The name is read where it lies, up to its zero: a copy of `d_name` would read its
            // full 256 bytes, past the end of a short entry at the end of the system's buffer
            // (found by ASan).
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            body(name, entry.pointee.d_type)
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
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw Failure(path: path, operation: "create directory", code: errno)
        }
    }

    /// Creates a directory and any missing parents.
    package static func makeDirectories(_ path: String) throws(Failure) {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw Failure(path: path, operation: "create directory", code: errno) }
        let parent = Path.parent(of: path)
        if parent != path, !parent.isEmpty { try makeDirectories(parent) }
        try makeDirectory(path)
    }

    package static func writeFile(_ path: String, bytes contiguous: [UInt8]) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, operation: "write", code: errno) }
        defer { close(descriptor) }
        try writeAll(bytes: contiguous, to: descriptor, path: path)
    }

    /// Writes every byte to an open file, through short writes and interruptions; `path` names
    /// the file in the error.
    package static func writeAll(bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                // The loop runs only while bytes remain, so the buffer has an address.
                write(descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, operation: "write", code: errno)
            }
            written += count
        }
    }

    package static func rename(_ source: String, to destination: String) throws(Failure) {
        #if canImport(Glibc) || canImport(Musl)
            let status = Glibc.rename(source, destination)
        #else
            let status = Darwin.rename(source, destination)
        #endif
        guard status == 0 else { throw Failure(path: source, operation: "rename", code: errno) }
    }

    package static func checkWritable(_ path: String) throws(Failure) {
        guard access(path, W_OK) == 0 else { throw Failure(path: path, operation: "write in", code: errno) }
    }

    package static func removeFileIfPresent(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw Failure(path: path, operation: "remove", code: errno) }
    }

    /// Removes `path` if it is an empty directory; whether it did.
    package static func removeEmptyDirectory(_ path: String) -> Bool {
        rmdir(path) == 0
    }

    /// Removes a file or a whole directory tree; a missing path is not an error.
    package static func removeTree(_ path: String) throws(Failure) {
        switch kind(of: path) {
        case .missing:
            return
        case .directory:
            for name in try entries(of: path) {
                try removeTree(path + "/" + name)
            }
            guard rmdir(path) == 0 else { throw Failure(path: path, operation: "remove", code: errno) }
        default:
            guard unlink(path) == 0 else { throw Failure(path: path, operation: "remove", code: errno) }
        }
    }
}

extension FileSystem {
    package static var currentDirectory: String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(cString: path)
    }
}

extension FileSystem {
    /// What identifies one version of a file without reading it.
    package struct Stamp: Sendable, Hashable {
        package let size: Int
        package let modifiedNanoseconds: Int64
        package let inode: UInt64

        package init(size: Int, modifiedNanoseconds: Int64, inode: UInt64) {
            self.size = size
            self.modifiedNanoseconds = modifiedNanoseconds
            self.inode = inode
        }
    }

    /// The stamp of the file `path` leads to (following symbolic links), nil when missing.
    package static func stamp(of path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return Stamp(size: Int(info.st_size), modifiedNanoseconds: nanoseconds, inode: UInt64(info.st_ino))
    }

    /// Everything `stat` says that changes when a file's bytes may have: the change time too,
    /// which unlike the modification time no program can set back.
    package struct Status: Sendable, Hashable {
        package let size: Int
        package let modifiedNanoseconds: Int64
        package let changedNanoseconds: Int64
        package let inode: UInt64
        package let isDirectory: Bool

        package init(size: Int, modifiedNanoseconds: Int64, changedNanoseconds: Int64, inode: UInt64, isDirectory: Bool) {
            self.size = size
            self.modifiedNanoseconds = modifiedNanoseconds
            self.changedNanoseconds = changedNanoseconds
            self.inode = inode
            self.isDirectory = isDirectory
        }

        package init(_ info: stat) {
            size = Int(info.st_size)
            modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changedNanoseconds = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
            inode = UInt64(info.st_ino)
            isDirectory = info.st_mode & S_IFMT == S_IFDIR
        }
    }

    /// The status of what `path` leads to (following symbolic links), nil when missing.
    package static func status(of path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Status(info)
    }

    /// The status of `path` relative to an open directory, following symbolic links.
    package static func status(at path: UnsafePointer<CChar>, in directory: Int32) -> Status? {
        var info = stat()
        guard fstatat(directory, path, &info, 0) == 0 else { return nil }
        return Status(info)
    }

    /// An open directory, closed when the last copy of it goes.
    package final class OpenDirectory: Sendable {
        package let descriptor: Int32

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        deinit {
            close(descriptor)
        }
    }

    package static func openDirectory(_ path: String) -> OpenDirectory? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return descriptor >= 0 ? OpenDirectory(descriptor: descriptor) : nil
    }

    /// A hard link at `destination` to `source`, or a copy where the two cannot share a file
    /// (another file system).
    package static func linkOrCopy(from source: String, to destination: String) throws(Failure) {
        if link(source, destination) == 0 { return }
        let code = errno
        guard code == EXDEV || code == EPERM || code == EMLINK || code == ENOTSUP else {
            let sourceMissing = code == ENOENT && kind(of: source) == .missing
            throw Failure(path: sourceMissing ? source : destination, operation: "link", code: code)
        }
        try writeFile(destination, bytes: try readBytes(source))
    }

    /// Writes beside `path`, then renames, so a reader never sees half a file.
    package static func writeAtomically(_ path: String, bytes: [UInt8]) throws(Failure) {
        try StreamedFile.create(path) { $0.raw(bytes) }
    }
}
