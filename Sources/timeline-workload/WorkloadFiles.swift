import TimelineSystem

/// The few file operations the writer needs, over the platform layer's, with errors in the
/// workload's own terms. No atomic renames: the workload creates hundreds of thousands of
/// small files into a folder of its own.
enum WorkloadFiles {
    static func makeDirectory(_ path: String) throws {
        do { try FileSystem.makeDirectory(path) } catch { throw WorkloadError(error) }
    }

    /// Creates or truncates the file at `path` and writes `bytes` to it.
    static func write(_ bytes: [UInt8], to path: String) throws {
        do { try FileSystem.writeFile(path, bytes: bytes) } catch { throw WorkloadError(error) }
    }

    /// Makes `destination` a hard link to `source`, or, where the file system refuses links,
    /// a copy.
    static func linkOrCopy(from source: String, to destination: String) throws {
        do { try FileSystem.linkOrCopy(from: source, to: destination) } catch { throw WorkloadError(error) }
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        FileSystem.resolvedKind(of: path) == .directory
    }

    /// Whether anything exists at `path` (not following a final symbolic link).
    static func exists(_ path: String) -> Bool {
        FileSystem.kind(of: path) != .missing
    }
}
