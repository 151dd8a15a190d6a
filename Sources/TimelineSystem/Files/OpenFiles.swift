import SystemPackage

/// A file open for reading at any offset (pread(2) through swift-system), closed when dropped.
package final class ReadableFile {
    package let path: String
    private let descriptor: FileDescriptor

    package init(_ path: String) throws(FileSystem.Failure) {
        self.path = path
        descriptor = try FileSystem.openForReading(path)
    }

    deinit {
        try? descriptor.close()
    }

    /// Reads up to `buffer.count` bytes from `offset`; how many it read, 0 at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileSystem.Failure) -> Int {
        guard buffer.count > 0 else { return 0 }
        do {
            return try descriptor.read(fromAbsoluteOffset: Int64(offset), into: buffer)
        } catch {
            throw FileSystem.Failure(path: path, operation: "read", error: error)
        }
    }
}

/// A file made for writing, closed when dropped or by `close`.
package final class WritableFile {
    package let path: String
    private var descriptor: FileDescriptor?

    /// Creates the file, which must not exist yet.
    package init(creatingNew path: String) throws(FileSystem.Failure) {
        self.path = path
        do {
            descriptor = try path.withCString {
                try FileDescriptor.open(
                    $0, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                    permissions: [.ownerReadWrite, .groupRead, .otherRead])
            }
        } catch {
            throw FileSystem.Failure(path: path, operation: "write", error: error)
        }
    }

    /// Creates the file, or empties it when it exists.
    package init(replacing path: String) throws(FileSystem.Failure) {
        self.path = path
        descriptor = try FileSystem.openForWriting(path)
    }

    deinit {
        close()
    }

    package func write(_ bytes: [UInt8]) throws(FileSystem.Failure) {
        guard let descriptor else { throw FileSystem.Failure(path: path, operation: "write", code: Errno.badFileDescriptor.rawValue) }
        try FileSystem.writeAll(bytes: bytes, to: descriptor, path: path)
    }

    package func close() {
        try? descriptor?.close()
        descriptor = nil
    }
}
