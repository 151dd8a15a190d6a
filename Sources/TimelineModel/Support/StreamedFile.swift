#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// A file written in pieces while it is encoded: a `ByteWriter` hands over its buffer whenever
/// it holds more than `bufferSize`, so that a state file of hundreds of megabytes (the manifest,
/// the record cache, the input snapshot of a large site) is never whole in memory. The pieces go
/// to a temporary file beside the destination, renamed over it by `finish`, so no reader ever
/// sees part of one. A write error is kept and thrown by `finish`.
package final class StreamedFile {
    package static let bufferSize = 1 << 20

    package let path: String
    private let temporary: String
    private var descriptor: Int32
    private var failure: FileSystem.Failure?

    package init(path: String) throws(FileSystem.Failure) {
        self.path = path
        temporary = path + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystem.Failure(path: temporary, operation: "write", code: errno) }
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporary)
        }
    }

    /// Encodes with `body` into the file at `path`, replacing it atomically.
    package static func create(_ path: String, encoding body: (inout ByteWriter) -> Void) throws(FileSystem.Failure) {
        let file = try StreamedFile(path: path)
        var writer = ByteWriter(streamingTo: file)
        body(&writer)
        file.append(writer.bytes)
        try file.finish()
    }

    package func append(_ bytes: [UInt8]) {
        guard failure == nil, descriptor >= 0 else { return }
        do throws(FileSystem.Failure) {
            try FileSystem.writeAll(bytes: bytes, to: descriptor, path: path)
        } catch {
            failure = error
        }
    }

    /// Puts the file in place, or removes the temporary file and throws the first error.
    package func finish() throws(FileSystem.Failure) {
        let closed = close(descriptor) == 0 ? nil : FileSystem.Failure(path: path, operation: "write", code: errno)
        descriptor = -1
        if let problem = failure ?? closed {
            unlink(temporary)
            throw problem
        }
        do {
            try FileSystem.rename(temporary, to: path)
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
