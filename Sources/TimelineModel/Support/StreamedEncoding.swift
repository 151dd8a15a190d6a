import TimelineSystem

extension StreamedFile {
    /// Encodes with `body` into the file at `path`, replacing it atomically; the coder hands
    /// its buffer to the file whenever it holds more than `bufferSize`.
    package static func create(_ path: String, encoding body: (inout StateCoder) -> Void) throws(FileSystem.Failure) {
        let file = try StreamedFile(path: path)
        var coder = StateCoder(writingTo: file)
        body(&coder)
        file.append(coder.bytes)
        try file.finish()
    }

    /// `create`, sealed: the file ends with the digest of everything before it (`SealDigest`),
    /// so that a reader (`sealedBytes`) finds any byte changed, not only a file cut short.
    package static func createSealed(_ path: String, encoding body: (inout StateCoder) -> Void) throws(FileSystem.Failure) {
        let file = try StreamedFile(path: path)
        let seal = SealDigest()
        file.observer = { seal.add($0) }
        var coder = StateCoder(writingTo: file)
        body(&coder)
        file.append(coder.bytes)
        file.observer = nil
        file.append(seal.finish().bytes)
        try file.finish()
    }

    /// The bytes of a sealed file, and how many of them come before the seal; nil when it
    /// cannot be read or its seal is not the digest of the rest.
    package static func sealedBytes(_ path: String) -> (bytes: [UInt8], length: Int)? {
        (try? FileSystem.readBytes(path)).flatMap(sealed)
    }

    /// `sealedBytes` of a file open for reading, which stays open for records to be read from it
    /// later (`StoredBytes.file`).
    package static func sealedBytes(of file: ReadableFile) -> (bytes: [UInt8], length: Int)? {
        (try? file.bytes()).flatMap(sealed)
    }

    private static func sealed(_ bytes: [UInt8]) -> (bytes: [UInt8], length: Int)? {
        guard bytes.count >= Digest.byteCount else { return nil }
        let length = bytes.count - Digest.byteCount
        let seal = SealDigest()
        seal.add(bytes[..<length])
        return seal.finish().bytes[...] == bytes[length...] ? (bytes, length) : nil
    }
}

/// The digest of a byte stream in blocks of a fixed size, so that it does not depend on the
/// pieces the stream was written in.
final class SealDigest {
    private static let blockSize = 1 << 20
    private var hasher = StableHasher()
    private var pending: [UInt8] = []

    func add(_ bytes: some Collection<UInt8>) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let taken = rest.prefix(Self.blockSize - pending.count)
            pending.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
            if pending.count == Self.blockSize {
                hasher.combine(bytes: pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    func finish() -> Digest {
        hasher.combine(bytes: pending)
        return hasher.finalize()
    }
}
