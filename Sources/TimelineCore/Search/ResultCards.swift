/// The result cards of one collection: one small JSON file per document, named
/// `r/<number>.<digest>.json`, so the browser downloads only the cards it shows.
///
/// The browser finds a card's digest through two levels of directories: `c/<k>.<digest>.txt`
/// holds the digests of cards `k·fanout ..< (k+1)·fanout`, one after another, and
/// `d/<j>.<digest>.txt` the digests of directories `j·fanout ..< (j+1)·fanout`; the manifest
/// lists the digests of the `d/` files. A card therefore costs its own bytes plus, at most,
/// two directories of `fanout` × 8 characters.
enum ResultCards {
    struct Written: Sendable {
        /// The digests of the top-level directories, for the manifest.
        let roots: [String]
        let fileCount: Int
        let byteCount: Int
    }

    /// Makes and writes each card (`card(number)`) in parallel, then the directories.
    static func write(
        count: Int, folder: String, layout: SearchLayout, card: @escaping @Sendable (Int) -> [UInt8], to sink: @escaping SearchFile.Sink
    ) async throws(FileSystem.Failure) -> Written {
        let digestLength = SearchLayout.numberedDigestLength
        let written = await ParallelMap.chunks(count: count) { range -> Result<(digests: [String], bytes: Int), FileSystem.Failure> in
            Result { () throws(FileSystem.Failure) in
                var digests: [String] = []
                var byteCount = 0
                for number in range {
                    let bytes = card(number)
                    let digest = SearchLayout.digest(bytes, length: digestLength)
                    try sink(SearchFile(path: folder + SearchLayout.cardFolder + "\(number).\(digest).json", bytes: bytes))
                    digests.append(digest)
                    byteCount += bytes.count
                }
                return (digests, byteCount)
            }
        }
        var cardDigests: [String] = []
        var byteCount = 0
        for result in written {
            let part = try result.get()
            cardDigests += part.digests
            byteCount += part.bytes
        }
        let directories = try directoryLevel(cardDigests, fanout: layout.fanout, folder: folder + SearchLayout.cardDirectoryFolder, to: sink)
        let roots = try directoryLevel(directories.digests, fanout: layout.fanout, folder: folder + SearchLayout.cardRootFolder, to: sink)
        return Written(
            roots: roots.digests, fileCount: count + directories.digests.count + roots.digests.count,
            byteCount: byteCount + directories.bytes + roots.bytes)
    }

    /// Groups `digests` by `fanout` into directory files and returns their digests.
    private static func directoryLevel(
        _ digests: [String], fanout: Int, folder: String, to sink: SearchFile.Sink
    ) throws(FileSystem.Failure) -> (digests: [String], bytes: Int) {
        var result: [String] = []
        var byteCount = 0
        for (number, start) in stride(from: 0, to: digests.count, by: fanout).enumerated() {
            let bytes = Array(digests[start..<min(start + fanout, digests.count)].joined().utf8)
            let digest = SearchLayout.digest(bytes, length: SearchLayout.numberedDigestLength)
            try sink(SearchFile(path: folder + "\(number).\(digest).txt", bytes: bytes))
            result.append(digest)
            byteCount += bytes.count
        }
        return (result, byteCount)
    }
}
