#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// The output folder as the preview reads it. Every lookup starts from a descriptor of the
/// folder opened for that request, and walks down one name at a time with `openat` and
/// `O_NOFOLLOW`: a symlink anywhere below the folder is never followed, so no request can
/// reach a file outside it, and since the build swaps a complete new folder in atomically, a
/// lookup sees one whole version of the site. A file is read to its end from its open
/// descriptor, so a rebuild cannot hand out half of a file either.
struct ServedFolder: Sendable {
    let root: String

    /// A file read whole, with what identifies its version.
    struct File: Sendable {
        let name: String
        let bytes: [UInt8]
        let entityTag: String
    }

    enum Lookup: Sendable {
        case file(File)
        /// A folder asked for without the trailing slash: redirect to the slash form.
        case folderWithoutSlash
        case notFound
    }

    /// Finds the file for a path inside the folder: a folder gives its `index.html`.
    func lookup(_ path: SafePath) -> Lookup {
        var current = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { return .notFound }
        defer { close(current) }
        for (index, segment) in path.segments.enumerated() {
            let next = openat(current, segment, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard next >= 0 else { return .notFound }
            var status = stat()
            let mode = fstat(next, &status) == 0 ? status.st_mode & S_IFMT : 0
            switch mode {
            case S_IFDIR:
                close(current)
                current = next
            case S_IFREG where index == path.segments.count - 1:
                defer { close(next) }
                guard !path.endsWithSlash else { return .notFound }
                return Self.read(next, name: segment, status: status).map(Lookup.file) ?? .notFound
            default:
                close(next)
                return .notFound
            }
        }
        if !path.endsWithSlash { return .folderWithoutSlash }
        return file(named: "index.html", in: current)
    }

    /// A file directly inside the folder (`404.html`), or nil.
    func topLevelFile(_ name: String) -> File? {
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        if case .file(let file) = file(named: name, in: folder) { return file }
        return nil
    }

    private func file(named name: String, in folder: Int32) -> Lookup {
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .notFound }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .notFound }
        return Self.read(descriptor, name: name, status: status).map(Lookup.file) ?? .notFound
    }

    /// Reads an open regular file (`status` from its `fstat`) to its end. The entity tag
    /// names the inode, size and modification time, which change whenever the build writes
    /// the file anew.
    private static func read(_ descriptor: Int32, name: String, status: stat) -> File? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        let tag = "\"\(status.st_ino)-\(bytes.count)-\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)\""
        return File(name: name, bytes: bytes, entityTag: tag)
    }
}
