import SystemPackage

/// A file open for reading at any offset (pread(2) through swift-system), closed when dropped.
/// Reads at an offset do not move a shared position, so tasks may read it at once.
package final class ReadableFile: Sendable {
    package let path: String
    private let descriptor: FileDescriptor

    package init(_ path: String) throws(FileSystem.Failure) {
        self.path = path
        descriptor = try FileSystem.openForReading(path)
    }

    /// A file already open (by `ConfinedFolder`), named `path` in errors.
    init(descriptor: FileDescriptor, path: String) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        try? descriptor.close()
    }

    /// The file's size now, in bytes.
    package func size() throws(FileSystem.Failure) -> Int {
        do {
            return max(Int(try Stat(descriptor).size), 0)
        } catch {
            throw FileSystem.Failure(path: path, operation: "read", error: error)
        }
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

    /// The whole file, read as `FileSystem.readBytes` reads one (into storage not zeroed first).
    package func bytes() throws(FileSystem.Failure) -> [UInt8] {
        do {
            _ = try descriptor.seek(offset: 0, from: .start)
        } catch {
            throw FileSystem.Failure(path: path, operation: "read", error: error)
        }
        return try FileSystem.readToEnd(descriptor, expectedSize: try size(), path: path)
    }

    /// The `count` bytes from `offset`; fails when the file ends before them.
    package func bytes(at offset: Int, count: Int) throws(FileSystem.Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let outcome = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(FileSystem.Failure) in try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done..<count]), at: offset + done) }
            }
            let got = try outcome.get()
            guard got > 0 else { throw FileSystem.Failure(path: path, operation: "read", code: Errno.ioError.rawValue) }
            done += got
        }
        return bytes
    }

    /// Reads up to `count` bytes from `offset` into the start of `bytes` (which must hold that
    /// many); how many it read, 0 at the end of the file.
    package func read(into bytes: inout [UInt8], count: Int, at offset: Int) throws(FileSystem.Failure) -> Int {
        let outcome = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(FileSystem.Failure) in try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]), at: offset) }
        }
        return try outcome.get()
    }
}

/// A file made for writing, closed when dropped or by `close`.
package final class WritableFile {
    package let path: String
    private var descriptor: FileDescriptor?

    /// Creates the file, which must not exist yet.
    package init(creatingNew path: String) throws(FileSystem.Failure) {
        self.path = path
        descriptor = try FileSystem.openForWriting(path, mustBeNew: true)
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
