/// What the search stage wrote: the manifest the search page names, each collection's index
/// (kept by a live build to change it in place), and the figures.
public struct SearchIndex: Sendable {
    /// Relative to the output root, e.g. `search/manifest.0123456789abcdef.json`.
    var manifestFile: String
    var manifestByteCount: Int
    var collections: [CollectionIndex]

    public var statistics: Statistics {
        var total = Statistics()
        for collection in collections {
            let figures = collection.statistics
            total.fileCount += figures.fileCount
            total.byteCount += figures.byteCount
            total.termCount += figures.termCount
            total.chunkCount += figures.chunkCount
            total.tailCount += figures.tailCount
        }
        total.fileCount += 1
        total.byteCount += manifestByteCount
        return total
    }

    public struct Statistics: Sendable, Equatable {
        public var fileCount = 0
        public var byteCount = 0
        public var termCount = 0
        public var chunkCount = 0
        public var tailCount = 0
    }
}
