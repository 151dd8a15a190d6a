import SystemPackage

/// A file written in pieces while it is encoded, so that a state file of hundreds of megabytes
/// (the manifest, the record cache, the input snapshot of a large site) is never whole in
/// memory. The pieces go to a temporary file beside the destination, renamed over it by
/// `finish`, so no reader ever sees part of one. A write error is kept and thrown by `finish`.
package final class StreamedFile {
    package static let bufferSize = 1 << 20

    package let path: String
    private let temporary: String
    private var descriptor: FileDescriptor?
    private var failure: FileSystem.Failure?
    /// Sees every piece written, in order (a digest of the whole file, made as it is written).
    package var observer: (([UInt8]) -> Void)?

    package init(path: String) throws(FileSystem.Failure) {
        self.path = path
        temporary = path + ".tmp-\(CurrentProcess.id)-\(UInt64.random(in: 0...UInt64.max))"
        descriptor = try FileSystem.openForWriting(temporary)
    }

    deinit {
        if let descriptor {
            try? descriptor.close()
            try? FileSystem.removeFileIfPresent(temporary)
        }
    }

    package func append(_ bytes: [UInt8]) {
        guard failure == nil, let descriptor else { return }
        observer?(bytes)
        do throws(FileSystem.Failure) {
            try FileSystem.writeAll(bytes: bytes, to: descriptor, path: path)
        } catch {
            failure = error
        }
    }

    /// Puts the file in place, or removes the temporary file and throws the first error.
    package func finish() throws(FileSystem.Failure) {
        var closed: FileSystem.Failure?
        do { try descriptor?.close() } catch { closed = FileSystem.Failure(path: path, operation: "write", error: error) }
        descriptor = nil
        if let problem = failure ?? closed {
            try? FileSystem.removeFileIfPresent(temporary)
            throw problem
        }
        do {
            try FileSystem.rename(temporary, to: path)
        } catch {
            try? FileSystem.removeFileIfPresent(temporary)
            throw error
        }
    }
}
