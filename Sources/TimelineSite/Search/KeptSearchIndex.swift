import TimelineContent
import TimelineModel

/// How the search index is kept in the site index (`StateCoder`), so that an edit build changes
/// it in place (`CollectionIndex.replaceDocuments`) without making it again from every
/// document. The collections themselves (what each document's terms and card are) are made
/// again from the site the index is read with; what is kept is everything made from them.
extension SearchIndex {
    /// Writes `index`, or (given nil) reads one whose collections are `collections`.
    package static func code(_ index: SearchIndex?, collections: [SearchCollection], layout: SearchLayout, with coder: inout StateCoder) throws(StateCoder
        .Malformed) -> SearchIndex
    {
        guard try coder.count(index?.collections.count) == collections.count else { throw StateCoder.Malformed() }
        var read: [CollectionIndex] = []
        for (position, collection) in collections.enumerated() {
            let kept = try CollectionIndex.code(index?.collections[position], collection: collection, layout: layout, with: &coder)
            if index == nil { read.append(kept) }
        }
        return index ?? SearchIndex(manifest: SearchIndexBuilder.manifestFile(read), collections: read)
    }
}

extension CollectionIndex {
    static func code(_ index: CollectionIndex?, collection: SearchCollection, layout: SearchLayout, with coder: inout StateCoder) throws(StateCoder.Malformed)
        -> CollectionIndex
    {
        guard try coder.string(index?.collection.name) == collection.name, try coder.count(index?.collection.count) == collection.count else {
            throw StateCoder.Malformed()
        }
        let terms = try coder.list(index?.terms)
        let count = terms.count
        var postings: [[Int32]] = []
        var entries: [IndexShards.Entry] = []
        if index == nil {
            postings.reserveCapacity(count)
            entries.reserveCapacity(count)
        }
        for position in 0..<count {
            let list = try coder.indexes(index.map { $0.postings[position].map { Int($0) } }, below: collection.count)
            let entry = try IndexShards.Entry.code(index?.entries[position], with: &coder)
            if index == nil {
                postings.append(list.map { Int32($0) })
                entries.append(entry)
            }
        }
        let followingLength = try coder.indexes(index?.followingLength, below: Int(Int32.max))
        let leadingLength = try coder.indexes(index?.leadingLength, below: Int(Int32.max))
        let chunks = try coder.list(index?.chunks)
        let tailPaths = try coder.list(index.map { $0.tails.keys.sorted() })
        var tails: [String: (uses: Int, bytes: Int)] = [:]
        for path in tailPaths {
            let uses = try coder.count(index?.tails[path]?.uses)
            let bytes = try coder.count(index?.tails[path]?.bytes)
            tails[path] = (uses, bytes)
        }
        let cardDigests = try coder.list(index?.cardDigests)
        let cardBytes = try coder.indexes(index?.cardBytes, below: Int(Int32.max))
        let directories = try DirectoryLevel.code(index?.directories, with: &coder)
        let rootLevel = try DirectoryLevel.code(index?.rootLevel, with: &coder)
        guard followingLength.count == count, leadingLength.count == count, cardDigests.count == collection.count, cardBytes.count == collection.count
        else { throw StateCoder.Malformed() }
        return index
            ?? CollectionIndex(
                collection: collection, layout: layout, terms: terms, postings: postings, entries: entries, followingLength: followingLength,
                leadingLength: leadingLength, chunks: chunks, tails: tails, cardDigests: cardDigests, cardBytes: cardBytes, directories: directories,
                rootLevel: rootLevel)
    }
}

extension CollectionIndex.Chunk: StateCodable {
    package static func code(_ chunk: Self?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Self {
        let firstTerm = try coder.string(chunk?.firstTerm)
        let lastTerm = try coder.string(chunk?.lastTerm)
        let termCount = try coder.count(chunk?.termCount)
        let name = try coder.string(chunk?.name)
        let byteCount = try coder.count(chunk?.byteCount)
        return chunk ?? Self(firstTerm: firstTerm, lastTerm: lastTerm, termCount: termCount, name: name, byteCount: byteCount)
    }
}

extension CollectionIndex.DirectoryLevel {
    static func code(_ level: Self?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Self {
        let folder = try coder.string(level?.folder)
        let digests = try coder.list(level?.digests)
        let sizes = try coder.indexes(level?.sizes, below: Int(Int32.max))
        guard sizes.count == digests.count else { throw StateCoder.Malformed() }
        return level ?? Self(folder: folder, digests: digests, sizes: sizes)
    }
}

extension IndexShards.Entry {
    static func code(_ entry: Self?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Self {
        let head = try coder.raw(entry?.head, count: try coder.count(entry?.head.count))
        let firstTail = try coder.optional(entry.map(\.firstTail))
        let tailCount = try coder.count(entry?.tailFiles.count)
        var tailFiles: [SearchFile] = []
        for position in 0..<tailCount {
            let file = entry?.tailFiles[position]
            let path = try coder.string(file?.path)
            let bytes = try coder.raw(file?.bytes, count: try coder.count(file?.bytes.count))
            if entry == nil { tailFiles.append(SearchFile(path: path, bytes: bytes)) }
        }
        return entry ?? Self(head: head, firstTail: firstTail, tailFiles: tailFiles)
    }
}
