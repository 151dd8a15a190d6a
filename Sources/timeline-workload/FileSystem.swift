#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Thin wrappers over the POSIX calls the writer needs, with no buffering,
/// no atomic renames and no URL handling, because the workload creates
/// hundreds of thousands of small files.
enum FileSystem {
    static func makeDirectory(_ path: String) throws {
        guard mkdir(path, 0o755) == 0 else {
            throw WorkloadError.fileSystem(operation: "create directory", path: path, code: errno)
        }
    }

    /// Creates or truncates the file at `path` and writes `bytes` to it.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw WorkloadError.fileSystem(operation: "create", path: path, code: errno)
        }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = SystemCall.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR {
                        continue
                    }
                    throw WorkloadError.fileSystem(operation: "write", path: path, code: errno)
                }
                offset += written
            }
        }
    }

    /// Makes `destination` a hard link to `source`, or, where the file system
    /// refuses links, a copy holding `bytes` (the content of `source`).
    static func linkOrCopy(from source: String, to destination: String, bytes: [UInt8]) throws {
        if link(source, destination) != 0 {
            try write(bytes, to: destination)
        }
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether anything exists at `path` (not following a final symbolic link).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}

/// The C library's `write`, which `FileSystem.write` shadows.
private enum SystemCall {
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, bytes, count)
        #elseif canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Musl.write(descriptor, bytes, count)
        #endif
    }
}
