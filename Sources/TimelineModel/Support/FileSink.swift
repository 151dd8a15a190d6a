import TimelineSystem

/// Where the stages that make the site put its files. The site's stages make files and write
/// none; the output stage's recorder takes each one and decides whether it needs writing.
package protocol FileSink: Sendable {
    /// Where the files go, for messages.
    var location: String { get }

    /// A file made from `fingerprint`; `make` runs only when the file needs making.
    func file(_ path: String, fingerprint: Digest, make: () throws -> [UInt8]) throws

    /// A file whose bytes are at hand anyway.
    func file(_ path: String, bytes: [UInt8]) throws(FileSystem.Failure)

    /// A copy of a file outside the site (an original photo, a theme asset), whose identity
    /// (`FileIdentities`) is `identity` when known: the copy is left alone while that is the
    /// same, wherever and whenever the source was written.
    func copy(from source: String, identity: Digest?, to path: String) throws(FileSystem.Failure)

    /// A hard link to a file that never changes in place (a file of the image cache, named by
    /// what it is made from).
    func link(from source: String, to path: String) throws(FileSystem.Failure)
}
