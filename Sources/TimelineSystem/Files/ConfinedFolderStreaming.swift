import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A confined folder's files opened for streaming and listed, for data too large to read
/// whole (an Instagram export of many gigabytes): the same walk as `walk`, one name at a time
/// with openat(2) and `O_NOFOLLOW`, so a symbolic link anywhere below the root is never
/// followed.
extension ConfinedFolder {
    /// The regular file `segments` names below the root, open for reading; nil when any
    /// segment is missing, is a symbolic link, or the last one is not a regular file.
    package func openFile(_ segments: [String]) -> ReadableFile? {
        guard let last = segments.last, var current = FileSystem.openDirectory(root) else { return nil }
        for segment in segments.dropLast() {
            guard let next = Self.openDirectory(segment, in: current) else { return nil }
            current = next
        }
        let raw = openat(current.descriptor.rawValue, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard raw >= 0 else { return nil }
        let descriptor = FileDescriptor(rawValue: raw)
        guard let info = try? Stat(descriptor), info.type == .regular else {
            try? descriptor.close()
            return nil
        }
        return ReadableFile(descriptor: descriptor, path: Path.join(root, segments.joined(separator: "/")))
    }

    /// What a listing found below the root, as `/`-separated paths relative to it.
    package struct Listing: Sendable {
        package var files: [String] = []
        /// Symbolic links, never followed, and entries that are neither files nor folders.
        package var refused: [String] = []
        /// True when the listing stopped at its limit of entries or depth.
        package var truncated = false
    }

    /// The regular files below the root, sorted byte by byte, without following symbolic
    /// links; at most `maximumEntries` entries and `maximumDepth` folders deep.
    package func listing(maximumEntries: Int = 1_000_000, maximumDepth: Int = 64) -> Listing {
        var listing = Listing()
        guard let top = FileSystem.openDirectory(root) else { return listing }
        var budget = maximumEntries
        Self.list(top, prefix: "", depth: maximumDepth, budget: &budget, into: &listing)
        listing.files.sort { $0.utf8Precedes($1) }
        listing.refused.sort { $0.utf8Precedes($1) }
        return listing
    }

    private static func list(_ folder: FileSystem.OpenDirectory, prefix: String, depth: Int, budget: inout Int, into listing: inout Listing) {
        guard depth > 0 else {
            listing.truncated = true
            return
        }
        // fdopendir takes the descriptor it is given: a copy, so `folder` stays open and owned.
        let copy = dup(folder.descriptor.rawValue)
        guard copy >= 0 else { return }
        guard let directory = fdopendir(copy) else {
            close(copy)
            return
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names {
            guard budget > 0 else {
                listing.truncated = true
                return
            }
            budget -= 1
            let path = prefix + name
            let info = try? Stat(name, relativeTo: folder.descriptor, flags: [.symlinkNoFollow])
            switch info?.type {
            case .regular?:
                listing.files.append(path)
            case .directory?:
                guard let child = openDirectory(name, in: folder) else {
                    listing.refused.append(path)
                    continue
                }
                list(child, prefix: path + "/", depth: depth - 1, budget: &budget, into: &listing)
            default:
                listing.refused.append(path)
            }
        }
    }

    /// The folder `name` directly inside `folder`, not through a symbolic link; nil otherwise.
    private static func openDirectory(_ name: String, in folder: FileSystem.OpenDirectory) -> FileSystem.OpenDirectory? {
        let raw = openat(folder.descriptor.rawValue, name, O_RDONLY | O_NOFOLLOW | O_DIRECTORY | O_CLOEXEC)
        guard raw >= 0 else { return nil }
        return FileSystem.OpenDirectory(descriptor: FileDescriptor(rawValue: raw))
    }
}
