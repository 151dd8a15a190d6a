/// The search stage: builds the post and user indexes from the linked records (never from
/// the rendered pages) and writes them, with their result cards and a manifest, through
/// `sink`. See docs/search.md for the file formats and `SearchLayout` for the sizes.
enum SearchIndexBuilder {
    static let formatVersion = 1

    static func write(
        _ collections: [SearchCollection], layout: SearchLayout = .standard, to sink: @escaping SearchFile.Sink
    ) async throws(FileSystem.Failure) -> SearchIndex {
        var statistics = SearchIndex.Statistics()
        var manifest = JSONText()
        manifest.beginObject()
        manifest.field("format", formatVersion)
        manifest.field("termLength", SearchText.maximumTermLength)
        for collection in collections {
            let index = await TermIndex.build(documentCount: collection.count, numberOfDocument: collection.numberAt, terms: collection.termsAt)
            let shards = await IndexShards.cut(index, descending: collection.descending, layout: layout, folder: collection.folder)
            try await writeAll(shards.files, to: sink)
            let cards = try await ResultCards.write(count: collection.count, folder: collection.folder, layout: layout, card: collection.card, to: sink)

            statistics.termCount += index.terms.count
            statistics.chunkCount += shards.chunks.count
            statistics.tailCount += shards.files.count - shards.chunks.count
            statistics.fileCount += shards.files.count + cards.fileCount
            statistics.byteCount += shards.files.reduce(0) { $0 + $1.bytes.count } + cards.byteCount

            manifest.key(collection.name)
            manifest.beginObject()
            manifest.field("count", collection.count)
            manifest.field("order", collection.descending ? "descending" : "ascending")
            manifest.field("match", collection.match.rawValue)
            manifest.field("fanout", layout.fanout)
            manifest.key("chunks")
            manifest.beginArray()
            for chunk in shards.chunks {
                manifest.beginArray()
                manifest.string(chunk.firstTerm)
                manifest.string(chunk.name)
                manifest.endArray()
            }
            manifest.endArray()
            manifest.key("cards")
            manifest.beginArray()
            for root in cards.roots { manifest.string(root) }
            manifest.endArray()
            manifest.endObject()
        }
        manifest.endObject()
        let bytes = manifest.bytes + [UInt8(ascii: "\n")]
        let file = "search/manifest.\(SearchLayout.digest(bytes, length: SearchLayout.nameDigestLength)).json"
        try sink(SearchFile(path: file, bytes: bytes))
        statistics.fileCount += 1
        statistics.byteCount += bytes.count
        return SearchIndex(manifestFile: file, statistics: statistics)
    }

    private static func writeAll(_ files: [SearchFile], to sink: @escaping SearchFile.Sink) async throws(FileSystem.Failure) {
        let outcomes = await ParallelMap.chunks(count: files.count) { range in
            Result { () throws(FileSystem.Failure) in
                for file in files[range] { try sink(file) }
            }
        }
        for outcome in outcomes { try outcome.get() }
    }
}
