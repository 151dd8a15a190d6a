/// One file of the search index, relative to the output root.
struct SearchFile: Sendable {
    let path: String
    let bytes: [UInt8]

    /// Where the search stage puts its files: the staging folder in a build, memory in tests.
    typealias Sink = @Sendable (SearchFile) throws(FileSystem.Failure) -> Void
}
