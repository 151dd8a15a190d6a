/// What the search stage wrote: the manifest the search page names, and the figures.
public struct SearchIndex: Sendable {
    /// Relative to the output root, e.g. `search/manifest.0123456789abcdef.json`.
    let manifestFile: String
    public let statistics: Statistics

    public struct Statistics: Sendable, Equatable {
        public var fileCount = 0
        public var byteCount = 0
        public var termCount = 0
        public var chunkCount = 0
        public var tailCount = 0
    }
}
