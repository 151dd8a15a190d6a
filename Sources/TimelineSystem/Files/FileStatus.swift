import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
        status(of: path)?.stamp
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

        /// swift-system's `Stat` names the times `st_mtim` and `st_ctim` on every system
        /// (Darwin's `stat` calls them `st_mtimespec` and `st_ctimespec`).
        package init(_ info: Stat) {
            size = Int(info.size)
            modifiedNanoseconds = Self.nanoseconds(info.st_mtim)
            changedNanoseconds = Self.nanoseconds(info.st_ctim)
            inode = UInt64(info.inode.rawValue)
            isDirectory = info.type == .directory
        }

        private static func nanoseconds(_ time: timespec) -> Int64 {
            Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        }

        /// What of it identifies the file's version.
        package var stamp: Stamp { Stamp(size: size, modifiedNanoseconds: modifiedNanoseconds, inode: inode) }
    }

    /// The status of what `path` leads to (following symbolic links), nil when missing.
    package static func status(of path: String) -> Status? {
        stat(path, followingLinks: true).map(Status.init)
    }

    /// The status of `path` itself, a symbolic link not followed; nil when missing.
    package static func linkStatus(of path: String) -> Status? {
        stat(path, followingLinks: false).map(Status.init)
    }

    /// The status of `path` relative to an open directory, following symbolic links.
    package static func status(at path: UnsafePointer<CChar>, in directory: OpenDirectory) -> Status? {
        (try? Stat(path, relativeTo: directory.descriptor, flags: [])).map(Status.init)
    }

    /// An open directory, closed when the last copy of it goes.
    package final class OpenDirectory: Sendable {
        package let descriptor: FileDescriptor

        init(descriptor: FileDescriptor) {
            self.descriptor = descriptor
        }

        deinit {
            try? descriptor.close()
        }
    }

    package static func openDirectory(_ path: String) -> OpenDirectory? {
        let descriptor = try? path.withCString { try FileDescriptor.open($0, .readOnly, options: [.directory, .closeOnExec]) }
        return descriptor.map(OpenDirectory.init)
    }
}
