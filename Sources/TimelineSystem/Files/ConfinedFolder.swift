import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder read from the inside only. Every walk starts from a descriptor of the folder opened
/// for it and goes down one name at a time with openat(2) and `O_NOFOLLOW` (the same on Linux
/// and Darwin): a symbolic link anywhere below the folder is never followed, so no walk reaches
/// a file outside it. A file is read to its end from its open descriptor, so a writer that
/// replaces files by renaming cannot hand out half of one.
package struct ConfinedFolder: Sendable {
    package let root: String

    package init(root: String) {
        self.root = root
    }

    /// A file read whole, with what identifies its version (inode, size and modification time,
    /// which change whenever the file is written anew).
    package struct File: Sendable {
        package let name: String
        package let bytes: [UInt8]
        package let versionTag: String
    }

    /// Where a walk ended.
    package enum Walk {
        case file(File)
        case folder(FileSystem.OpenDirectory)
        case notFound
    }

    /// Follows `segments` down from the root: the file the last one names, or the folder it
    /// names (the root itself for none). A file before the last segment is `notFound`.
    package func walk(_ segments: [String]) -> Walk {
        guard var current = FileSystem.openDirectory(root) else { return .notFound }
        for (index, segment) in segments.enumerated() {
            switch Self.open(segment, in: current) {
            case .folder(let next): current = next
            case .file(let file) where index == segments.count - 1: return .file(file)
            default: return .notFound
            }
        }
        return .folder(current)
    }

    /// A file directly inside `folder`, or nil.
    package func file(named name: String, in folder: FileSystem.OpenDirectory) -> File? {
        if case .file(let file) = Self.open(name, in: folder) { return file }
        return nil
    }

    private static func open(_ name: String, in folder: FileSystem.OpenDirectory) -> Walk {
        let raw = openat(folder.descriptor.rawValue, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard raw >= 0 else { return .notFound }
        let descriptor = FileDescriptor(rawValue: raw)
        guard let info = try? Stat(descriptor) else {
            try? descriptor.close()
            return .notFound
        }
        switch info.type {
        case .directory:
            return .folder(FileSystem.OpenDirectory(descriptor: descriptor))
        case .regular:
            defer { try? descriptor.close() }
            let status = FileSystem.Status(info)
            guard let bytes = try? FileSystem.readToEnd(descriptor, expectedSize: status.size, path: name) else { return .notFound }
            let seconds = status.modifiedNanoseconds / 1_000_000_000
            let nanoseconds = status.modifiedNanoseconds % 1_000_000_000
            return .file(File(name: name, bytes: bytes, versionTag: "\(status.inode)-\(bytes.count)-\(seconds).\(nanoseconds)"))
        default:
            try? descriptor.close()
            return .notFound
        }
    }
}
