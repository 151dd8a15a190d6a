import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// The search stage: builds the post and user indexes from the linked records (never from
/// the rendered pages) and writes them, with their result cards and a manifest, through
/// `sink`. See docs/search.md for the file formats and `SearchLayout` for the sizes.
package enum SearchIndexBuilder {
    static let formatVersion = 1

    package static func write(
        _ collections: [SearchCollection], layout: SearchLayout = .standard, to sink: @escaping SearchFile.Sink
    ) async throws(FileSystem.Failure) -> SearchIndex {
        var indexes: [CollectionIndex] = []
        for collection in collections {
            let (index, files) = try await CollectionIndex.make(collection, layout: layout, writingCardsTo: sink)
            try await writeAll(files, to: sink)
            indexes.append(index)
        }
        let manifest = manifestFile(indexes)
        try sink(manifest)
        return SearchIndex(manifest: manifest, collections: indexes)
    }

    /// The manifest: per collection its count, order, match, the first term and name of each
    /// chunk and the card roots; named by a digest of its bytes.
    package static func manifestFile(_ indexes: [CollectionIndex]) -> SearchFile {
        var manifest = JSONText()
        manifest.beginObject()
        manifest.field("format", formatVersion)
        manifest.field("termLength", SearchText.maximumTermLength)
        for index in indexes {
            let collection = index.collection
            manifest.key(collection.name)
            manifest.beginObject()
            manifest.field("count", collection.count)
            manifest.field("order", collection.descending ? "descending" : "ascending")
            manifest.field("match", collection.match.rawValue)
            manifest.field("fanout", index.layout.fanout)
            manifest.key("chunks")
            manifest.beginArray()
            for chunk in index.chunks {
                manifest.beginArray()
                manifest.string(chunk.firstTerm)
                manifest.string(chunk.name)
                manifest.endArray()
            }
            manifest.endArray()
            manifest.key("cards")
            manifest.beginArray()
            for root in index.roots { manifest.string(root) }
            manifest.endArray()
            manifest.endObject()
        }
        manifest.endObject()
        let bytes = manifest.bytes + [UInt8(ascii: "\n")]
        return SearchFile(path: "search/manifest.\(SearchLayout.digest(bytes, length: SearchLayout.nameDigestLength)).json", bytes: bytes)
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
